// GET {agents|players}/directDownLine, /search, /profile: the caller's downline of one kind (a staff admin's: the company's).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { jsonAnswer } from '../../lib/json-answer.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline, subjectOf } from '../../lib/downline-access.ts'
import type { AccountKind } from '../store/kinds.ts'
import { AccountProfile, AccountRow, ListQuery, ProfileQuery, SearchQuery } from '../schemas.ts'
import { directDownlineJson, loadAccount, searchDownline } from '../store/accounts.ts'

/** The read calls of one kind. */
const accountReadRoutes: FastifyPluginAsyncTypebox<{ kind: AccountKind }> = async (app, { kind }) => {
  app.get(`/${kind.prefix}/directDownLine`, {
    schema: { querystring: ListQuery, response: envelope(Type.Array(AccountRow)) }
  }, async (request, reply) => jsonAnswer(request, reply, await directDownlineJson(app.db, await subjectOf(app.db, caller(request), request.query.UserId), kind.role)))

  app.get(`/${kind.prefix}/search`, {
    schema: { querystring: SearchQuery, response: envelope(Type.Array(AccountRow)) }
  }, async (request) => {
    const root = await subjectOf(app.db, caller(request), request.query.UserId)
    return ok(await searchDownline(app.db, root, kind.role, request.query.txtSearch.trim()))
  })

  app.get(`/${kind.prefix}/profile`, {
    schema: { querystring: ProfileQuery, response: envelope(AccountProfile) }
  }, async (request) => {
    const userId = request.query.UserId
    await assertSelfOrDownline(app.db, caller(request), userId)
    const profile = await loadAccount(app.db, userId)
    if (!profile) throw errors.userNotFound(userId)
    if (profile.Role !== kind.role) throw errors.wrongAccountKind(userId, kind.prefix, kind.other)
    return ok(profile)
  })
}

export default accountReadRoutes
