// PUT …/credit, PUT …/suspend and DELETE …/{ParentId}/{UserId}: the calls that move credit or end access, each under the parent's row lock.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { AccountProfile, CreditBody, DeleteParams, SuperPasswordBody, SuspendBody, bodyMayBeAbsent } from '../schemas.ts'
import { deleteAccount, setCredit, setSuspended, type AccountKind } from '../api.ts'

/** The credit, suspend and delete calls of one kind. */
const creditRoutes: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  app.put(`/${kind.prefix}/credit`, {
    schema: { body: CreditBody, response: envelope(AccountProfile) }
  }, async (request) => ok(await setCredit(app.db, callerOf(request), { kind, userId: request.body.UserId, credit: request.body.Credit })))

  app.put(`/${kind.prefix}/suspend`, {
    schema: { body: SuspendBody, response: envelope(AccountProfile) }
  }, async (request) => ok(await setSuspended(app.db, callerOf(request), { kind, userId: request.body.UserId, suspended: request.body.Suspended })))

  app.delete(`/${kind.prefix}/:ParentId/:UserId`, {
    preValidation: bodyMayBeAbsent,
    schema: { params: DeleteParams, querystring: Type.Object({ LocId: LocIdField }), body: SuperPasswordBody, response: envelope(Type.Literal(true)) }
  }, async (request) => ok(await deleteAccount(app.db, callerOf(request), { kind, parentId: request.params.ParentId, userId: request.params.UserId, superPassword: request.body.SuperPassword })))
}

export default creditRoutes
