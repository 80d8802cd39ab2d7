// PUT super-password (seed 001 §7, issue 14): an ADMIN holding SuperPwd sets their super password, proving who they are with the sign-in password.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PlainText } from '../../../../schemas/common.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { setSuperPassword } from '../api.ts'

const Secret = PlainText({ maxLength: 200 })
/** The super password call. */
const superPasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put('/super-password', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        Password: PlainText({ maxLength: 200, description: 'the caller\'s sign-in password' }),
        SuperPassword1: Secret,
        SuperPassword2: Secret,
        LocId: LocIdField
      }),
      response: envelope(Type.Object({ SuperPasswordSet: Type.Literal(true) }))
    }
  }, async (request) => ok(await setSuperPassword(app.db, callerOf(request), { password: request.body.Password, superPassword1: request.body.SuperPassword1, superPassword2: request.body.SuperPassword2 })))
}

export default superPasswordRoutes
