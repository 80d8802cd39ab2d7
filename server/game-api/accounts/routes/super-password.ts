// PUT super-password (seed 001 §7, issue 14): an ADMIN holding SuperPwd sets their super password, proving who they are with the sign-in password.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { brokenPasswordMessages } from '../../../../schemas/domain/password-rules.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../../lib/secrets.ts'
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
    const { rows: [me] } = await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE user_id = $1', [user.userId])
    if (!me || !await verifyPassword(Password, me.password_hash)) throw errors.oldPasswordWrong()
    if (await verifyPassword(SuperPassword1, me.password_hash)) throw errors.superPasswordSame()
    const hash = await hashPassword(SuperPassword1)
    await app.db.transaction(async (tx) => {
      const { rows: [was] } = await tx.query<{ had: boolean }>('SELECT super_password_hash IS NOT NULL AS had FROM users WHERE user_id = $1 FOR UPDATE', [user.userId])
      await app.gaAudit(tx, request, { userId: user.userId, action: 'superPassword.set', detail: { replaced: was?.had === true } })
      // A new secret starts with no wrong tries and no lock.
      await tx.query('UPDATE users SET super_password_hash = $2, super_password_failures = 0, super_password_locked_until = NULL WHERE user_id = $1', [user.userId, hash])
    })
    return ok({ SuperPasswordSet: true as const })
  })
}

export default superPasswordRoutes
