import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { DrawResultSchema } from '../schemas.ts'
import { FinaliseStatusSchema } from '../jobs/finalise.ts'
import { enterResult, finaliseStatusOf, queueFinalise, resetResult, resultPreview } from '../api-results.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647 })

const PreviewSchema = Type.Object({
  DrawId: Type.Integer(),
  IsFinalised: Type.Boolean(),
  Tiers: Type.Array(Type.Object({ Prize: Type.String(), Hits: Type.Integer(), Bets: Type.Integer(), Tickets: Type.Integer(), Payout: Type.Number() })),
  WinningBets: Type.Integer(),
  WinningTickets: Type.Integer(),
  Stake: Type.Number(),
  Commission: Type.Number(),
  Payout: Type.Number(),
  OperatorResult: Type.Number(),
  Summary: Type.Array(Type.Object({ WinningBets: Type.Integer(), WinningTickets: Type.Integer(), Stake: Type.Number(), Commission: Type.Number(), Payout: Type.Number(), OperatorResult: Type.Number() }))
})
const ResetSchema = Type.Object({ DrawId: Type.Integer(), Reversed: Type.Integer(), Bets: Type.Integer(), ResultCleared: Type.Boolean() })

/** Results of the prefix's game (ADMIN): entry, preview, finalising as a job with its status, and reset. */
const resultRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/draw/result', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        DrawId: DrawIdField,
        Result: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'the result as JSON; or the form\'s flat fields below' })),
        First: Type.Optional(Type.String({ maxLength: 10 })),
        Second: Type.Optional(Type.String({ maxLength: 10 })),
        Third: Type.Optional(Type.String({ maxLength: 10 })),
        Starters: Type.Optional(Type.String({ maxLength: 200, description: '10 numbers, spaces or commas between' })),
        Consolations: Type.Optional(Type.String({ maxLength: 200 })),
        Winning: Type.Optional(Type.String({ maxLength: 100, description: '6 numbers, spaces or commas between' })),
        Additional: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])),
        LocId: LocIdField
      }),
      response: envelope(DrawResultSchema)
    }
  }, async (request) => ok(await enterResult(app.db, callerOf(request), { game, drawId: request.body.DrawId, result: request.body.Result, flat: request.body })))

  app.get('/result/report', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(PreviewSchema) }
  }, async (request) => ok(await resultPreview(app.db, callerOf(request), { game, drawId: request.query.DrawId })))

  app.post('/result/r5', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(FinaliseStatusSchema) }
  }, async (request) => {
    const status = await queueFinalise(app.db, callerOf(request), { game, drawId: request.body.DrawId })
    // Any instance's runner takes it; this one is woken so a single instance starts at once.
    app.jobs.wake()
    return ok(status)
  })

  app.get('/result/r5/:id/status', {
    onRequest: app.gaRequireAdmin,
    schema: { params: Type.Object({ id: DrawIdField }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(FinaliseStatusSchema) }
  }, async (request) => ok(await finaliseStatusOf(app.db, callerOf(request), { game, drawId: request.params.id })))

  // reset6 undoes finalising and keeps the result (to correct rates or bets and finalise again); reset7 clears the result too.
  for (const [path, clearResult] of [['/result/reset6/:id', false], ['/result/reset7/:id', true]] as const) {
    app.put(path, {
      onRequest: app.gaRequireAdmin,
      schema: {
        params: Type.Object({ id: DrawIdField }),
        body: Type.Object({ SuperPassword: Type.Optional(PlainText({ maxLength: 200, description: 'the caller\'s super password, confirming the reset' })), LocId: LocIdField }),
        response: envelope(ResetSchema)
      }
    }, async (request) => ok(await resetResult(app.db, callerOf(request), { game, drawId: request.params.id, clearResult, superPassword: request.body.SuperPassword })))
  }
}

export default resultRoutes
