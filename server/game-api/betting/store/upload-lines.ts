// The upload job's line records: each line of a file placed (or refused, with its problems) is recorded with its placement, so a resumed job skips it.
import type { Queryable } from '../../../shared/db.ts'

/** A line's problem: its 0-based position in the line and the message. */
export interface LineProblem { Position: number, Message: string }

/** The line numbers of the file already recorded. */
export async function recordedLineNos (q: Queryable, fileId: number): Promise<Set<number>> {
  const { rows } = await q.query<{ line_no: number }>('SELECT line_no FROM upload_lines WHERE file_id = $1', [fileId])
  return new Set(rows.map((r) => Number(r.line_no)))
}

/** Records lines (placed, or their problems) in one statement. */
export async function recordLines (q: Queryable, fileId: number, lines: Array<{ line: number, problems: LineProblem[] }>): Promise<void> {
  await q.query('INSERT INTO upload_lines (file_id, line_no, placed, errors) SELECT $1, l, p, e::jsonb FROM unnest($2::int[], $3::boolean[], $4::text[]) AS x (l, p, e)',
    [fileId, lines.map((l) => l.line), lines.map((l) => l.problems.length === 0), lines.map((l) => JSON.stringify(l.problems))])
}

/** The file's line records in line order. */
export async function lineRecords (q: Queryable, fileId: number): Promise<Array<{ line_no: number, placed: boolean, errors: LineProblem[] }>> {
  const { rows } = await q.query<{ line_no: number, placed: boolean, errors: LineProblem[] }>('SELECT line_no, placed, errors FROM upload_lines WHERE file_id = $1 ORDER BY line_no', [fileId])
  return rows
}
