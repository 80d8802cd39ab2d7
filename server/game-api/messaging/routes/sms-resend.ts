// Resend (SMS › SMS View): a copy of an outbound message queued again, for a member who says a reply never came. ADMIN only.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { resendSms } from '../api.ts'

/** POST resendSms: queues a new outbound message with the same recipient and text (the original keeps its own status). */
const smsResendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/resendSms', {
    schema: {
      body: Type.Object({ LocId: LocIdField, OutboundId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the outbound message to send again' }) }),
      response: envelope(Type.Object({ OutboundId: Type.Integer(), Queued: Type.Boolean({ description: 'false while no gateway is configured: the copy waits in the queue' }) }))
    }
  }, async (request) => {
    const answer = await resendSms(app.db, callerOf(request), { outboundId: request.body.OutboundId })
    if (answer.Queued) app.jobs.wake()
    return ok(answer)
  })
}

export default smsResendRoutes
