// SMS Agent (SMS › SMS Agent): the phones each user may bet from by SMS; one phone, one user. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { smsErrors } from '../errors.ts'
import { normalisePhone } from '../rules/phone.ts'

const SmsAgent = Type.Object({ PhoneId: Type.Integer(), Phone: Type.String(), UserId: Type.String(), Role: Type.String(), CreatedBy: Type.String(), CreatedDate: Type.String() })
interface Row { phone_id: string, phone: string, user_id: string, role: string, created_by: string, created_at: Date }
const toAgent = (r: Row) => ({ PhoneId: Number(r.phone_id), Phone: r.phone, UserId: r.user_id, Role: r.role, CreatedBy: r.created_by, CreatedDate: zoneIso(new Date(r.created_at)) })
const SELECT = 'SELECT p.*, u.role FROM sms_phones p JOIN users u ON u.user_id = p.user_id'

/** GET getSMSAgent, POST addSMSAgent, DELETE deleteSMSAgent/{id}. */
const smsAgentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/getSMSAgent', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ maxLength: 50, description: 'only this user\'s phones' })) }),
      response: envelope(Type.Array(SmsAgent))
    }
  }, async (request) => {
    const userId = request.query.UserId || null
    const { rows } = await app.db.query<Row>(`${SELECT} WHERE ($1::text IS NULL OR lower(p.user_id) = lower($1)) ORDER BY p.user_id, p.phone`, [userId])
    return ok(rows.map(toAgent))
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
      const { rows: [user] } = await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE lower(user_id) = lower($1) AND deleted_at IS NULL', [request.body.UserId])
      if (!user) throw errors.userNotFound(request.body.UserId)
      const { rows: [inserted] } = await tx.query<{ phone_id: string }>(
        'INSERT INTO sms_phones (phone, user_id, created_by, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (phone) DO NOTHING RETURNING phone_id', [phone, user.user_id, admin, app.gaNow()])
      if (!inserted) {
        const { rows: [owner] } = await tx.query<{ user_id: string }>('SELECT user_id FROM sms_phones WHERE phone = $1', [phone])
        throw smsErrors.phoneTaken(phone, owner?.user_id ?? 'another user')
      }
      await app.gaAudit(tx, request, { userId: admin, action: 'smsAgent.add', detail: { UserId: user.user_id, Phone: phone } })
      return (await tx.query<Row>(`${SELECT} WHERE p.phone_id = $1`, [inserted.phone_id])).rows[0]
    })
    // INSERT … RETURNING always answers the row: its absence is a fault (500), not a refusal.
    if (!row) throw new Error('the phone INSERT returned no row')
    return ok(toAgent(row))
  })

  app.delete('/deleteSMSAgent/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => {
    await app.db.transaction(async (tx) => {
      const { rows: [removed] } = await tx.query<{ phone: string, user_id: string }>('DELETE FROM sms_phones WHERE phone_id = $1 RETURNING phone, user_id', [request.params.id])
      if (!removed) throw smsErrors.phoneNotFound(request.params.id)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'smsAgent.delete', detail: { PhoneId: request.params.id, UserId: removed.user_id, Phone: removed.phone } })
    })
    return ok(true as const)
  })
}

export default smsAgentRoutes
