// Fixed (recurring) bets: POST bet/fixed, GET fixed/page3 and fixed/view, DELETE bet/fixed, POST fixed/process (ADMIN).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LINE_STAKE_BOUND, type Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { createFixed, fixedBetsOf, placeFixedNow, removeFixed } from '../api.ts'

const LineBody = Type.Object({
  Number: Type.Optional(Type.String({ maxLength: 4 })),
  Form: Type.Optional(Type.String({ maxLength: 10 })),
  Big: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })),
  Small: Type.Optional(Type.Number({ maximum: LINE_STAKE_BOUND })),
  Type: Type.Optional(Type.String({ maxLength: 10 })),
  Numbers: Type.Optional(Type.Array(Type.Integer(), { maxItems: 12 })),
  Units: Type.Optional(Type.Integer())
})
const FixedSchema = Type.Object({
  FixedId: Type.Integer(),
  UserId: Type.String(),
  PlacedBy: Type.String(),
  Game: Type.String(),
  DayCode: Type.String(),
  Lines: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  LinesText: Type.String(),
  StakePerDraw: Type.Number(),
  Active: Type.Boolean(),
  CreatedDate: Type.String()
})

/** Fixed (recurring) bets: stored lines with a day code, listed, deleted, and placed on the next draws by the fixed process (ADMIN). */
const fixedRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/bet/fixed', {
    schema: { body: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), DayCode: Type.String({ minLength: 1, maxLength: 4 }), Lines: Type.Array(LineBody, { minItems: 1, maxItems: 100 }), LocId: LocIdField }), response: envelope(FixedSchema) }
  }, async (request) => ok(await createFixed(app.db, callerOf(request), { game, userId: request.body.UserId, dayCode: request.body.DayCode, lines: request.body.Lines })))

  // fixed/page3: the group's standing bets; fixed/view: one user's own (the caller's without UserId).
  for (const [path, ownOnly] of [['/fixed/page3', false], ['/fixed/view', true]] as const) {
    app.get(path, {
      schema: { querystring: Type.Object({ UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Type.Array(FixedSchema)) }
    }, async (request) => ok(await fixedBetsOf(app.db, callerOf(request), { game, userId: request.query.UserId, ownOnly })))
  }

  app.delete('/bet/fixed', {
    schema: { querystring: Type.Object({ FixedId: Type.Integer({ minimum: 1, maximum: 2147483647 }), LocId: LocIdField }), response: envelope(Type.Literal(true)) }
  }, async (request) => ok(await removeFixed(app.db, callerOf(request), { game, fixedId: request.query.FixedId })))

  app.post('/fixed/process', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ LocId: LocIdField }),
      response: envelope(Type.Object({ Placed: Type.Array(Type.Object({ FixedId: Type.Integer(), TicketNo: Type.String() })), Failed: Type.Array(Type.Object({ FixedId: Type.Integer(), Message: Type.String() })) }))
    }
  }, async (request) => ok(await placeFixedNow(app.db, callerOf(request), { game })))
}

export default fixedRoutes
