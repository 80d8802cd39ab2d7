import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { callOf } from '../../lib/caller.ts'
import { receiveTwilioSms } from '../api.ts'

/** The empty TwiML answer: the reply goes out through the outbound queue, not inline. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

// Twilio's inbound message webhook fields this needs; Twilio sends more (AccountSid, NumMedia, FromCountry…), all of which the signature covers.
const TwilioInbound = Type.Object({
  MessageSid: Type.String({ minLength: 1, maxLength: 64, description: 'the gateway message id' }),
  From: Type.String({ minLength: 1, maxLength: 40, description: 'the sender phone number' }),
  To: Type.String({ minLength: 1, maxLength: 40, description: 'the SMS number the message was sent to' }),
  Body: Type.String({ maxLength: 1600, description: 'the message text' })
}, { additionalProperties: Type.String() })

/** POST sms/twilio: Twilio's inbound SMS webhook (form-encoded, X-Twilio-Signature), no session; see server/docs/game-api.md. */
const smsInboundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/sms/twilio', {
    schema: { body: TwilioInbound, headers: Type.Object({ 'x-twilio-signature': Type.Optional(Type.String({ maxLength: 200 })) }) }
  }, async (request, reply) => {
    const outcome = await receiveTwilioSms(app.db, callOf(request), {
      params: request.body,
      seenUrl: `${request.protocol}://${request.host}${request.url}`,
      signature: request.headers['x-twilio-signature'] ?? ''
    })
    const { MessageSid: messageId } = request.body
    // The reply's send job was queued with the message; start it now rather than at the next poll.
    if (!outcome.duplicate) app.jobs.wake()
    request.log.info({ messageId, status: outcome.status, reason: outcome.reason, duplicate: outcome.duplicate }, 'inbound SMS')
    return reply.type('text/xml').header('x-sms-status', outcome.duplicate ? 'duplicate' : outcome.status).send(EMPTY_TWIML)
  })
}

export default smsInboundRoutes
