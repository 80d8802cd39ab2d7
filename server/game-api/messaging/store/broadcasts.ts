// Send Result and Send Strike's SQL: a draw's subscribers with what was written to them, their strikes, the one-at-a-time queue, the
// job's state, and each subscriber's one message (a unique index: a rerun, a second instance or a crash never writes two).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/** One prize a subscriber's bet took. */
export interface StrikeLine { number: string, prize: string, big: number, small: number, hits: number, payout: number }

/** A subscriber of a draw's message, with its phones and the message written to it for the draw (all null when none is). */
export interface SubscriberRow { user_id: string, alias_id: string, phone: string | null, mobile: string | null, outbound_id: string | null, status: string | null, last_error: string | null, body: string | null }

/** The game's live subscribers of the kind in user order: the first registered phone, the profile's mobile, and the kind's message on the draw. */
export async function broadcastSubscribers (q: Queryable, game: Game, kind: string, drawId: number): Promise<SubscriberRow[]> {
  const { rows } = await q.query<SubscriberRow>(
    `SELECT s.user_id, u.alias_id,
       (SELECT p.phone FROM sms_phones p WHERE p.user_id = s.user_id ORDER BY p.phone_id LIMIT 1) AS phone, m.mobile,
       o.outbound_id, o.status, o.last_error, o.body
     FROM sms_subscriptions s JOIN users u ON u.user_id = s.user_id
     LEFT JOIN user_mobiles m ON m.user_id = s.user_id
     LEFT JOIN sms_outbound o ON o.kind = s.kind AND o.draw_id = $3 AND o.user_id = s.user_id
     WHERE s.game = $1 AND s.kind = $2 AND u.deleted_at IS NULL
     ORDER BY s.user_id`, [game, kind, drawId])
  return rows
}

/** The users' strikes on the draw, each user's biggest payout first; a user without strikes is absent. */
export async function strikesOfUsers (q: Queryable, drawId: number, userIds: string[]): Promise<Map<string, StrikeLine[]>> {
  const { rows } = await q.query<{ user_id: string, number: string, prize: string, big: string, small: string, hits: number, payout: string }>(
    `SELECT user_id, number, prize, big, small, hits, payout FROM strikes WHERE draw_id = $1 AND user_id = ANY($2::text[])
     ORDER BY user_id, payout DESC, strike_id`, [drawId, userIds])
  const strikesOf = new Map<string, StrikeLine[]>()
  for (const s of rows) {
    const list = strikesOf.get(s.user_id) ?? []
    list.push({ number: s.number, prize: s.prize, big: Number(s.big), small: Number(s.small), hits: Number(s.hits), payout: Number(s.payout) })
    strikesOf.set(s.user_id, list)
  }
  return strikesOf
}

/** Takes the lock of a draw's broadcast of the kind until the transaction ends, so two calls at once (on two instances) cannot both queue. */
export async function lockBroadcastQueue (q: Queryable, drawId: number, kind: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(7410, $1)', [drawId * 2 + (kind === 'result' ? 0 : 1)])
}

/** The draw's latest broadcast job of the kind that is queued or running. */
export async function activeBroadcast (q: Queryable, jobKind: string, drawId: number, kind: string): Promise<number | undefined> {
  const { rows: [active] } = await q.query<{ job_id: number }>(
    "SELECT job_id FROM jobs WHERE kind = $1 AND subject_id = $2 AND payload->>'kind' = $3 AND status IN ('queued', 'running') ORDER BY job_id DESC LIMIT 1",
    [jobKind, drawId, kind])
  return active ? Number(active.job_id) : undefined
}

/** A broadcast job as its status reads it. */
export interface BroadcastJobRow { job_id: number, subject_id: number, status: string, done_count: number, total_count: number, message: string, message_code: string, message_values: unknown }

/** The broadcast job of the kind by id (any draw), else the draw's latest. */
export async function broadcastJobOf (q: Queryable, jobKind: string, kind: string, drawId: number, jobId: number | null): Promise<BroadcastJobRow | undefined> {
  const { rows: [job] } = await q.query<BroadcastJobRow>(
    `SELECT job_id, subject_id, status, done_count, total_count, message, message_code, message_values FROM jobs
     WHERE kind = $1 AND payload->>'kind' = $2 AND ($3::int IS NULL OR job_id = $3) AND ($4::int IS NULL OR subject_id = $4)
     ORDER BY job_id DESC LIMIT 1`, [jobKind, kind, jobId, jobId === null ? drawId : null])
  return job
}

/** Writes a subscriber's message for the draw unless one is written already (the unique index); answers its id, or undefined when it was. */
export async function writeBroadcastMessage (q: Queryable, m: { phone: string, text: string, kind: string, userId: string, drawId: number }, now: Date): Promise<number | undefined> {
  const { rows: [row] } = await q.query<{ outbound_id: string }>(
    `INSERT INTO sms_outbound (recipient, body, kind, user_id, draw_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (kind, draw_id, user_id) WHERE kind IN ('result', 'strike') DO NOTHING RETURNING outbound_id`,
    [m.phone, m.text, m.kind, m.userId, m.drawId, now])
  return row ? Number(row.outbound_id) : undefined
}
