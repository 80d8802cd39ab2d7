// POST agents and POST players (?Simple=true): a new downline under the caller (a staff admin: its company) or a user of their tree, with a one-time password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { CreateBody, CreateQuery, Created } from '../schemas.ts'
import { createAccount, type AccountKind } from '../api.ts'

/** The create call of one kind. */
const createRoute: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  app.post(`/${kind.prefix}`, {
    schema: { querystring: CreateQuery, body: CreateBody, response: envelope(Created) }
  }, async (request) => ok(await createAccount(app.db, callerOf(request), { kind, body: request.body, simple: request.query.Simple === true })))
}

export default createRoute
