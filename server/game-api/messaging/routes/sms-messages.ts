// SMS View (SMS › SMS View): inbound messages with what the grammar read and what became of them, and the outbound queue with each reply's status. ADMIN only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { addDays, zoneInstant, zoneIso } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { smsErrors } from '../errors.ts'
import { inboundByGatewayId, inboundPage, outboundByGatewayId, outboundPage, type InboundRecord, type Issue, type OutboundRecord, type ParseRecord } from '../store/sms-view.ts'
import { queryDate } from '../../lib/query-date.ts'

/** The newest messages a view answers at most. */
const VIEW_LIMIT = 500

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
    if (q.Date) queryDate('Date', q.Date)
    const from = q.Date ? zoneInstant(q.Date, '00:00') : null
    const to = q.Date ? zoneInstant(addDays(q.Date, 1), '00:00') : null
    const status = q.Status || null
    const window = { from, to, status, limit: VIEW_LIMIT }
    if (q.Direction === 'out') {
      const { rows, total } = await outboundPage(app.db, window)
      return ok({ rows: rows.map(outboundRow), total })
    }
    const { rows, total } = await inboundPage(app.db, window)
    return ok({ rows: rows.map(inboundRow), total })
  })
  // Support reads a message id off the gateway's dashboard (Twilio's SM… / MM… sid) and finds what the back office made of it.
  app.get('/SMSGatewayById', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, MessageId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the gateway\'s id of the message (inbound: the webhook\'s MessageSid; outbound: the id the send call answered)' }) }),
      response: envelope(Type.Object({ Direction: Type.Union([Type.Literal('in'), Type.Literal('out')]), Message: Type.Union([Inbound, Outbound]) }))
    }
  }, async (request) => {
    const id = request.query.MessageId
    const inbound = await inboundByGatewayId(app.db, id)
    if (inbound) return ok({ Direction: 'in' as const, Message: inboundRow(inbound) })
    const outbound = await outboundByGatewayId(app.db, id)
    if (outbound) return ok({ Direction: 'out' as const, Message: outboundRow(outbound) })
    throw smsErrors.gatewayMessageNotFound(id)
  })
}

export default smsMessageRoutes
