// Distributor partners (Out Setting 3): the downline agents and admins an owner lets throw to its distributor too, and the outlet's web address.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { partnerCandidatesOf, setPartners } from '../api.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Candidate = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), Partner: Type.Boolean() })
const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
// An http(s) address only: the page shows it as a link, so no javascript: or data: address may be stored.
const Web = Type.String({ maxLength: 200, pattern: '^(https?://[^\\s<>"]+)?$', description: 'the outlet\'s web address (http:// or https://); empty clears it; absent keeps it' })

/** GET distributors/users/{id}; PUT distributors/{id}/partners. Both the owner's only. */
const partnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/distributors/users/:id', {
    schema: { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Candidate)) }
  }, async (request) => ok(await partnerCandidatesOf(app.db, callerOf(request), { distributorId: request.params.id })))

  app.put('/distributors/:id/partners', {
    schema: {
      params: Type.Object({ id: Id }),
      body: Type.Object({ UserIds: Type.Array(UserRef, { maxItems: 500, uniqueItems: true, description: 'the partners, replacing the list; empty: none' }), Web: Type.Optional(Web), LocId: LocIdField }),
      response: envelope(Type.Array(Type.String()))
    }
  }, async (request) => ok(await setPartners(app.db, callerOf(request), { distributorId: request.params.id, userIds: request.body.UserIds, web: request.body.Web })))
}

export default partnerRoutes
