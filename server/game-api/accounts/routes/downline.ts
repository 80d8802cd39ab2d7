import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope } from '../../lib/envelope.ts'
import { jsonAnswer } from '../../lib/json-answer.ts'
import { callerOf } from '../../plugins/auth.ts'
import { directDownlineTree } from '../api-downline.ts'

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
  }, async (request, reply) => jsonAnswer(request, reply, await directDownlineTree(app.db, callerOf(request), { userId: request.query.UserId })))
}

export default downLineRoutes
