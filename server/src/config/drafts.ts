import type { Db, Transaction } from '../../shared/db.ts'
import type { ConfigDraft, ConfigDraftSummary, FileMap, MergeConflict } from '../../../schemas/config-versions.ts'
import { configErrors } from '../errors.ts'
import { contentVersion, validateOnce, type ConfigError } from './load.ts'
import { mergeVersions } from './keyed-merge.ts'
import { addLiveVersion, liveNumber, lockLive, readVersion, versionContent } from './versions.ts'
import { LATEST_SCHEDULE_COLUMN, scheduleFields, type LatestScheduleValue } from './schedule-summary.ts'

/** The files a draft may hold: the config tree's names (pages/payOut.json has capitals), nothing else (no traversal, no other extension). */
const CONFIG_PATH = /^(menu\.json|api\.json|i18n\/(en|zh)\.json|(pages|columns|fragments)\/[A-Za-z0-9][A-Za-z0-9._-]{0,80}\.json)$/

interface DraftRow { id: number, base_id: number, files: Record<string, string> | string, author: string, editors: string[], message: string, source: 'console' | 'files', revision: number, state: 'open' | 'published' | 'discarded', published_id: number | null, created_at: Date | string, updated_at: Date | string, approvers: string[] | null, latest_schedule?: LatestScheduleValue }

const DRAFT_COLUMNS = `d.id, d.base_id, d.author, d.editors, d.message, d.source, d.revision, d.state, d.published_id, d.created_at, d.updated_at,
  (SELECT array_agg(a.approver ORDER BY a.at) FROM config_approvals a WHERE a.draft_id = d.id AND a.revision = d.revision) AS approvers,
  ${LATEST_SCHEDULE_COLUMN}`

const summaryOf = (r: DraftRow): ConfigDraftSummary => ({
  id: Number(r.id),
  base: Number(r.base_id),
  author: r.author,
  editors: r.editors,
  message: r.message,
  source: r.source,
  revision: r.revision,
  state: r.state,
  published: r.published_id === null ? null : Number(r.published_id),
  approvals: r.approvers ?? [],
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  ...scheduleFields(r.latest_schedule)
})

/** Problems as a refusal's body lists them: file, pointer and message each. */
const asProblems = (errors: ConfigError[]) => ({ problems: errors.map(({ file, pointer, message }) => ({ file, pointer, message })) })
/** A refusal listing each problem of a draft at its file and pointer. */
export const invalidDraft = (errors: ConfigError[]) => configErrors.CONFIG_DRAFT_INVALID(String(errors.length)).with(asProblems(errors))

/** The validation the service runs on every load, on a set of files: the problems, none when valid. */
export function problemsOf (files: FileMap): ConfigError[] {
  const result = validateOnce(new Map(Object.entries(files)))
  return result.ok ? [] : result.errors
}

/** Open drafts newest first (state: or those published or discarded). */
export async function listDrafts (db: Db, state: ConfigDraftSummary['state'] = 'open'): Promise<ConfigDraftSummary[]> {
  const { rows } = await db.query<DraftRow>(`SELECT ${DRAFT_COLUMNS} FROM config_drafts d WHERE d.state = $1 ORDER BY d.id DESC LIMIT 200`, [state])
  return rows.map(summaryOf)
}

/** One draft with its files, locked for the rest of the transaction when tx is one (saves and publishes take turns). */
async function draftRow (q: Db | Transaction, id: number, lock: boolean): Promise<DraftRow> {
  const { rows: [row] } = await q.query<DraftRow>(`SELECT ${DRAFT_COLUMNS}, d.files FROM config_drafts d WHERE d.id = $1${lock ? ' FOR UPDATE OF d' : ''}`, [id])
  if (!row) throw configErrors.CONFIG_DRAFT_NOT_FOUND(String(id))
  return row
}
const filesOf = (row: DraftRow): FileMap => typeof row.files === 'string' ? JSON.parse(row.files) as FileMap : row.files

/** A draft and its files. */
export async function readDraft (db: Db, id: number): Promise<ConfigDraft> {
  const row = await draftRow(db, id, false)
  return { ...summaryOf(row), files: filesOf(row) }
}

/** Refuses files a draft may not hold: a path outside the config tree, or a config that would not load (each problem at its file and pointer). */
function assertSavable (files: FileMap): void {
  for (const path of Object.keys(files)) if (!CONFIG_PATH.test(path)) throw configErrors.CONFIG_BAD_PATH(path)
  const problems = problemsOf(files)
  if (problems.length > 0) throw invalidDraft(problems)
}

/**
 * Starts a draft from a version (the live one when none is named): its files, or the files given (a tree uploaded from git),
 * which are checked first as every save is, so nothing is saved when they would not load.
 */
export async function createDraft (db: Db, by: string, { base, message, files }: { base?: number | undefined, message?: string | undefined, files?: FileMap | undefined }): Promise<ConfigDraft> {
  if (files !== undefined) assertSavable(files)
  const from = base ?? await liveNumber(db)
  const version = from === null ? undefined : files === undefined ? await readVersion(db, from) : await versionContent(db, from) === undefined ? undefined : { number: from, files }
  if (!version) throw configErrors.CONFIG_VERSION_NOT_FOUND(String(base ?? '(live)'))
  const { rows: [made] } = await db.query<{ id: number }>(
    "INSERT INTO config_drafts (base_id, files, author, editors, message, source) VALUES ($1, $2, $3, ARRAY[$3], $4, 'console') RETURNING id",
    [version.number, JSON.stringify(version.files), by, message ?? ''])
  if (!made) throw new Error('the new draft was not returned')
  return readDraft(db, Number(made.id))
}

/** Refuses a change to a draft that is closed or was saved since the caller read it. */
function assertOpenAt (row: DraftRow, revision: number) {
  if (row.state !== 'open') throw configErrors.CONFIG_DRAFT_CLOSED(String(row.id), row.state)
  if (row.revision !== revision) throw configErrors.CONFIG_DRAFT_STALE(String(row.id), String(row.revision), String(revision))
}

/** Writes a draft's new files as its next revision (voiding approvals of the earlier one), after the same checks as every load. */
async function saveFiles (tx: Transaction, row: DraftRow, files: FileMap, by: string, changes: { base?: number, message?: string }): Promise<void> {
  const problems = problemsOf(files)
  if (problems.length > 0) throw invalidDraft(problems)
  await tx.query(
    `UPDATE config_drafts SET files = $2, revision = revision + 1, updated_at = now(), base_id = COALESCE($4, base_id), message = COALESCE($5, message),
       editors = CASE WHEN $3 = ANY(editors) THEN editors ELSE array_append(editors, $3) END WHERE id = $1`,
    [row.id, JSON.stringify(files), by, changes.base ?? null, changes.message ?? null])
}

/** One file of a draft written (text) or removed (null), at the revision the caller read; refused with its problems when the config would not load. */
export async function saveDraftFile (db: Db, id: number, by: string, { path, text, revision, message }: { path: string, text: string | null, revision: number, message?: string | undefined }): Promise<ConfigDraft> {
  return saveDraftFiles(db, id, by, { files: { [path]: text }, revision, message })
}

/**
 * Several files of a draft written or removed as one revision (a column set with the catalogues holding its labels), all or
 * none: checked together, since a text added to one catalogue alone would not load.
 */
export async function saveDraftFiles (db: Db, id: number, by: string, { files: changed, revision, message }: { files: Readonly<Record<string, string | null>>, revision: number, message?: string | undefined }): Promise<ConfigDraft> {
  for (const path of Object.keys(changed)) if (!CONFIG_PATH.test(path)) throw configErrors.CONFIG_BAD_PATH(path)
  await db.transaction(async (tx) => {
    const row = await draftRow(tx, id, true)
    assertOpenAt(row, revision)
    const files: Record<string, string> = { ...filesOf(row) }
    for (const [path, text] of Object.entries(changed)) {
      if (text === null) delete files[path]
      else files[path] = text
    }
    await saveFiles(tx, row, files, by, message === undefined ? {} : { message })
  })
  return readDraft(db, id)
}

/** The draft moved onto the live version: merged by keys, the draft's side kept where both changed (the conflicts say where). */
export async function rebaseDraft (db: Db, id: number, by: string, revision: number): Promise<{ draft: ConfigDraft, conflicts: MergeConflict[] }> {
  const conflicts = await db.transaction(async (tx) => {
    const row = await draftRow(tx, id, true)
    assertOpenAt(row, revision)
    const live = await liveNumber(tx)
    if (live === null || live === Number(row.base_id)) return []
    const [base, current] = await Promise.all([readVersion(tx, Number(row.base_id)), readVersion(tx, live)])
    if (!base || !current) throw configErrors.CONFIG_VERSION_NOT_FOUND(String(base ? live : row.base_id))
    // Live as "ours" and the draft as "theirs": the merge keeps theirs where both changed, so the operator's work stays.
    const merged = mergeVersions(base.files, current.files, filesOf(row))
    await saveFiles(tx, row, merged.files, by, { base: live })
    return merged.conflicts
  })
  return { draft: await readDraft(db, id), conflicts }
}

/** An approval of the draft's current revision by an operator who never edited it; a later save voids it (approvals hold per revision). */
export async function approveDraft (db: Db, id: number, by: string, revision: number): Promise<ConfigDraft> {
  await db.transaction(async (tx) => {
    const row = await draftRow(tx, id, true)
    assertOpenAt(row, revision)
    if (row.editors.includes(by)) throw configErrors.CONFIG_SELF_APPROVAL(String(id))
    await tx.query('INSERT INTO config_approvals (draft_id, revision, approver) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, revision, by])
  })
  return readDraft(db, id)
}

/** Closes a draft without publishing it (it stays listed as discarded). */
export async function discardDraft (db: Db, id: number, revision: number): Promise<ConfigDraft> {
  await db.transaction(async (tx) => {
    const row = await draftRow(tx, id, true)
    assertOpenAt(row, revision)
    await tx.query("UPDATE config_drafts SET state = 'discarded', updated_at = now() WHERE id = $1", [id])
  })
  return readDraft(db, id)
}

/**
 * The draft as the new live version. A draft made on an older version is merged by keys over the live one (refused with the
 * conflicts when both changed a place differently); the result is checked as every load is, and needs approvals first when the
 * deployment asks for them. Everything happens under the live pointer's lock, so a save or another publish waits its turn.
 */
export async function publishDraft (db: Db, id: number, by: string, publish: PublishOptions): Promise<PublishResult> {
  return db.transaction((tx) => publishDraftIn(tx, id, by, publish))
}

/** What a publish names: the revision read, the version's message, and how many operators must have signed it off (CONFIG_APPROVALS). */
export interface PublishOptions { revision: number, message: string, approvals: number }
/** The version a publish made, whether it was merged over a later live version, and its content hash. */
export interface PublishResult { number: number, merged: boolean, contentVersion: string }

/** publishDraft in the caller's transaction: a scheduled publish claims its schedule in the same one, so it is applied once. */
export async function publishDraftIn (tx: Transaction, id: number, by: string, { revision, message, approvals }: PublishOptions): Promise<PublishResult> {
  const { liveId } = await lockLive(tx)
  const row = await draftRow(tx, id, true)
  assertOpenAt(row, revision)
  if (approvals > 1 && (row.approvers ?? []).length < approvals - 1) throw configErrors.CONFIG_APPROVAL_REQUIRED(String(id), String(row.revision))
  let files = filesOf(row)
  const live = liveId === null ? undefined : await readVersion(tx, liveId)
  const merged = live !== undefined && live.number !== Number(row.base_id)
  if (merged) {
    const base = await readVersion(tx, Number(row.base_id))
    if (!base) throw configErrors.CONFIG_VERSION_NOT_FOUND(String(row.base_id))
    const result = mergeVersions(base.files, files, live.files)
    if (result.conflicts.length > 0) throw configErrors.CONFIG_MERGE_CONFLICT(String(id), String(liveId), String(result.conflicts.length)).with({ conflicts: result.conflicts })
    files = result.files
  }
  const problems = problemsOf(files)
  if (problems.length > 0) throw invalidDraft(problems)
  const content = contentVersion(new Map(Object.entries(files)))
  if (live?.contentVersion === content) throw configErrors.CONFIG_NO_CHANGE(String(id), String(liveId))
  const number = await addLiveVersion(tx, { files, contentVersion: content, author: by, message: message || row.message || `draft ${id}`, parent: liveId, parentFiles: live?.files, source: 'console' })
  await tx.query("UPDATE config_drafts SET state = 'published', published_id = $2, updated_at = now() WHERE id = $1", [id, number])
  return { number, merged, contentVersion: content }
}

/** A new live version holding an earlier version's files, once they pass today's checks (a version that no longer validates is refused whole). */
export async function rollbackTo (db: Db, to: number, by: string, message: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { liveId } = await lockLive(tx)
    const target = await readVersion(tx, to)
    if (!target) throw configErrors.CONFIG_VERSION_NOT_FOUND(String(to))
    const live = liveId === null ? undefined : await readVersion(tx, liveId)
    if (liveId === to || live?.contentVersion === target.contentVersion) throw configErrors.CONFIG_ALREADY_LIVE(String(to))
    const problems = problemsOf(target.files)
    if (problems.length > 0) throw configErrors.CONFIG_INVALID_VERSION(String(to), String(problems.length)).with(asProblems(problems))
    return addLiveVersion(tx, { files: target.files, contentVersion: target.contentVersion, author: by, message: message || `rollback to version ${to}`, parent: liveId, parentFiles: live?.files, source: 'rollback' })
  })
}
