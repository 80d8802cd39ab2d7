import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope } from '../../lib/envelope.ts'
import { jsonAnswer } from '../../lib/json-answer.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { directDownlineTreeJson } from '../store/child-counts.ts'

/** One direct downline: who it is, and how many users sit directly under it (a tree shows an opener when that is above 0). */
const DownLineRow = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Children: Type.Integer({ minimum: 0 }) })

/** GET mLoadDirectDownLine?UserId= (seed 001 common calls): the users directly under UserId (the caller's account when absent), staff admins left out, for a hierarchy tree opened node by node. */
const downLineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mLoadDirectDownLine', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose direct downline: the caller, a downline of theirs, anyone for ADMIN' }))
      }),
      response: envelope(Type.Array(DownLineRow))
    }
  }, async (request, reply) => {
    // Only within the caller's own tree (403 otherwise; ADMIN may open any existing user); a staff admin's tree is the company's.
    const parent = await subjectOf(app.db, caller(request), request.query.UserId)
    return jsonAnswer(request, reply, await directDownlineTreeJson(app.db, parent))
  })
}

export default downLineRoutes
