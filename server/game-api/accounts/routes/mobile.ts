import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { mobileOf, writeMobile } from '../store/mobile.ts'
import { MobileNumber } from '../schemas.ts'

/** The caller's mobile number ('' when none is on file). */
const MobileAnswer = Type.Object({ UserId: Type.String(), Mobile: Type.String() })

/** GET mobile and PUT mobile: the caller's own mobile number (digits, an optional leading +, 6 to 20 characters); each change audited as preferences are. */
const mobileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mobile', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(MobileAnswer) }
  }, async (request) => {
    const { userId } = caller(request)
    return ok({ UserId: userId, Mobile: await mobileOf(app.db, userId) })
  })

  app.put('/mobile', {
    schema: {
      body: Type.Object({
        Mobile: MobileNumber,
        LocId: LocIdField
      }),
      response: envelope(MobileAnswer)
    }
  }, async (request) => {
    const { userId } = caller(request)
    const { Mobile } = request.body
    await app.db.transaction(async (tx) => {
      await writeMobile(tx, userId, Mobile)
      await app.gaAudit(tx, request, { userId, action: 'mobile.update', detail: { Mobile } })
    })
    return ok({ UserId: userId, Mobile })
  })
}

export default mobileRoutes
