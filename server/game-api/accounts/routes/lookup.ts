// GET memberTree, dMemberByRole and selectAllowEditShare: the look-ups the Agents, Players and Payments pages fill their pickers with.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { memberTree, membersByRole, positionBounds } from '../api-downline.ts'

const Member = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), ParentId: Type.Union([Type.String(), Type.Null()]), Depth: Type.Integer() })
const Bound = Type.Object({ Field: Type.String(), Min: Type.Number(), Max: Type.Number(), Step: Type.Number() })
const RoleField = Type.Union([Type.Literal('AG'), Type.Literal('MEM')], { description: 'AG or MEM' })

/** The look-up calls. */
const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The caller's whole tree (a staff admin's: the company's; or that of a user in it), flat, by depth: a tree widget or a user drop-down.
  app.get('/memberTree', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })) }), response: envelope(Type.Array(Member)) }
  }, async (request) => ok(await memberTree(app.db, callerOf(request), { userId: request.query.UserId })))

  app.get('/dMemberByRole', {
    schema: { querystring: Type.Object({ LocId: LocIdField, Role: RoleField }), response: envelope(Type.Array(Type.Object({ UserId: Type.String(), UserName: Type.String() }))) }
  }, async (request) => ok(await membersByRole(app.db, callerOf(request), { role: request.query.Role })))

  // What a parent may give a new or existing downline: each position field's range, narrowed to the parent's own value.
  app.get('/selectAllowEditShare', {
    schema: { querystring: Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'the parent (default: the caller; a staff admin: its company)' })) }), response: envelope(Type.Array(Bound)) }
  }, async (request) => ok(await positionBounds(app.db, callerOf(request), { userId: request.query.UserId })))
}

export default lookupRoutes
