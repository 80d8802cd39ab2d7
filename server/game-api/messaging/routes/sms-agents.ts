// SMS Agent (SMS › SMS Agent): the phones each user may bet from by SMS; one phone, one user. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { addSmsAgentOf, removeSmsAgent, smsAgentsOf } from '../api.ts'

const SmsAgent = Type.Object({ PhoneId: Type.Integer(), Phone: Type.String(), UserId: Type.String(), Role: Type.String(), CreatedBy: Type.String(), CreatedDate: Type.String() })

/** GET getSMSAgent, POST addSMSAgent, DELETE deleteSMSAgent/{id}. */
const smsAgentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/getSMSAgent', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ maxLength: 50, description: 'only this user\'s phones' })) }),
      response: envelope(Type.Array(SmsAgent))
    }
  }, async (request) => ok(await smsAgentsOf(app.db, callerOf(request), { userId: request.query.UserId })))

  app.post('/addSMSAgent', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        UserId: Type.String({ minLength: 1, maxLength: 50, description: 'the user the phone bets for' }),
        Phone: Type.String({ minLength: 6, maxLength: 30, description: 'the phone number with its country code (Singapore numbers may omit 65)' })
      }),
      response: envelope(SmsAgent)
    }
  }, async (request) => ok(await addSmsAgentOf(app.db, callerOf(request), { userId: request.body.UserId, phone: request.body.Phone })))

  app.delete('/deleteSMSAgent/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => {
    await removeSmsAgent(app.db, callerOf(request), { phoneId: request.params.id })
    return ok(true as const)
  })
}

export default smsAgentRoutes
