// GET {agents|players}/directDownLine, /search, /profile: the caller's downline of one kind (a staff admin's: the company's).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { jsonAnswer } from '../../lib/json-answer.ts'
import { callerOf } from '../../plugins/auth.ts'
import type { AccountKind } from '../api.ts'
import { AccountProfile, AccountRow, ListQuery, ProfileQuery, SearchQuery } from '../schemas.ts'
import { accountProfileOfKind, directDownlineOfKind, searchDownlineOfKind } from '../api-downline.ts'

/** The read calls of one kind. */
const accountReadRoutes: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  app.get(`/${kind.prefix}/directDownLine`, {
    schema: { querystring: ListQuery, response: envelope(Type.Array(AccountRow)) }
  }, async (request, reply) => jsonAnswer(request, reply, await directDownlineOfKind(app.db, callerOf(request), { kind, userId: request.query.UserId })))

  app.get(`/${kind.prefix}/search`, {
    schema: { querystring: SearchQuery, response: envelope(Type.Array(AccountRow)) }
  }, async (request) => ok(await searchDownlineOfKind(app.db, callerOf(request), { kind, userId: request.query.UserId, text: request.query.txtSearch })))

  app.get(`/${kind.prefix}/profile`, {
    schema: { querystring: ProfileQuery, response: envelope(AccountProfile) }
  }, async (request) => ok(await accountProfileOfKind(app.db, callerOf(request), { kind, userId: request.query.UserId })))
}

export default accountReadRoutes
