// Combining upload pages (POST bet/page/combine): the tickets, lines and counts of several processed files of one account become one file.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { bettingErrors } from '../errors.ts'

interface PageRow { file_id: number, user_id: string, file_status: string, content: string, line_count: number, placed_count: number, failed_count: number, errors: Array<{ Line: number }> }

/** The files, locked, in id order; refuses an unknown file (or one of another game), files of different owners, and a file not processed yet. */
export async function lockPages (q: Queryable, game: Game, fileIds: readonly number[]): Promise<PageRow[]> {
  const ids = [...new Set(fileIds)]
  if (ids.length < 2) throw bettingErrors.combineOneFile()
  const { rows } = await q.query<PageRow>(
    'SELECT file_id, user_id, file_status, content, line_count, placed_count, failed_count, errors FROM files WHERE file_id = ANY($1::int[]) AND game = $2 ORDER BY file_id FOR UPDATE', [ids, game])
  const missing = ids.filter((id) => !rows.some((r) => Number(r.file_id) === id))
  if (missing.length > 0) throw bettingErrors.filesNotFound(missing.join(', '))
  const owners = [...new Set(rows.map((r) => r.user_id))]
  if (owners.length > 1) throw bettingErrors.combineOtherUser(owners.join(', '))
  const busy = rows.find((r) => r.file_status !== 'processed')
  if (busy) throw bettingErrors.fileBusy(Number(busy.file_id), busy.file_status)
  return rows
}

/** The users whose tickets the files placed (an upload may place for the users its text names). */
export async function pageBettors (q: Queryable, fileIds: readonly number[]): Promise<string[]> {
  const { rows } = await q.query<{ user_id: string }>('SELECT DISTINCT user_id FROM tickets WHERE file_id = ANY($1::int[])', [fileIds])
  return rows.map((r) => r.user_id)
}

/** Folds the later files into the first: their lines follow its lines (renumbered), their tickets and counts join it, and they are deleted (with their upload jobs, as when a file is deleted). Answers the kept id, the folded ids and the tickets moved. */
export async function combinePages (q: Queryable, pages: readonly PageRow[], uploadJobKind: string): Promise<{ fileId: number, folded: number[], moved: number }> {
  const [first, ...rest] = pages
  if (!first || rest.length === 0) throw bettingErrors.combineOneFile()
  const keep = Number(first.file_id)
  // Line numbers count the lines of the text (blank ones too), so the combined text's lines keep their records and errors.
  const textOf = (page: PageRow) => page.content.replace(/\r?\n$/, '')
  let offset = textOf(first).split(/\r?\n/).length
  let moved = 0
  const content = [textOf(first)]
  const errors = [...first.errors]
  for (const page of rest) {
    const id = Number(page.file_id)
    // Shifted past every line kept so far, so (file, line) stays unique and the errors still point at their line.
    await q.query('UPDATE upload_lines SET file_id = $2, line_no = line_no + $3 WHERE file_id = $1', [id, keep, offset])
    errors.push(...page.errors.map((e) => ({ ...e, Line: Number(e.Line) + offset })))
    content.push(textOf(page))
    offset += textOf(page).split(/\r?\n/).length
    moved += (await q.query('UPDATE tickets SET file_id = $2 WHERE file_id = $1', [id, keep])).rowCount
  }
  const sum = (key: 'line_count' | 'placed_count' | 'failed_count') => pages.reduce((n, p) => n + Number(p[key]), 0)
  await q.query('DELETE FROM jobs WHERE kind = $1 AND subject_id = ANY($2::int[])', [uploadJobKind, rest.map((p) => Number(p.file_id))])
  await q.query('DELETE FROM files WHERE file_id = ANY($1::int[])', [rest.map((p) => Number(p.file_id))])
  await q.query('UPDATE files SET content = $2, line_count = $3, placed_count = $4, failed_count = $5, errors = $6 WHERE file_id = $1',
    [keep, content.join('\n'), sum('line_count'), sum('placed_count'), sum('failed_count'), JSON.stringify(errors)])
  return { fileId: keep, folded: rest.map((p) => Number(p.file_id)), moved }
}
