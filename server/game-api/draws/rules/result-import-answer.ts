// A stored result import and how the calls answer it, apart from the SQL that stages and lists imports.
import { zoneIso } from '../../../../schemas/domain/calendar.ts'

/** A stored import row. */
export interface ImportRow {
  import_id: number,
  draw_id: number,
  game: string,
  loc_id: string | null,
  file_name: string,
  result: unknown,
  status: string,
  preview: unknown,
  report: unknown,
  imported_by: string,
  imported_at: Date,
  applied_at: Date | null,
  confirmed_at: Date | null
}

/** An import as the calls answer it. */
export const toImport = (r: ImportRow) => ({
  ImportId: Number(r.import_id),
  DrawId: Number(r.draw_id),
  LocId: r.loc_id ?? '',
  FileName: r.file_name,
  Result: r.result as Record<string, unknown>,
  ImportStatus: r.status,
  ImportedBy: r.imported_by,
  ImportedDate: zoneIso(new Date(r.imported_at)),
  AppliedDate: r.applied_at === null ? null : zoneIso(new Date(r.applied_at)),
  ConfirmedDate: r.confirmed_at === null ? null : zoneIso(new Date(r.confirmed_at))
})
