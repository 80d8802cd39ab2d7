// One inbound SMS taken from a gateway: who sent it, whether SMS betting is open, the bet text through the grammar, the ticket placed, and the reply queued;
// recorded once per gateway message id, in the same transaction as its ticket, so a gateway's retry never places a bet twice.
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game, TextIssue } from '../../../../schemas/game/index.ts'
import type { ParseBetTextResult } from '../../betting/api.ts'
import { GameApiError } from '../../lib/errors.ts'
import { placeOrder, parseText, ticketSummary, userIdOf } from '../../betting/api.ts'
import { isSmsOpen } from '../rules/open-hours.ts'
import { queueSend } from './outbound.ts'
import { normalisePhone } from '../rules/phone.ts'
import { hasRegisteredPhone, userOfPhone, type PhoneOwner } from './phone-registry.ts'
import { placedReply, rejectReplies } from '../rules/replies.ts'

/** Where a reply goes out: by SMS through the gateway, or by one game's Telegram bot. */
export type Channel = 'sms' | 'telegram:4D' | 'telegram:TOTO'

/** A message as the gateway (or the Telegram bot) hands it over; the reply goes to replyTo (default from) on channel (default sms). */
export interface InboundMessage { provider: string, messageId: string, from: string, to: string, body: string, channel?: Channel, replyTo?: string }

/** Why a message placed nothing (stored with it, shown on SMS View). */
export type RejectReason = 'unknownNumber' | 'unregistered' | 'closed' | 'badText' | 'unknownUser' | 'targetUnregistered' | 'refused'

/** What became of a message; duplicate when its message id was taken before (nothing done again). */
export interface InboundOutcome { duplicate: boolean, status: 'placed' | 'rejected', reason: RejectReason | 'placed', ticketNo: string | null, reply: string }

interface SmsSettingsRow { game: Game, sms_number: string, open_time: string, close_time: string, open_day: string }

interface Outcome { status: 'placed' | 'rejected', reason: RejectReason | 'placed', reply: string, userId: string | null, ticketNo: string | null }

const strip = (i: TextIssue) => ({ position: i.position, length: i.length, message: i.message })

/** The parse result SMS View shows: ok, errors and warnings with positions, and the ticket read. */
function parseRecord (parsed: ParseBetTextResult | undefined) {
  if (parsed === undefined) return null
  return { ok: parsed.ok, errors: parsed.ok ? [] : parsed.errors.map(strip), warnings: parsed.warnings.map(strip), ticket: ticketSummary(parsed) }
}

async function recorded (q: Queryable, provider: string, messageId: string): Promise<InboundOutcome | undefined> {
  const { rows: [row] } = await q.query<{ status: 'placed' | 'rejected', reason: RejectReason | 'placed', ticket_no: string | null, reply: string | null }>(
    `SELECT i.status, i.reason, i.ticket_no, (SELECT o.body FROM sms_outbound o WHERE o.inbound_id = i.inbound_id ORDER BY o.outbound_id LIMIT 1) AS reply
     FROM sms_inbound i WHERE i.provider = $1 AND i.message_id = $2`, [provider, messageId])
  return row && { duplicate: true, status: row.status, reason: row.reason, ticketNo: row.ticket_no, reply: row.reply ?? '' }
}

async function record (q: Queryable, message: InboundMessage, game: Game | null, outcome: Outcome, parsed: ParseBetTextResult | undefined, now: Date): Promise<boolean> {
  const { rows } = await q.query<{ inbound_id: string }>(
    `INSERT INTO sms_inbound (provider, message_id, sender, receiver, game, body, user_id, status, reason, ticket_no, parse, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (provider, message_id) DO NOTHING RETURNING inbound_id`,
    [message.provider, message.messageId, message.from, message.to, game, message.body, outcome.userId, outcome.status, outcome.reason, outcome.ticketNo,
      JSON.stringify(parseRecord(parsed)), now])
  const inboundId = rows[0]?.inbound_id
  if (inboundId === undefined) return false
  const channel = message.channel ?? 'sms'
  const { rows: [outbound] } = await q.query<{ outbound_id: string }>(
    "INSERT INTO sms_outbound (inbound_id, recipient, body, kind, user_id, channel, created_at) VALUES ($1, $2, $3, 'reply', $4, $5, $6) RETURNING outbound_id",
    [inboundId, message.replyTo ?? message.from, outcome.reply, outcome.userId, channel, now])
  await queueSend(q, Number(outbound?.outbound_id), channel)
  return true
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

const rejected = (reason: RejectReason, reply: string, userId: string | null = null): Outcome => ({ status: 'rejected', reason, reply, userId, ticketNo: null })

/** Records a message's outcome with its reply, once per message id (a message recorded by a concurrent retry answers as that one). */
async function finishWith (db: Db, message: InboundMessage, game: Game | null, outcome: Outcome, parsed: ParseBetTextResult | undefined, now: Date): Promise<InboundOutcome> {
  const inserted = await db.transaction((tx) => record(tx, message, game, outcome, parsed, now))
  return inserted ? { duplicate: false, ...outcome } : (await recorded(db, message.provider, message.messageId))!
}

/** Takes one inbound SMS: the number it was sent to names the game, the sender's phone the bettor; then the bet as receiveBet takes it. */
export async function receiveSms (db: Db, message: InboundMessage, now: Date): Promise<InboundOutcome> {
  const seen = await recorded(db, message.provider, message.messageId)
  if (seen) return seen
  const { rows: settings } = await db.query<SmsSettingsRow>('SELECT game, sms_number, open_time, close_time, open_day FROM sms_settings')
  const to = normalisePhone(message.to)
  const setting = settings.find((s) => to !== undefined && normalisePhone(s.sms_number) === to)
  if (setting === undefined) return finishWith(db, message, null, rejected('unknownNumber', rejectReplies.unknownNumber(message.to)), undefined, now)
  const from = normalisePhone(message.from)
  const sender = from === undefined ? undefined : await userOfPhone(db, from)
  return receiveBet(db, message, setting.game, sender, rejectReplies.unregistered(message.from), now)
}

/** The game's SMS and Telegram open hours. */
async function hoursOf (db: Queryable, game: Game) {
  const { rows: [s] } = await db.query<SmsSettingsRow>('SELECT game, sms_number, open_time, close_time, open_day FROM sms_settings WHERE game = $1', [game])
  return { openTime: s?.open_time ?? '00:00', closeTime: s?.close_time ?? '00:00', openDay: s?.open_day ?? '' }
}

/**
 * Takes one bet text of a game from a known sender (undefined: nobody registered, answered with unregisteredReply): open hours, the
 * grammar, the target ID, then the ticket, placed and recorded with its reply in one transaction, once per message id. SMS and Telegram share it.
 */
export async function receiveBet (db: Db, message: InboundMessage, game: Game, sender: PhoneOwner | undefined, unregisteredReply: string, now: Date): Promise<InboundOutcome> {
  const seen = await recorded(db, message.provider, message.messageId)
  if (seen) return seen
  const finish = (g: Game | null, outcome: Outcome, parsed?: ParseBetTextResult) => finishWith(db, message, g, outcome, parsed, now)
  // Parsed before any other check, so SMS View shows what every text said.
  const parsed = await parseText(db, game, message.body, {}, now)
  if (sender === undefined) return finish(game, rejected('unregistered', unregisteredReply), parsed)
  const senderId = sender.userId
  const hours = await hoursOf(db, game)
  if (!isSmsOpen(hours, now)) return finish(game, rejected('closed', rejectReplies.closed(hours), senderId), parsed)
  if (!parsed.ok) return finish(game, rejected('badText', rejectReplies.badText(parsed.errors), senderId), parsed)
  const { ticket } = parsed
  const targetId = await userIdOf(db, ticket.userId)
  if (targetId === undefined) return finish(game, rejected('unknownUser', rejectReplies.unknownUser(ticket.userId), senderId), parsed)
  if (targetId !== senderId && !await hasRegisteredPhone(db, targetId)) return finish(game, rejected('targetUnregistered', rejectReplies.targetUnregistered(targetId), senderId), parsed)
  let outcome: Outcome | undefined
  try {
    await placeOrder(db, {
      user: { userId: senderId, role: sender.role, tokenHash: '' },
      userId: targetId,
      game,
      dayCode: ticket.dayCode,
      draws: ticket.draws,
      source: 'sms',
      text: message.body,
      ...(ticket.game === '4D' ? { fourD: ticket.lines } : { toto: ticket.lines }),
      finish: async (tx, placed) => {
        outcome = { status: 'placed', reason: 'placed', reply: placedReply({ ...placed, draws: placed.drawRows.length }, parsed.warnings), userId: senderId, ticketNo: placed.ticketNo }
        // A concurrent retry that recorded first makes this insert conflict: the ticket rolls back with it.
        if (!await record(tx, message, game, outcome, parsed, now)) throw Object.assign(new Error('message recorded by a concurrent retry'), { code: '23505' })
      }
    }, now)
  } catch (error) {
    if (isUniqueViolation(error)) return (await recorded(db, message.provider, message.messageId))!
    // A user's mistake the placement refuses (credit, closed draw, not a downline, suspended) is the reply; anything else is the store's failure.
    if (error instanceof GameApiError && error.statusCode < 500) return finish(game, rejected('refused', rejectReplies.refused(error.message), senderId), parsed)
    throw error
  }
  return { duplicate: false, ...outcome! }
}
