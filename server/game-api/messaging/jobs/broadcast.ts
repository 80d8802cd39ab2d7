// Send Result and Send Strike: a finalised draw's result to its game's result subscribers, and each strike subscriber's own strikes, as
// one durable job per draw and kind that writes exactly one outbound message per subscriber (a unique index: a rerun, a second instance or
// a crash never writes two) and queues each for the sender.
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { enqueueJob, percentDone, type JobHandler } from '../../jobs/runner.ts'
import { messageFields, messageFieldsOf, noMessage, type JobMessageFields } from '../../jobs/status.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { isoDateOf, drawById } from '../../draws/api.ts'
import { drawErrors } from '../../draws/errors.ts'
import { smsErrors } from '../errors.ts'
import { readGateway } from '../store/sms-gateway.ts'
import { gatewayReady } from '../rules/sms-gateway-view.ts'
import { queueSend } from '../store/outbound.ts'
import { activeBroadcast, broadcastJobOf, broadcastSubscribers, lockBroadcastQueue, strikesOfUsers, writeBroadcastMessage, type StrikeLine } from '../store/broadcasts.ts'
import { normalisePhone } from '../rules/phone.ts'
import { resultSmsString } from '../../../../schemas/game/result-sms.ts'
import type { DrawSeries } from '../../../../schemas/domain/calendar.ts'

/** What is sent: a draw's result, or a winner's strikes. */
export type BroadcastKind = 'result' | 'strike'

/** The job kind of Send Result and Send Strike; its subject is the draw. */
export const SMS_BROADCAST_JOB = 'sms.broadcast'

/** The job's payload: which draw, what is sent, and the game whose subscribers get it. */
export interface BroadcastPayload { drawId: number, kind: BroadcastKind, game: Game }

/** Subscribers written per transaction (each batch commits with its progress). */
const BATCH = 50

/** Strikes listed by name in one message; the rest are counted. */
const STRIKES_LISTED = 6

/** A test hook (never set in production): a pause after each batch, so the kill test can stop the process in the middle of a job. */
const batchDelayMs = Number(process.env.GAME_API_SMS_BATCH_DELAY_MS ?? 0)

interface DrawRow { draw_id: number, game: Game, series: DrawSeries, special: boolean, draw_date: string | Date, is_finalised: boolean, result: FourDResult | TotoResult | null }
interface FourDResult { first: string, second: string, third: string, starters: string[], consolations: string[] }
interface TotoResult { winning: number[], additional: number }

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const PRIZE_NAMES: Record<string, string> = { first: '1st', second: '2nd', third: '3rd', starter: 'Starter', consolation: 'Consolation' }

/** The draw as "4D SG4D 2030-01-01" or "TOTO 2030-01-02". */
const drawName = (d: DrawRow) => d.game === 'TOTO' ? `TOTO ${isoDateOf(d.draw_date)}` : `4D ${d.series} ${isoDateOf(d.draw_date)}`

/** The result as one SMS text: the results SMS string (GET result/SMSString). */
export function resultText (draw: DrawRow): string {
  return draw.result === null ? '' : resultSmsString({ series: draw.series, date: isoDateOf(draw.draw_date), special: draw.special }, draw.result)
}

/** A winner's strikes as one SMS text: each prize with its stake and payout (the first few), then the total. */
export function strikeText (draw: DrawRow, userId: string, strikes: readonly StrikeLine[]): string {
  const named = strikes.slice(0, STRIKES_LISTED).map((s) => {
    const stake = draw.game === 'TOTO' ? (s.hits > 1 ? ` x${s.hits}` : '') : [s.big > 0 ? ` Big ${money(s.big)}` : '', s.small > 0 ? ` Small ${money(s.small)}` : ''].join('')
    return `${s.number} ${PRIZE_NAMES[s.prize] ?? s.prize}${stake} pays ${money(s.payout)}`
  })
  const more = strikes.length > STRIKES_LISTED ? `; and ${strikes.length - STRIKES_LISTED} more` : ''
  const total = strikes.reduce((sum, s) => sum + s.payout, 0)
  return `${userId}, ${drawName(draw)} strikes: ${named.join('; ')}${more}. Total ${money(total)}.`
}

/** A draw of the game that can be sent: it exists, is the game's, and is finalised. */
export async function sendableDraw (q: Queryable, game: Game, drawId: number): Promise<DrawRow> {
  const draw = await drawById(q, drawId, { game })
  if (!draw) throw drawErrors.drawNotFound(drawId)
  if (!draw.is_finalised || draw.result === null) throw smsErrors.drawNotFinal(drawId)
  // Its result column holds one of the two result shapes this file reads.
  return { ...draw, result: draw.result as DrawRow['result'] }
}

/** One subscriber of a draw's message, as the preview shows it and the job writes it. */
export interface Recipient {
  userId: string
  userName: string
  /** E.164 with '+', or undefined without a registered phone (skipped until one is registered). */
  phone: string | undefined
  text: string
  outboundId: number | null
  /** to send (nothing written yet), no phone, or the written message's status (queued, sent, failed). */
  status: 'pending' | 'noPhone' | 'queued' | 'sent' | 'failed'
  lastError: string
}

/** Who gets what for a draw: result subscribers (every one) or strike subscribers (those with strikes on it), with what was written already. */
export async function recipients (q: Queryable, draw: DrawRow, kind: BroadcastKind): Promise<Recipient[]> {
  const rows = await broadcastSubscribers(q, draw.game, kind, draw.draw_id)
  const strikesOf = kind === 'strike' ? await strikesOfUsers(q, draw.draw_id, rows.map((r) => r.user_id)) : new Map<string, StrikeLine[]>()
  const result = kind === 'result' ? resultText(draw) : ''
  return rows.flatMap((r) => {
    const strikes = strikesOf.get(r.user_id)
    if (kind === 'strike' && strikes === undefined) return []
    const profile = r.mobile === null ? undefined : normalisePhone(r.mobile)
    const phone = r.phone !== null ? `+${r.phone}` : profile === undefined ? undefined : `+${profile}`
    const written = r.outbound_id !== null
    return [{
      userId: r.user_id,
      userName: r.alias_id,
      phone,
      // Once written, the message is what it says (a result re-entered later would not change what was sent).
      text: written ? r.body ?? '' : kind === 'result' ? result : strikeText(draw, r.user_id, strikes ?? []),
      outboundId: written ? Number(r.outbound_id) : null,
      status: written ? r.status as Recipient['status'] : phone === undefined ? 'noPhone' : 'pending',
      lastError: written ? r.last_error ?? '' : phone === undefined ? `${r.user_id} has no registered phone (SMS Agent or the Mobile page)` : ''
    }]
  })
}

/** Queues the broadcast of a draw (one already queued or running for that draw and kind is answered instead of a second). */
export async function queueBroadcast (db: Db, payload: BroadcastPayload, userId: string, audit: (tx: Queryable, jobId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    // One lock per draw and kind, so two calls at once (on two instances) cannot both queue.
    await lockBroadcastQueue(tx, payload.drawId, payload.kind)
    const active = await activeBroadcast(tx, SMS_BROADCAST_JOB, payload.drawId, payload.kind)
    if (active !== undefined) return active
    const jobId = await enqueueJob(tx, { kind: SMS_BROADCAST_JOB, subjectId: payload.drawId, userId, payload, message: jobMessages.broadcastWaiting({ kind: payload.kind }) })
    await audit(tx, jobId)
    return jobId
  })
}

/** What Send Result and Send Strike show while and after they run. */
export interface BroadcastStatus extends JobMessageFields {
  JobId: number | null
  DrawId: number
  Status: string
  Progress: number
  Subscribers: number
  Sent: number
  Queued: number
  Failed: number
  NoPhone: number
  Failures: Array<{ UserId: string, Phone: string, Message: string }>
}

/**
 * A broadcast's state: the job writing the messages (queued, running, failed), then the messages it wrote: sending while any waits for
 * the sender, held while they wait for a gateway that is off, done when every one is sent or failed. Progress counts messages settled.
 */
export async function broadcastStatus (q: Queryable, game: Game, kind: BroadcastKind, drawId: number, jobId: number | null): Promise<BroadcastStatus> {
  const job = await broadcastJobOf(q, SMS_BROADCAST_JOB, kind, drawId, jobId)
  if (!job && jobId !== null) throw smsErrors.broadcastNotFound(jobId)
  const draw = await sendableDraw(q, game, job ? Number(job.subject_id) : drawId)
  const list = await recipients(q, draw, kind)
  const count = (status: Recipient['status']) => list.filter((r) => r.status === status).length
  const [sent, queued, failed, noPhone] = [count('sent'), count('queued'), count('failed'), count('noPhone')]
  const settled = sent + failed + noPhone
  const writing = job !== undefined && (job.status === 'queued' || job.status === 'running')
  const ready = gatewayReady(await readGateway(q))
  const status = !job ? 'idle' : writing ? job.status : job.status === 'failed' ? 'failed' : queued === 0 ? 'done' : ready ? 'sending' : 'held'
  const progress = writing ? percentDone(job.status, Number(job.done_count), Number(job.total_count)) : status === 'sending' ? Math.min(99, Math.floor(settled / Math.max(1, list.length) * 100)) : 100
  return {
    JobId: job ? Number(job.job_id) : null,
    DrawId: Number(draw.draw_id),
    Status: status,
    Progress: progress,
    ...(status === 'held' ? messageFields(jobMessages.broadcastHeld({ count: queued })) : job ? messageFieldsOf(job) : noMessage),
    Subscribers: list.length,
    Sent: sent,
    Queued: queued,
    Failed: failed,
    NoPhone: noPhone,
    Failures: list.filter((r) => r.status === 'failed' || r.status === 'noPhone').map((r) => ({ UserId: r.userId, Phone: r.phone ?? '', Message: r.lastError }))
  }
}

/** The handler: every subscriber without a message for the draw gets one, in batches that commit with their progress; a rerun writes only what is missing. */
export function broadcastJob (db: Db, now: () => Date): JobHandler<BroadcastPayload> {
  return {
    async run (job, { signal, progress }) {
      const { drawId, kind, game } = job.payload
      const draw = await sendableDraw(db, game, drawId)
      const list = await recipients(db, draw, kind)
      let written = 0
      for (let start = 0; start < list.length; start += BATCH) {
        signal.throwIfAborted()
        const batch = list.slice(start, start + BATCH)
        await db.transaction(async (tx) => {
          for (const r of batch) {
            if (r.outboundId !== null || r.phone === undefined) continue
            // The unique index is the once: a message another run wrote since this one read the list is skipped here.
            const outboundId = await writeBroadcastMessage(tx, { phone: r.phone, text: r.text, kind, userId: r.userId, drawId }, now())
            if (outboundId === undefined) continue
            await queueSend(tx, outboundId)
            written++
          }
          await progress(Math.min(start + BATCH, list.length), list.length, jobMessages.broadcastWriting({ written, kind, done: Math.min(start + BATCH, list.length), total: list.length }), tx)
        })
        if (batchDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, batchDelayMs))
      }
      const skipped = list.filter((r) => r.phone === undefined && r.outboundId === null).length
      return jobMessages.broadcastDone({ written, kind, total: list.length, draw: drawName(draw), had: list.length - written - skipped, noPhone: skipped })
    }
  }
}
