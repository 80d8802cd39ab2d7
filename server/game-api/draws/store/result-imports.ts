// Result imports (bin burst): a draw's result file staged, its payout preview, the report of applying it, and its confirmation.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import type { ImportRow } from '../rules/result-import-answer.ts'
import { drawErrors } from '../errors.ts'

/** Stages an imported result. */
export async function insertImport (q: Queryable, row: { drawId: number, game: Game, locId: string | null, fileName: string, content: string, result: unknown, userId: string, now: Date }): Promise<ImportRow> {
  const { rows: [saved] } = await q.query<ImportRow>(
    'INSERT INTO result_imports (draw_id, game, loc_id, file_name, content, result, imported_by, imported_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *',
    [row.drawId, row.game, row.locId, row.fileName, row.content, JSON.stringify(row.result), row.userId, row.now])
  return saved as ImportRow
}

/** The game's imports, newest first: of one location, or (locId undefined) of every location. */
export async function listImports (q: Queryable, game: Game, locId: string | null | undefined, limit = 200): Promise<ImportRow[]> {
  const { rows } = await q.query<ImportRow>(
    `SELECT * FROM result_imports WHERE game = $1 AND ($2::boolean OR loc_id IS NOT DISTINCT FROM $3) ORDER BY import_id DESC LIMIT ${limit}`,
    [game, locId === undefined, locId ?? null])
  return rows
}

/** The import of the game with that id (locked for update when asked); 404 naming it otherwise. */
export async function existingImport (q: Queryable, game: Game, importId: number, forUpdate = false): Promise<ImportRow> {
  const { rows: [row] } = await q.query<ImportRow>(`SELECT * FROM result_imports WHERE import_id = $1 AND game = $2${forUpdate ? ' FOR UPDATE' : ''}`, [importId, game])
  if (!row) throw drawErrors.importNotFound(importId)
  return row
}

/** Records a step of the import: its status, and the preview or report it produced, and when. */
export async function markImport (q: Queryable, importId: number, status: 'previewed' | 'applied' | 'confirmed', data: { preview?: unknown, report?: unknown }, now: Date): Promise<ImportRow> {
  const { rows: [row] } = await q.query<ImportRow>(
    `UPDATE result_imports SET status = $2, preview = COALESCE($3, preview), report = COALESCE($4, report),
       applied_at = CASE WHEN $2 = 'applied' THEN $5 ELSE applied_at END, confirmed_at = CASE WHEN $2 = 'confirmed' THEN $5 ELSE confirmed_at END
     WHERE import_id = $1 RETURNING *`,
    [importId, status, data.preview === undefined ? null : JSON.stringify(data.preview), data.report === undefined ? null : JSON.stringify(data.report), now])
  return row as ImportRow
}
