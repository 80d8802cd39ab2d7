import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline } from './betting/store/hierarchy.ts'
import { CHILDREN, childCountsJoin } from '../../lib/child-counts.ts'

/** One direct downline: who it is, and how many users sit directly under it (a tree shows an opener when that is above 0). */
const DownLineRow = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Children: Type.Integer({ minimum: 0 }) })

/** GET mLoadDirectDownLine?UserId= (seed 001 common calls): the users directly under UserId (the caller when absent), for a hierarchy tree opened node by node. */
const downLineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mLoadDirectDownLine', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose direct downline: the caller, a downline of theirs, anyone for ADMIN' }))
      }),
      response: envelope(Type.Array(DownLineRow))
    }
  }, async (request) => {
    const user = caller(request)
    const parent = request.query.UserId ?? user.userId
    // Only within the caller's own tree (403 otherwise; ADMIN may open any existing user).
    await assertSelfOrDownline(app.db, user, parent)
    const { rows } = await app.db.query<{ user_id: string, alias_id: string, role: string, children: string | number }>(
      `SELECT u.user_id, u.alias_id, u.role, ${CHILDREN} FROM users u
         ${childCountsJoin('SELECT user_id FROM users WHERE parent_id = $1 AND deleted_at IS NULL')}
       WHERE u.parent_id = $1 AND u.deleted_at IS NULL ORDER BY u.user_id`, [parent])
    return ok(rows.map((r) => ({ UserId: r.user_id, UserName: r.alias_id, Role: r.role, Children: Number(r.children) })))
  })
}

export default downLineRoutes
