// PUT …/credit, PUT …/suspend and DELETE …/{ParentId}/{UserId}: the calls that move credit or end access, each under the parent's row lock.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { confirmSuperPassword } from '../../lib/super-password.ts'
import { revokeUserTokens } from '../../lib/tokens.ts'
import { caller } from '../../plugins/auth.ts'
import { changeAccount } from '../store/change-account.ts'
import { markDeleted, takeCreditLeft, writeCredit, writeSuspended } from '../store/account-writes.ts'
import { accountErrors } from '../errors.ts'
import { assertManaged, type AccountKind } from '../store/kinds.ts'
import { creditProblem } from '../rules/downline-rules.ts'
import { AccountProfile, CreditBody, DeleteParams, SuperPasswordBody, SuspendBody, bodyMayBeAbsent } from '../schemas.ts'
import { deleteBlockers, historyOf, lockWithParent, type Locked } from '../store/accounts.ts'

/** The credit left a parent gives from, or undefined for the company (ADMIN), which issues credit without a limit of its own. */
export const givesFrom = (parent: Locked) => parent.role === 'ADMIN' ? undefined : parent.creditLeft

/** The credit, suspend and delete calls of one kind. */
const creditRoutes: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  app.put(`/${kind.prefix}/credit`, {
    schema: { body: CreditBody, response: envelope(AccountProfile) }
  }, async (request) => {
    const { UserId: userId, Credit: credit } = request.body
    await assertManaged(app.db, request, kind, userId)
    return ok(await changeAccount(app.db, userId, async (tx, target, parent) => {
      const problem = creditProblem({ userId, credit, oldCredit: target.credit, creditLeft: target.creditLeft }, parent.userId, givesFrom(parent))
      if (problem) throw problem
      const delta = credit - target.credit
      await writeCredit(tx, userId, credit, delta)
      if (givesFrom(parent) !== undefined) await takeCreditLeft(tx, parent.userId, delta)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: `${kind.prefix}.credit`, detail: { UserId: userId, from: target.credit, to: credit } })
    }))
  })

  app.put(`/${kind.prefix}/suspend`, {
    schema: { body: SuspendBody, response: envelope(AccountProfile) }
  }, async (request) => {
    const { UserId: userId, Suspended: suspended } = request.body
    await assertManaged(app.db, request, kind, userId)
    return ok(await changeAccount(app.db, userId, async (tx) => {
      await writeSuspended(tx, userId, suspended)
      // Signed-in sessions end at once, not at their idle timeout.
      if (suspended) await revokeUserTokens(tx, userId, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: `${kind.prefix}.${suspended ? 'suspend' : 'resume'}`, detail: { UserId: userId } })
    }))
  })

  app.delete(`/${kind.prefix}/:ParentId/:UserId`, {
    preValidation: bodyMayBeAbsent,
    schema: { params: DeleteParams, querystring: Type.Object({ LocId: LocIdField }), body: SuperPasswordBody, response: envelope(Type.Literal(true)) }
  }, async (request) => {
    const { ParentId: parentId, UserId: userId } = request.params
    await assertManaged(app.db, request, kind, userId)
    // A user with history is deleted only by the company, confirming with its super password (checked outside the transaction: a wrong try counts).
    const history = await historyOf(app.db, userId)
    if (history !== undefined) {
      if (caller(request).role !== 'ADMIN') throw accountErrors.deleteNeedsCompany(userId, history)
      await confirmSuperPassword(app.db, caller(request).userId, request.body.SuperPassword, app.gaNow())
    }
    await app.db.transaction(async (tx) => {
      const { target, parent } = await lockWithParent(tx, userId)
      if (!target || !parent) throw errors.userNotFound(userId)
      if (parent.userId !== parentId) throw accountErrors.notParent(parentId, userId, parent.userId)
      const blockers = await deleteBlockers(tx, userId, target.accBal)
      if (blockers.length > 0) throw errors.deleteRefused(userId, blockers.join('; '))
      // The row stays (tickets and reports name it) but the id is gone from every list and sign-in; its credit returns to the parent.
      await markDeleted(tx, userId, app.gaNow())
      await revokeUserTokens(tx, userId, app.gaNow())
      if (givesFrom(parent) !== undefined) await takeCreditLeft(tx, parent.userId, -target.credit)
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: `${kind.prefix}.delete`, detail: { UserId: userId, ParentId: parentId, Credit: target.credit } })
    })
    return ok(true as const)
  })
}

export default creditRoutes
