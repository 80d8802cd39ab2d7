// An uploaded bet file as Bet Upload's calls answer it (the list, each upload, a rename).
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import type { FileRow } from '../types.ts'

/** The file's answer: its options, labels and figures, without its text. */
export const toFileAnswer = (r: FileRow) => ({
  FileId: Number(r.file_id),
  UserId: r.user_id,
  FileName: r.name,
  Game: r.game,
  FileStatus: r.file_status,
  StrictNumber: r.strict_number,
  AcceptDecimals: r.accept_decimals,
  Remarks: r.remarks,
  Batch: r.batch,
  Lines: Number(r.line_count),
  Placed: Number(r.placed_count),
  Failed: Number(r.failed_count),
  UploadedDate: zoneIso(new Date(r.uploaded_at)),
  PartnerId: r.partner_id === null ? null : Number(r.partner_id)
})

/** A file as the calls answer it. */
export type FileAnswer = ReturnType<typeof toFileAnswer>
