// SMS View (SMS › SMS View): inbound messages with what the grammar read and what became of them, and the outbound queue with each reply's status. ADMIN only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { addDays, isIsoDate, zoneInstant, zoneIso } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { smsErrors } from '../errors.ts'

/** The newest messages a view answers at most. */
const VIEW_LIMIT = 500

interface Issue { position: number, message: string }
interface ParseRecord { ok: boolean, errors: Issue[], warnings: Issue[], ticket: { Stake?: number, Lines?: unknown[] } | null }

/** One line saying what the grammar read: the ticket's size and stake, or each error with its position, then any warning. */
function parseSummary (parse: ParseRecord | null): string {
  if (parse === null) return ''
  const at = (list: Issue[]) => list.map((i) => `at position ${i.position}: ${i.message}`).join('; ')
  const head = parse.ok ? `OK: ${parse.ticket?.Lines?.length ?? 0} line(s), stake ${(parse.ticket?.Stake ?? 0).toFixed(2)}` : `Errors: ${at(parse.errors)}`
  return parse.warnings.length === 0 ? head : `${head}. Warning: ${at(parse.warnings)}`
}

const Inbound = Type.Object({
  InboundId: Type.Integer(),
  ReceivedDate: Type.String(),
  From: Type.String(),
  To: Type.String(),
  Game: Type.String(),
  UserId: Type.String(),
  Text: Type.String(),
  Status: Type.String(),
  Reason: Type.String(),
  TicketNo: Type.String(),
  ParseOk: Type.Boolean(),
  ParseResult: Type.String(),
  Reply: Type.String()
})
const Outbound = Type.Object({
  OutboundId: Type.Integer(),
  CreatedDate: Type.String(),
  To: Type.String(),
  Text: Type.String(),
  Status: Type.String(),
  Attempts: Type.Integer(),
  LastError: Type.String(),
  SentDate: Type.String(),
  InboundId: Type.Union([Type.Integer(), Type.Null()]),
  Channel: Type.String({ description: 'sms, or telegram:4D / telegram:TOTO (To is then the Telegram chat)' }),
  Kind: Type.String({ description: 'reply, resend, test, result or strike' })
})

interface OutboundRecord { outbound_id: string, inbound_id: string | null, recipient: string, body: string, status: string, attempts: number, last_error: string | null, created_at: Date, sent_at: Date | null, channel: string, kind: string }
interface InboundRecord { inbound_id: string, received_at: Date, sender: string, receiver: string, game: string | null, user_id: string | null, body: string, status: string, reason: string, ticket_no: string | null, parse: ParseRecord | string | null, reply: string | null }

/** An outbound message as SMS View lists it. */
const outboundRow = (r: OutboundRecord) => ({
  OutboundId: Number(r.outbound_id),
  CreatedDate: zoneIso(new Date(r.created_at)),
  To: r.recipient,
  Text: r.body,
  Status: r.status,
  Attempts: Number(r.attempts),
  LastError: r.last_error ?? '',
  SentDate: r.sent_at ? zoneIso(new Date(r.sent_at)) : '',
  InboundId: r.inbound_id === null ? null : Number(r.inbound_id),
  Channel: r.channel,
  Kind: r.kind
})

/** An inbound message as SMS View lists it, with what the grammar read and the first reply. */
function inboundRow (r: InboundRecord) {
  // pg answers jsonb parsed; a driver that answers text is parsed here.
  const parse = typeof r.parse === 'string' ? JSON.parse(r.parse) as ParseRecord : r.parse
  return {
    InboundId: Number(r.inbound_id),
    ReceivedDate: zoneIso(new Date(r.received_at)),
    From: r.sender,
    To: r.receiver,
    Game: r.game ?? '',
    UserId: r.user_id ?? '',
    Text: r.body,
    Status: r.status,
    Reason: r.reason,
    TicketNo: r.ticket_no ?? '',
    ParseOk: parse?.ok ?? false,
    ParseResult: parseSummary(parse),
    Reply: r.reply ?? ''
  }
}

/** The first reply to an inbound message, read beside it. */
const FIRST_REPLY = '(SELECT o.body FROM sms_outbound o WHERE o.inbound_id = i.inbound_id ORDER BY o.outbound_id LIMIT 1) AS reply'

/** GET dSMS: Direction in (default) or out, optionally one day (YYYY-MM-DD) and one status, newest first. */
const smsMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dSMS', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        Direction: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out')], { description: 'in for inbound messages, out for the outbound queue' })),
        Date: Type.Optional(Type.String({ maxLength: 10, description: 'a day written YYYY-MM-DD' })),
        Status: Type.Optional(Type.String({ maxLength: 20 }))
      }),
      response: envelope(Type.Object({ rows: Type.Array(Type.Union([Inbound, Outbound])), total: Type.Integer() }))
    }
  }, async (request) => {
    const q = request.query
    if (q.Date && !isIsoDate(q.Date)) throw errors.fieldNotDate('querystring/Date', q.Date)
    const from = q.Date ? zoneInstant(q.Date, '00:00') : null
    const to = q.Date ? zoneInstant(addDays(q.Date, 1), '00:00') : null
    const status = q.Status || null
    if (q.Direction === 'out') {
      const where = 'WHERE ($1::timestamptz IS NULL OR o.created_at >= $1) AND ($2::timestamptz IS NULL OR o.created_at < $2) AND ($3::text IS NULL OR o.status = $3)'
      const { rows } = await app.db.query<OutboundRecord>(
        `SELECT o.* FROM sms_outbound o ${where} ORDER BY o.outbound_id DESC LIMIT ${VIEW_LIMIT}`, [from, to, status])
      const { rows: [count] } = await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM sms_outbound o ${where}`, [from, to, status])
      return ok({
        rows: rows.map(outboundRow),
        total: Number(count?.n ?? 0)
      })
    }
    const where = 'WHERE ($1::timestamptz IS NULL OR i.received_at >= $1) AND ($2::timestamptz IS NULL OR i.received_at < $2) AND ($3::text IS NULL OR i.status = $3)'
    const { rows } = await app.db.query<InboundRecord>(
      `SELECT i.*, ${FIRST_REPLY}
       FROM sms_inbound i ${where} ORDER BY i.inbound_id DESC LIMIT ${VIEW_LIMIT}`, [from, to, status])
    const { rows: [count] } = await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM sms_inbound i ${where}`, [from, to, status])
    return ok({
      rows: rows.map(inboundRow),
      total: Number(count?.n ?? 0)
    })
  })
  // Support reads a message id off the gateway's dashboard (Twilio's SM… / MM… sid) and finds what the back office made of it.
  app.get('/SMSGatewayById', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, MessageId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the gateway\'s id of the message (inbound: the webhook\'s MessageSid; outbound: the id the send call answered)' }) }),
      response: envelope(Type.Object({ Direction: Type.Union([Type.Literal('in'), Type.Literal('out')]), Message: Type.Union([Inbound, Outbound]) }))
    }
  }, async (request) => {
    const id = request.query.MessageId
    const { rows: [inbound] } = await app.db.query<InboundRecord>(`SELECT i.*, ${FIRST_REPLY} FROM sms_inbound i WHERE i.message_id = $1 ORDER BY i.inbound_id LIMIT 1`, [id])
    if (inbound) return ok({ Direction: 'in' as const, Message: inboundRow(inbound) })
    const { rows: [outbound] } = await app.db.query<OutboundRecord>('SELECT o.* FROM sms_outbound o WHERE o.gateway_message_id = $1 ORDER BY o.outbound_id LIMIT 1', [id])
    if (outbound) return ok({ Direction: 'out' as const, Message: outboundRow(outbound) })
    throw smsErrors.gatewayMessageNotFound(id)
  })
}

export default smsMessageRoutes
