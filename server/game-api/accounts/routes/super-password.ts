// PUT super-password (seed 001 §7, issue 14): an ADMIN holding SuperPwd sets their super password, proving who they are with the sign-in password.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { brokenPasswordMessages } from '../../../../schemas/domain/password-rules.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../../lib/secrets.ts'
import { writeSuperPassword } from '../../lib/super-password.ts'
import { passwordHashOf } from '../../lib/users.ts'
import { caller } from '../../plugins/auth.ts'
import { assertAdminPermission } from '../store/permissions.ts'

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
  }, async (request) => {
    const user = caller(request)
    await assertAdminPermission(app.db, caller(request), 'SuperPwd')
    const { Password, SuperPassword1, SuperPassword2 } = request.body
    // The same six rules as the sign-in password (schemas/domain/password-rules.ts), then the confirmation.
    const broken = brokenPasswordMessages(SuperPassword1, SuperPassword2)
    if (broken.length > 0) throw errors.passwordRules(broken)
    const passwordHash = await passwordHashOf(app.db, user.userId)
    if (passwordHash === undefined || !await verifyPassword(Password, passwordHash)) throw errors.oldPasswordWrong()
    if (await verifyPassword(SuperPassword1, passwordHash)) throw errors.superPasswordSame()
    const hash = await hashPassword(SuperPassword1)
    await app.db.transaction(async (tx) => {
      const replaced = await writeSuperPassword(tx, user.userId, hash)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'superPassword.set', detail: { replaced } })
    })
    return ok({ SuperPasswordSet: true as const })
  })
}

export default superPasswordRoutes
