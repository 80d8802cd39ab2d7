// SMS View (SMS › SMS View): inbound messages with what the grammar read and what became of them, and the outbound queue with each reply's status. ADMIN only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { smsMessageByGatewayId, smsMessagesOf } from '../api-sms-view.ts'

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
  }, async (request) => ok(await smsMessagesOf(app.db, callerOf(request), { direction: request.query.Direction, date: request.query.Date, status: request.query.Status })))
  // Support reads a message id off the gateway's dashboard (Twilio's SM… / MM… sid) and finds what the back office made of it.
  app.get('/SMSGatewayById', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, MessageId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the gateway\'s id of the message (inbound: the webhook\'s MessageSid; outbound: the id the send call answered)' }) }),
      response: envelope(Type.Object({ Direction: Type.Union([Type.Literal('in'), Type.Literal('out')]), Message: Type.Union([Inbound, Outbound]) }))
    }
  }, async (request) => ok(await smsMessageByGatewayId(app.db, callerOf(request), { messageId: request.query.MessageId })))
}

export default smsMessageRoutes
