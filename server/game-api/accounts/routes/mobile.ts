import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { MobileNumber } from '../schemas.ts'
import { ownMobile, setMobile } from '../api.ts'

/** The caller's mobile number ('' when none is on file). */
const MobileAnswer = Type.Object({ UserId: Type.String(), Mobile: Type.String() })

/** GET mobile and PUT mobile: the caller's own mobile number (digits, an optional leading +, 6 to 20 characters); each change audited as preferences are. */
const mobileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mobile', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(MobileAnswer) }
  }, async (request) => ok(await ownMobile(app.db, callerOf(request))))

  app.put('/mobile', {
    schema: {
      body: Type.Object({
        Mobile: MobileNumber,
        LocId: LocIdField
      }),
      response: envelope(MobileAnswer)
    }
  }, async (request) => ok(await setMobile(app.db, callerOf(request), { mobile: request.body.Mobile })))
}

export default mobileRoutes
