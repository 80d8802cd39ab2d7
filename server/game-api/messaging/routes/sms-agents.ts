// SMS Agent (SMS › SMS Agent): the phones each user may bet from by SMS; one phone, one user. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { smsErrors } from '../errors.ts'
import { normalisePhone } from '../rules/phone.ts'
import { addSmsAgent, deleteSmsAgent, liveUserId, smsAgents, type SmsAgentRow } from '../store/sms-agents.ts'

const SmsAgent = Type.Object({ PhoneId: Type.Integer(), Phone: Type.String(), UserId: Type.String(), Role: Type.String(), CreatedBy: Type.String(), CreatedDate: Type.String() })
const toAgent = (r: SmsAgentRow) => ({ PhoneId: Number(r.phone_id), Phone: r.phone, UserId: r.user_id, Role: r.role, CreatedBy: r.created_by, CreatedDate: zoneIso(new Date(r.created_at)) })

/** GET getSMSAgent, POST addSMSAgent, DELETE deleteSMSAgent/{id}. */
const smsAgentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/getSMSAgent', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ maxLength: 50, description: 'only this user\'s phones' })) }),
      response: envelope(Type.Array(SmsAgent))
    }
  }, async (request) => {
    const userId = request.query.UserId || null
    return ok((await smsAgents(app.db, userId)).map(toAgent))
  })

  app.post('/addSMSAgent', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        UserId: Type.String({ minLength: 1, maxLength: 50, description: 'the user the phone bets for' }),
        Phone: Type.String({ minLength: 6, maxLength: 30, description: 'the phone number with its country code (Singapore numbers may omit 65)' })
      }),
      response: envelope(SmsAgent)
    }
  }, async (request) => {
    const phone = normalisePhone(request.body.Phone)
    if (phone === undefined) throw smsErrors.badPhone(request.body.Phone)
    const admin = caller(request).userId
    const row = await app.db.transaction(async (tx) => {
      const userId = await liveUserId(tx, request.body.UserId)
      if (userId === undefined) throw errors.userNotFound(request.body.UserId)
      const added = await addSmsAgent(tx, phone, userId, admin, app.gaNow())
      if ('takenBy' in added) throw smsErrors.phoneTaken(phone, added.takenBy)
      await app.gaAudit(tx, request, { userId: admin, action: 'smsAgent.add', detail: { UserId: userId, Phone: phone } })
      return added.row
    })
    // INSERT … RETURNING always answers the row: its absence is a fault (500), not a refusal.
    if (!row) throw new Error('the phone INSERT returned no row')
    return ok(toAgent(row))
  })

  app.delete('/deleteSMSAgent/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => {
    await app.db.transaction(async (tx) => {
      const removed = await deleteSmsAgent(tx, request.params.id)
      if (!removed) throw smsErrors.phoneNotFound(request.params.id)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'smsAgent.delete', detail: { PhoneId: request.params.id, UserId: removed.user_id, Phone: removed.phone } })
    })
    return ok(true as const)
  })
}

export default smsAgentRoutes
