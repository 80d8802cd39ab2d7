import type { Db } from '../../shared/db.ts'
import type { ConfigVersionSummary } from '../../../schemas/config-versions.ts'
import type { ConfigFiles } from './load.ts'

/** The live version after an import: its number, and whether this import made it. */
export interface ImportedVersion { number: number, created: boolean }

/** What an import from files records besides the files: where they came from (the directory's name, as "menus/"). */
export interface FileImport { files: ConfigFiles, contentVersion: string, dirName: string }

/** How many paths differ between two sets of files: changed, added or removed. */
export function filesChanged (before: Readonly<Record<string, string>>, after: ConfigFiles): number {
  let changed = 0
  for (const [path, text] of after) if (before[path] !== text) changed++
  for (const path of Object.keys(before)) if (!after.has(path)) changed++
  return changed
}

/**
 * Makes the files the live version: the live one when it holds the same content, else a new version (author 'files', parent
 * the live one) made live in the same transaction. The pointer row is locked first, so instances importing at once take turns
 * and the later one finds the earlier one's version. Versions are only inserted here, never changed.
 */
export async function importFromFiles (db: Db, { files, contentVersion, dirName }: FileImport): Promise<ImportedVersion> {
  return db.transaction(async (tx) => {
    const { rows: [pointer] } = await tx.query<{ version_id: number | null }>('SELECT version_id FROM config_live WHERE one FOR UPDATE')
    if (!pointer) throw new Error('config_live has no row: the service store is not migrated')
    const liveId = pointer.version_id
    const live = liveId === null
      ? undefined
      : (await tx.query<{ content_version: string }>('SELECT content_version FROM config_versions WHERE id = $1', [liveId])).rows[0]
    if (liveId !== null && live?.content_version === contentVersion) return { number: liveId, created: false }
    const liveFiles = liveId === null ? {} : (await tx.query<{ files: Record<string, string> }>('SELECT files FROM config_versions WHERE id = $1', [liveId])).rows[0]?.files ?? {}
    const changed = filesChanged(liveFiles, files)
    const message = `imported from ${dirName}/ (${changed} ${changed === 1 ? 'file' : 'files'} changed)`
    const { rows: [made] } = await tx.query<{ id: number }>(
      "INSERT INTO config_versions (content_version, files, author, message, parent_id, source) VALUES ($1, $2, 'files', $3, $4, 'files') RETURNING id",
      [contentVersion, JSON.stringify(Object.fromEntries(files)), message, liveId]
    )
    if (!made) throw new Error('the new config version was not returned')
    await tx.query('UPDATE config_live SET version_id = $1, since = now() WHERE one', [made.id])
    return { number: made.id, created: true }
  })
}

/** Largest page of GET /ui/config/versions. */
export const MAX_VERSIONS_PAGE = 200

/** Versions newest first (before: only those with a lower number), without their files. */
export async function listVersions (db: Db, limit: number, before?: number): Promise<ConfigVersionSummary[]> {
  const { rows } = await db.query<{ id: number, content_version: string, author: string, message: string, parent_id: number | null, source: string, created_at: Date | string, live: boolean }>(
    `SELECT v.id, v.content_version, v.author, v.message, v.parent_id, v.source, v.created_at, (l.version_id IS NOT NULL) AS live
       FROM config_versions v LEFT JOIN config_live l ON l.version_id = v.id
      WHERE ($1::bigint IS NULL OR v.id < $1)
      ORDER BY v.id DESC LIMIT $2`,
    [before ?? null, Math.min(Math.max(limit, 1), MAX_VERSIONS_PAGE)]
  )
  return rows.map((r) => ({
    number: r.id,
    contentVersion: r.content_version,
    author: r.author,
    message: r.message,
    parent: r.parent_id,
    source: r.source,
    createdAt: new Date(r.created_at).toISOString(),
    live: r.live
  }))
}
