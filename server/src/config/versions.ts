import type { Db, Queryable, Transaction } from '../../shared/db.ts'
import type { ConfigVersionChanges, ConfigVersionSummary, FileMap } from '../../../schemas/config-versions.ts'
import type { ConfigFiles } from './load.ts'
import { changesMessage, versionChanges } from './version-changes.ts'

/** Where a version came from: imported from menus/, published from a console draft, or a rollback to an earlier one. */
export type VersionSource = 'files' | 'console' | 'rollback'

/** What the files on disk did (the rule in README, "Config versions"): became the live version, matched what was seen, or became a draft. */
export type FilesOutcome =
  | { kind: 'live', number: number, created: boolean }
  | { kind: 'unchanged', number: number }
  | { kind: 'draft', number: number, draft: number }

/** An import from files: the files, their content hash and the directory's name (as "menus/"). */
export interface FileImport { files: ConfigFiles, contentVersion: string, dirName: string }

/** How many paths differ between two sets of files: changed, added or removed. */
export function filesChanged (before: FileMap, after: FileMap): number {
  let changed = 0
  for (const [path, text] of Object.entries(after)) if (before[path] !== text) changed++
  for (const path of Object.keys(before)) if (!(path in after)) changed++
  return changed
}

/** The live pointer, locked for the rest of the transaction: instances changing the live version take turns. */
export async function lockLive (tx: Transaction): Promise<{ liveId: number | null, filesContent: string | null }> {
  const { rows: [pointer] } = await tx.query<{ version_id: number | null, files_content: string | null }>('SELECT version_id, files_content FROM config_live WHERE one FOR UPDATE')
  if (!pointer) throw new Error('config_live has no row: the service store is not migrated')
  return { liveId: pointer.version_id === null ? null : Number(pointer.version_id), filesContent: pointer.files_content }
}

/** One stored version with its files; undefined when the store holds no such number. */
export async function readVersion (q: Queryable, number: number): Promise<{ number: number, contentVersion: string, source: VersionSource, files: FileMap } | undefined> {
  const { rows: [row] } = await q.query<{ content_version: string, source: VersionSource, files: Record<string, string> | string }>('SELECT content_version, source, files FROM config_versions WHERE id = $1', [number])
  if (!row) return undefined
  return { number, contentVersion: row.content_version, source: row.source, files: typeof row.files === 'string' ? JSON.parse(row.files) as FileMap : row.files }
}

/** A stored version's content hash alone (its files are large): undefined when the store holds no such number. */
export async function versionContent (q: Queryable, number: number): Promise<string | undefined> {
  const { rows: [row] } = await q.query<{ content_version: string }>('SELECT content_version FROM config_versions WHERE id = $1', [number])
  return row?.content_version
}

/** The live version's number, or null before the first import. */
export async function liveNumber (q: Queryable): Promise<number | null> {
  const { rows: [row] } = await q.query<{ version_id: number | null }>('SELECT version_id FROM config_live')
  return row?.version_id === null || row?.version_id === undefined ? null : Number(row.version_id)
}

/**
 * Adds a version after the live one and makes it live, in the caller's transaction (which holds lockLive), with what it changed
 * against its parent (parentFiles when the caller holds them, else read). Versions are only ever added.
 */
export async function addLiveVersion (tx: Transaction, version: { files: FileMap, contentVersion: string, author: string, message: string, parent: number | null, parentFiles?: FileMap, source: VersionSource }): Promise<number> {
  const parentFiles = version.parent === null ? null : version.parentFiles ?? (await readVersion(tx, version.parent))?.files
  if (parentFiles === undefined) throw new Error(`the new config version's parent ${version.parent} is not in the store`)
  const { rows: [made] } = await tx.query<{ id: number }>(
    'INSERT INTO config_versions (content_version, files, author, message, parent_id, source, changes) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [version.contentVersion, JSON.stringify(version.files), version.author, version.message, version.parent, version.source, JSON.stringify(versionChanges(parentFiles, version.files))]
  )
  if (!made) throw new Error('the new config version was not returned')
  await tx.query('UPDATE config_live SET version_id = $1, since = now() WHERE one', [made.id])
  return Number(made.id)
}

/**
 * The files rule. Files as last seen change nothing (the live version serves, even one made in the console). Changed files become
 * the live version when it came from files too; when it was made in the console since, they become a draft awaiting review, so
 * neither an operator's edit nor the file change is lost.
 */
export async function applyFiles (db: Db, { files, contentVersion, dirName }: FileImport): Promise<FilesOutcome> {
  return db.transaction(async (tx) => {
    const { liveId, filesContent } = await lockLive(tx)
    const fileMap = Object.fromEntries(files)
    const seen = () => tx.query('UPDATE config_live SET files_content = $1 WHERE one', [contentVersion])
    if (liveId === null) {
      const number = await addLiveVersion(tx, { files: fileMap, contentVersion, author: 'files', message: `imported from ${dirName}/ (${files.size} files changed)`, parent: null, source: 'files' })
      await seen()
      return { kind: 'live', number, created: true }
    }
    if (filesContent === contentVersion) return { kind: 'unchanged', number: liveId }
    const live = await readVersion(tx, liveId)
    if (!live) throw new Error(`config_live names version ${liveId}, which the store does not hold`)
    await seen()
    if (live.contentVersion === contentVersion) return { kind: 'live', number: liveId, created: false }
    const changed = filesChanged(live.files, fileMap)
    const counted = `${changed} ${changed === 1 ? 'file' : 'files'} changed`
    if (live.source === 'files') {
      const number = await addLiveVersion(tx, { files: fileMap, contentVersion, author: 'files', message: `imported from ${dirName}/ (${counted})`, parent: liveId, parentFiles: live.files, source: 'files' })
      return { kind: 'live', number, created: true }
    }
    const { rows: [draft] } = await tx.query<{ id: number }>(
      "INSERT INTO config_drafts (base_id, files, author, editors, message, source) VALUES ($1, $2, 'files', ARRAY['files'], $3, 'files') RETURNING id",
      [liveId, JSON.stringify(fileMap), `${dirName}/ changed after version ${liveId} was made in the console (${counted}): review and publish, or discard`]
    )
    if (!draft) throw new Error('the files draft was not returned')
    return { kind: 'draft', number: liveId, draft: Number(draft.id) }
  })
}

/** Largest page of GET /ui/config/versions. */
export const MAX_VERSIONS_PAGE = 200

/** Versions newest first (before: only those with a lower number), with what each changed (kept when it was made), without their files. */
export async function listVersions (db: Db, limit: number, before?: number): Promise<ConfigVersionSummary[]> {
  const { rows } = await db.query<{ id: number, content_version: string, author: string, message: string, parent_id: number | null, source: string, created_at: Date | string, live: boolean, changes: ConfigVersionChanges | string | null }>(
    `SELECT v.id, v.content_version, v.author, v.message, v.parent_id, v.source, v.created_at, (l.version_id IS NOT NULL) AS live, v.changes
       FROM config_versions v LEFT JOIN config_live l ON l.version_id = v.id
      WHERE ($1::bigint IS NULL OR v.id < $1)
      ORDER BY v.id DESC LIMIT $2`,
    [before ?? null, Math.min(Math.max(limit, 1), MAX_VERSIONS_PAGE)]
  )
  return rows.map((r) => ({
    number: Number(r.id),
    contentVersion: r.content_version,
    author: r.author,
    message: r.message,
    parent: r.parent_id === null ? null : Number(r.parent_id),
    source: r.source,
    createdAt: new Date(r.created_at).toISOString(),
    live: r.live,
    ...changesMessage(typeof r.changes === 'string' ? JSON.parse(r.changes) as ConfigVersionChanges : r.changes)
  }))
}
