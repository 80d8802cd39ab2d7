// PUT {agents|players} (and players/update): name, flags and locations; PUT …/position: shares, commissions, tax. Checked against the parent under its row lock.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { AccountProfile, PositionBody, UpdateBody } from '../schemas.ts'
import { setPosition, updateAccount, type AccountKind } from '../api.ts'

/** The change and position calls of one kind. */
const changeRoutes: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  // Seed 001 §7 names PUT players/update beside PUT players: the same call.
  const paths = kind.prefix === 'players' ? ['/players', '/players/update'] : ['/agents']
  for (const path of paths) {
    app.put(path, { schema: { body: UpdateBody, response: envelope(AccountProfile) } }, async (request) => ok(await updateAccount(app.db, callerOf(request), { kind, body: request.body })))
  }

  app.put(`/${kind.prefix}/position`, {
    schema: { body: PositionBody, response: envelope(AccountProfile) }
  }, async (request) => ok(await setPosition(app.db, callerOf(request), { kind, body: request.body })))
}

export default changeRoutes
