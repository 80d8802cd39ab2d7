import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { readSetting, settingKeys } from '../../lib/settings-store.ts'
import { smsErrors } from '../errors.ts'
import { receiveSms } from '../store/sms-inbound.ts'
import { verifyTwilioSignature } from '../rules/twilio-signature.ts'

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
    const secret = await readSetting(app.db, settingKeys.smsInboundSecret)
    if (secret === '') throw smsErrors.notConfigured()
    // Twilio signs the URL it was told to call; behind a proxy that is the configured public URL, not the one seen here.
    const url = await readSetting(app.db, settingKeys.smsInboundUrl) || `${request.protocol}://${request.host}${request.url}`
    const params = request.body as Record<string, string>
    if (!verifyTwilioSignature(secret, url, params, request.headers['x-twilio-signature'] ?? '')) {
      await app.gaAudit(app.db, request, { userId: null, action: 'sms.signatureRefused', detail: { provider: 'twilio', MessageSid: params.MessageSid, From: params.From } })
      throw smsErrors.badSignature()
    }
    const { MessageSid: messageId, From: from, To: to, Body: body } = request.body
    const outcome = await receiveSms(app.db, { provider: 'twilio', messageId, from, to, body }, app.gaNow())
    // The reply's send job was queued with the message; start it now rather than at the next poll.
    if (!outcome.duplicate) app.jobs.wake()
    request.log.info({ messageId, status: outcome.status, reason: outcome.reason, duplicate: outcome.duplicate }, 'inbound SMS')
    return reply.type('text/xml').header('x-sms-status', outcome.duplicate ? 'duplicate' : outcome.status).send(EMPTY_TWIML)
  })
}

export default smsInboundRoutes
