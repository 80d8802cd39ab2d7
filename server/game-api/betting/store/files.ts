// Bet Upload's files: an upload's stored text and options, its labels, and what deleting one takes with it.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import type { FileRow } from '../types.ts'

/** A file by id, of any game. */
export async function fileById (q: Queryable, fileId: number): Promise<FileRow | undefined> {
  const { rows: [file] } = await q.query<FileRow>('SELECT * FROM files WHERE file_id = $1', [fileId])
  return file
}

/** Whether the user may upload bet files (its Upload right). */
export async function mayUpload (q: Queryable, userId: string): Promise<boolean> {
  const { rows: [allowed] } = await q.query<{ ok: boolean }>('SELECT enable_upload = 1 AS ok FROM users WHERE user_id = $1', [userId])
  return allowed?.ok === true
}

/** What an upload stores of one file. */
export interface NewFile { userId: string, game: Game, name: string, content: string, strictNumber: boolean, acceptDecimals: boolean, remarks: string, lines: number, batch: string, partnerId: number | null }

/** Stores one uploaded file, unprocessed; answers its row. */
export async function insertFile (q: Queryable, f: NewFile, now: Date): Promise<FileRow> {
  const { rows: [row] } = await q.query<FileRow>(
    `INSERT INTO files (user_id, game, name, content, strict_number, accept_decimals, remarks, line_count, uploaded_at, batch, partner_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [f.userId, f.game, f.name, f.content, f.strictNumber, f.acceptDecimals, f.remarks, f.lines, now, f.batch, f.partnerId])
  return row as FileRow
}

/** The game's files of these ids, locked, in id order (an unknown id is missing from the answer). */
export async function lockFiles (q: Queryable, fileIds: readonly number[], game: Game): Promise<FileRow[]> {
  const { rows } = await q.query<FileRow>('SELECT * FROM files WHERE file_id = ANY($1::int[]) AND game = $2 ORDER BY file_id FOR UPDATE', [fileIds, game])
  return rows
}

/** Sets the files' batch label (and, given one, their name); answers them in id order. */
export async function setFileLabels (q: Queryable, fileIds: readonly number[], batch: string, name: string | null): Promise<FileRow[]> {
  const { rows } = await q.query<FileRow>('UPDATE files SET batch = $2, name = COALESCE($3, name) WHERE file_id = ANY($1::int[]) RETURNING *', [fileIds, batch, name])
  return rows.sort((a, b) => Number(a.file_id) - Number(b.file_id))
}

/** The game's files of these owners, newest first, 500 at most. */
export async function filesOfOwners (q: Queryable, owners: readonly string[], game: Game): Promise<FileRow[]> {
  const { rows } = await q.query<FileRow>('SELECT * FROM files WHERE user_id = ANY($1::text[]) AND game = $2 ORDER BY file_id DESC LIMIT 500', [owners, game])
  return rows
}

/** Deletes a file and its upload jobs; the tickets placed from it stay and only lose the link to it. */
export async function deleteFile (q: Queryable, fileId: number, uploadJobKind: string): Promise<void> {
  await q.query('UPDATE tickets SET file_id = NULL WHERE file_id = $1', [fileId])
  await q.query('DELETE FROM jobs WHERE kind = $1 AND subject_id = $2', [uploadJobKind, fileId])
  await q.query('DELETE FROM files WHERE file_id = $1', [fileId])
}

/** A file as processing needs it first: its owner, status and options, locked for the job's queueing. */
export async function lockFileToQueue (q: Queryable, fileId: number): Promise<Pick<FileRow, 'file_id' | 'user_id' | 'file_status' | 'strict_number' | 'accept_decimals'> | undefined> {
  const { rows: [file] } = await q.query<FileRow>('SELECT file_id, user_id, file_status, strict_number, accept_decimals FROM files WHERE file_id = $1 FOR UPDATE', [fileId])
  return file
}

/** Marks a file processing, its figures and errors cleared for the new run. */
export async function markFileProcessing (q: Queryable, fileId: number): Promise<void> {
  await q.query("UPDATE files SET file_status = 'processing', placed_count = 0, failed_count = 0, errors = '[]' WHERE file_id = $1", [fileId])
}

/** A file's game and text, as the upload job places it. */
export async function fileToPlace (q: Queryable, fileId: number): Promise<Pick<FileRow, 'file_id' | 'game' | 'content'> | undefined> {
  const { rows: [file] } = await q.query<FileRow>('SELECT file_id, game, content FROM files WHERE file_id = $1', [fileId])
  return file
}

/** Writes a processed file's figures and line errors and marks it processed. */
export async function markFileProcessed (q: Queryable, fileId: number, figures: { lines: number, placed: number, failed: number, errors: unknown[] }, now: Date): Promise<void> {
  await q.query("UPDATE files SET file_status = 'processed', line_count = $2, placed_count = $3, failed_count = $4, errors = $5, processed_at = $6 WHERE file_id = $1",
    [fileId, figures.lines, figures.placed, figures.failed, JSON.stringify(figures.errors), now])
}

/** Marks a file failed (its upload job gave up). */
export async function markFileFailed (q: Queryable, fileId: number, now: Date): Promise<void> {
  await q.query("UPDATE files SET file_status = 'failed', processed_at = $2 WHERE file_id = $1", [fileId, now])
}
