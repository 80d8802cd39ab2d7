import type { Db, Queryable } from '../../shared/db.ts'
import type { ConfigSchedule } from '../../../schemas/config-versions.ts'
import { CataloguedError, configErrors } from '../errors.ts'
import { publishDraftIn, type PublishResult } from './drafts.ts'
import { lockLive } from './versions.ts'

/** A draw close a schedule's time lands just before, kept with the schedule its operator confirmed. */
export interface NearClose { series: string, closesAt: string }

interface ScheduleRow {
  id: number
  draft_id: number
  revision: number
  at: Date | string
  message: string
  author: string
  near_close: NearClose | string | null
  state: ConfigSchedule['state']
  reason: string | null
  detail: ConfigSchedule['detail'] | string | null
  version_id: number | null
  created_at: Date | string
  updated_at: Date | string
}
const COLUMNS = 'id, draft_id, revision, at, message, author, near_close, state, reason, detail, version_id, created_at, updated_at'
const json = <T>(value: T | string | null): T | null => typeof value === 'string' ? JSON.parse(value) as T : value

const scheduleOf = (r: ScheduleRow): ConfigSchedule => ({
  id: Number(r.id),
  draft: Number(r.draft_id),
  revision: r.revision,
  at: new Date(r.at).toISOString(),
  message: r.message,
  author: r.author,
  nearClose: json(r.near_close),
  state: r.state,
  reason: r.reason,
  detail: json(r.detail),
  version: r.version_id === null ? null : Number(r.version_id),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString()
})

/**
 * Schedules a draft's revision to be published at a time (replacing a schedule still waiting, which is cancelled as
 * rescheduled). Refused like a publish when the draft is closed or was saved since the caller read it.
 */
export async function scheduleDraft (db: Db, draftId: number, by: string, { revision, at, message, nearClose }: { revision: number, at: Date, message: string, nearClose: NearClose | null }): Promise<ConfigSchedule> {
  return db.transaction(async (tx) => {
    // The draft's lock first, as a save takes it before its trigger touches the schedules.
    const { rows: [draft] } = await tx.query<{ state: string, revision: number }>('SELECT state, revision FROM config_drafts WHERE id = $1 FOR UPDATE', [draftId])
    if (!draft) throw configErrors.CONFIG_DRAFT_NOT_FOUND(String(draftId))
    if (draft.state !== 'open') throw configErrors.CONFIG_DRAFT_CLOSED(String(draftId), draft.state)
    if (draft.revision !== revision) throw configErrors.CONFIG_DRAFT_STALE(String(draftId), String(draft.revision), String(revision))
    await tx.query("UPDATE config_schedules SET state = 'cancelled', reason = 'rescheduled', updated_at = now() WHERE draft_id = $1 AND state = 'scheduled'", [draftId])
    const { rows: [made] } = await tx.query<ScheduleRow>(
      `INSERT INTO config_schedules (draft_id, revision, at, message, author, near_close) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [draftId, revision, at.toISOString(), message, by, nearClose === null ? null : JSON.stringify(nearClose)])
    if (!made) throw new Error('the new schedule was not returned')
    return scheduleOf(made)
  })
}

/** Cancels the draft's waiting schedule; refused when none waits. */
export async function cancelSchedule (db: Db, draftId: number): Promise<ConfigSchedule> {
  const { rows: [cancelled] } = await db.query<ScheduleRow>(
    `UPDATE config_schedules SET state = 'cancelled', reason = 'cancelled', updated_at = now() WHERE draft_id = $1 AND state = 'scheduled' RETURNING ${COLUMNS}`, [draftId])
  if (!cancelled) throw configErrors.CONFIG_SCHEDULE_NOT_FOUND(String(draftId))
  return scheduleOf(cancelled)
}

/** Schedules newest first: all, or one draft's. */
export async function listSchedules (q: Queryable, draftId?: number): Promise<ConfigSchedule[]> {
  const { rows } = await q.query<ScheduleRow>(`SELECT ${COLUMNS} FROM config_schedules WHERE ($1::bigint IS NULL OR draft_id = $1) ORDER BY id DESC LIMIT 200`, [draftId ?? null])
  return rows.map(scheduleOf)
}

/** The schedules waiting whose time has come at `now`, earliest first. */
export async function dueSchedules (q: Queryable, now: Date): Promise<Array<{ id: number, draft: number }>> {
  const { rows } = await q.query<{ id: number, draft_id: number }>("SELECT id, draft_id FROM config_schedules WHERE state = 'scheduled' AND at <= $1 ORDER BY at, id", [now.toISOString()])
  return rows.map((r) => ({ id: Number(r.id), draft: Number(r.draft_id) }))
}

/** What became of a due schedule: applied here, found failing here (the refusal says why), or taken by another instance meanwhile. */
export type ScheduleOutcome =
  | { kind: 'applied', schedule: ConfigSchedule, published: PublishResult, previous: number | null }
  | { kind: 'failed', schedule: ConfigSchedule, refusal: CataloguedError }
  | { kind: 'taken' }

/**
 * Applies one due schedule: claimed and published in one transaction, so of several instances looking at once exactly one
 * applies it, and an instance stopping half-way leaves it waiting for the next look. A draft that no longer publishes (it
 * does not validate, conflicts with the live version, lacks its approvals) is left as it is and the schedule marked failed
 * with the refusal. Other errors (the store away) are thrown: the schedule stays waiting.
 */
export async function applySchedule (db: Db, due: { id: number, draft: number }, { instance, approvals, now }: { instance: string, approvals: number, now: Date }): Promise<ScheduleOutcome> {
  try {
    return await db.transaction(async (tx): Promise<ScheduleOutcome> => {
      // The locks in a publish's order (the live pointer, the draft, then its schedule, as a save's trigger takes them).
      const { liveId } = await lockLive(tx)
      await tx.query('SELECT id FROM config_drafts WHERE id = $1 FOR UPDATE', [due.draft])
      const { rows: [claimed] } = await tx.query<ScheduleRow>(
        `UPDATE config_schedules SET state = 'applied', instance = $2, updated_at = now() WHERE id = $1 AND state = 'scheduled' AND at <= $3 RETURNING ${COLUMNS}`,
        [due.id, instance, now.toISOString()])
      if (!claimed) return { kind: 'taken' }
      const published = await publishDraftIn(tx, due.draft, claimed.author, { revision: claimed.revision, message: claimed.message, approvals })
      await tx.query('UPDATE config_schedules SET version_id = $2 WHERE id = $1', [due.id, published.number])
      return { kind: 'applied', schedule: { ...scheduleOf(claimed), version: published.number }, published, previous: liveId }
    })
  } catch (error) {
    if (!(error instanceof CataloguedError)) throw error
    const detail = { message: error.message, ...(error.details?.problems ? { problems: error.details.problems } : {}), ...(error.details?.conflicts ? { conflicts: error.details.conflicts } : {}) }
    // Only one instance records the failure: another that tried the same schedule meanwhile finds it failed already.
    const { rows: [failed] } = await db.query<ScheduleRow>(
      `UPDATE config_schedules SET state = 'failed', reason = $2, detail = $3, instance = $4, updated_at = now() WHERE id = $1 AND state = 'scheduled' RETURNING ${COLUMNS}`,
      [due.id, error.code, JSON.stringify(detail), instance])
    return failed ? { kind: 'failed', schedule: scheduleOf(failed), refusal: error } : { kind: 'taken' }
  }
}
