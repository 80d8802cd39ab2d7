// Limit Setting (Control, TT only; seed 001 §7 limits): the most units a number and bet type may take per draw, ADMIN only.
// GET limit lists them with what the chosen (or next closing) draw has taken; POST and PUT limit, POST limit/delete, DELETE limit/{id}.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { createLimit, limitsOf, removeLimits, removeLimitsNamed, setLimitMax } from '../api.ts'

const MaxUnits = Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'the most units the number and bet type may take in one draw (0 stops it)' })
const BetType = Type.String({ minLength: 1, maxLength: 10, description: 'ORDINARY, SYSTEM, ROLL, 2*, 3*, 4*, *2, *3, *4, TO, TE or TT' })
const NumberText = Type.String({ maxLength: 60, description: 'the two-digit numbers of the line, spaces or commas between (none for TO, TE, TT)' })
const Limit = Type.Object({
  LimitId: Type.Integer(),
  Number: Type.String(),
  BetType: Type.String(),
  MaxUnits: Type.Number(),
  DrawId: Type.Union([Type.Integer(), Type.Null()]),
  Taken: Type.Number(),
  Left: Type.Number(),
  UpdatedBy: Type.String()
})

/** The limit calls of the prefix's game (registered for TOTO: Limit Setting is TT only). */
const limitRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/limit', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), LocId: LocIdField }), response: envelope(Type.Array(Limit)) }
  }, async (request) => ok(await limitsOf(app.db, callerOf(request), { game, drawId: request.query.DrawId })))

  app.post('/limit', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ Number: Type.Optional(NumberText), BetType, MaxUnits, LocId: LocIdField }), response: envelope(Type.Object({ LimitId: Type.Integer(), Number: Type.String(), BetType: Type.String(), MaxUnits: Type.Number() })) }
  }, async (request) => ok(await createLimit(app.db, callerOf(request), { game, betType: request.body.BetType, number: request.body.Number ?? '', maxUnits: request.body.MaxUnits })))

  app.put('/limit', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ LimitId: Type.Integer({ minimum: 1, maximum: 2147483647 }), MaxUnits, LocId: LocIdField }), response: envelope(Type.Object({ LimitId: Type.Integer(), MaxUnits: Type.Number() })) }
  }, async (request) => ok(await setLimitMax(app.db, callerOf(request), { game, limitId: request.body.LimitId, maxUnits: request.body.MaxUnits })))

  app.post('/limit/delete', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        LimitIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 1000 })),
        Number: Type.Optional(NumberText),
        BetType: Type.Optional(BetType),
        LocId: LocIdField
      }),
      response: envelope(Type.Object({ Deleted: Type.Integer() }))
    }
  }, async (request) => ok(await removeLimitsNamed(app.db, callerOf(request), { game, limitIds: request.body.LimitIds, betType: request.body.BetType, number: request.body.Number })))

  app.delete('/limit/:id', {
    onRequest: app.gaRequireAdmin,
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Deleted: Type.Integer() })) }
  }, async (request) => ok(await removeLimits(app.db, callerOf(request), { game, limitIds: [request.params.id] })))
}

export default limitRoutes
