// Recorded share claims: GET shareClaim (list), POST shareClaim (record one downline's), PUT generateShareClaimReport (record a whole group's), DELETE shareClaim/:id.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { ClaimSchema, PeriodFields } from '../schemas.ts'
import { claimsOf, recordDownlineClaims, recordGroupClaimsOf, removeClaim } from '../api.ts'

const UserRef = Type.String({ minLength: 1, maxLength: 50 })

/** The recorded claims of the Share Claim page. */
const claimRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/shareClaim', {
    schema: { querystring: Type.Object({ ...PeriodFields, DownlineId: Type.Optional(Type.String({ maxLength: 50 })) }), response: envelope(Type.Array(ClaimSchema)) }
  }, async (request) => ok(await claimsOf(app.db, callerOf(request), { game, query: request.query })))

  app.post('/shareClaim', {
    schema: { body: Type.Object({ ...PeriodFields, DownlineId: UserRef }), response: envelope(Type.Array(ClaimSchema)) }
  }, async (request) => ok(await recordDownlineClaims(app.db, callerOf(request), { game, body: request.body })))

  app.put('/generateShareClaimReport', {
    schema: { body: Type.Object(PeriodFields), response: envelope(Type.Object({ DrawFrom: Type.String(), DrawTo: Type.String(), Claims: Type.Integer() })) }
  }, async (request) => ok(await recordGroupClaimsOf(app.db, callerOf(request), { game, body: request.body })))

  app.delete('/shareClaim/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Deleted: Type.Integer() })) }
  }, async (request) => ok(await removeClaim(app.db, callerOf(request), { game, claimId: request.params.id })))
}

export default claimRoutes
