// Claim-backs, settling recorded claims: POST shareClaimBackSelect (the open claims to choose from), PUT shareClaimBackImport (import the chosen
// ones as one claim-back), POST shareClaimBack (one recorded by hand), PUT shareClaimBack (settle it), DELETE shareClaimBack/:id (undo an
// unsettled one), GET selectReportShareClaimBack.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { ClaimSchema, PeriodFields } from '../schemas.ts'
import { claimBacksOf, createClaimBack, importClaimBack, openClaimsOf, removeClaimBack, settleClaimBack } from '../api.ts'

const BackSchema = Type.Object({
  ClaimBackId: Type.Integer(),
  UplineId: Type.String(),
  UserId: Type.String({ description: 'the downline' }),
  Amount: Type.Number({ description: 'the sum of its claims: positive, the downline pays the upline' }),
  Claims: Type.Integer(),
  DrawFrom: Type.String(),
  DrawTo: Type.String(),
  Status: Type.Union([Type.Literal('open'), Type.Literal('settled')]),
  Remarks: Type.String(),
  CreatedDate: Type.String(),
  SettledDate: Type.Union([Type.String(), Type.Null()])
})
const IdField = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Remarks = Type.Optional(Type.String({ maxLength: 200 }))

/** The claim-back flow of the Share Claim page. */
const backRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/shareClaimBackSelect', {
    schema: {
      body: Type.Object({ ...PeriodFields, DownlineId: Type.String({ minLength: 1, maxLength: 50 }) }),
      response: envelope(Type.Object({ Claims: Type.Array(ClaimSchema), Total: Type.Number() }))
    }
  }, async (request) => ok(await openClaimsOf(app.db, callerOf(request), { game, body: request.body })))

  app.put('/shareClaimBackImport', {
    schema: { body: Type.Object({ ClaimIds: Type.Array(IdField, { maxItems: 1000 }), Remarks, LocId: LocIdField }), response: envelope(BackSchema) }
  }, async (request) => ok(await importClaimBack(app.db, callerOf(request), { game, claimIds: request.body.ClaimIds, remarks: request.body.Remarks })))

  // An amount agreed with a direct downline outside the recorded claims (a correction, an advance), settled like any other claim-back.
  app.post('/shareClaimBack', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        UserId: Type.Optional(Type.String({ maxLength: 50, description: 'the upline (default: the caller)' })),
        DownlineId: Type.String({ minLength: 1, maxLength: 50 }),
        Amount: Type.Number({ minimum: -999999999, maximum: 999999999, description: 'positive: the downline pays the upline; in cents, not 0' }),
        Remarks
      }),
      response: envelope(BackSchema)
    }
  }, async (request) => ok(await createClaimBack(app.db, callerOf(request), { game, body: request.body })))

  app.put('/shareClaimBack', {
    schema: { body: Type.Object({ ClaimBackId: IdField, Remarks, LocId: LocIdField }), response: envelope(BackSchema) }
  }, async (request) => ok(await settleClaimBack(app.db, callerOf(request), { game, claimBackId: request.body.ClaimBackId, remarks: request.body.Remarks })))

  app.delete('/shareClaimBack/:id', {
    schema: { params: Type.Object({ id: IdField }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Deleted: Type.Integer() })) }
  }, async (request) => ok(await removeClaimBack(app.db, callerOf(request), { game, claimBackId: request.params.id })))

  app.get('/selectReportShareClaimBack', {
    schema: { querystring: Type.Object({ ...PeriodFields, DownlineId: Type.Optional(Type.String({ maxLength: 50 })) }), response: envelope(Type.Array(BackSchema)) }
  }, async (request) => ok(await claimBacksOf(app.db, callerOf(request), { game, query: request.query })))
}

export default backRoutes
