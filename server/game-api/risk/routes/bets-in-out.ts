// Bets In / Bets Out (GET bet/byDayGroupByNumber, Choice 1 or 2): per number of a draw, what reached a level from its downline, and what it passed on or threw out.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { betsInOutOf } from '../api-exposure.ts'

const Row = Type.Object({
  Key: Type.String({ description: 'Number, Form and To together: one row each' }),
  Number: Type.String(),
  Form: Type.String({ description: '4D form or TOTO type; "throw" for an amount thrown out by hand' }),
  To: Type.String({ description: 'Bets Out: the upline it passed to, a distributor it was thrown to, or empty when it left the top' }),
  Big: Type.Number(),
  Small: Type.Number(),
  Units: Type.Number(),
  Amount: Type.Number(),
  Strike: Type.Number({ description: 'what the amount won once the draw is finalised: Bets In the payout on what came in, Bets Out on what went up or (a throw) what the distributor owes back' }),
  Bets: Type.Integer()
})
const Answer = Type.Object({
  DrawId: Type.Union([Type.Integer(), Type.Null()]),
  DrawDate: Type.Union([Type.String(), Type.Null()]),
  Choice: Type.Integer(),
  UserId: Type.String(),
  Total: Type.Number(),
  rows: Type.Array(Row)
})
/** GET bet/byDayGroupByNumber: Choice 1 is Bets In, Choice 2 Bets Out, of the caller (or a downline's UserId) in one draw. */
const betsInOutRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/bet/byDayGroupByNumber', {
    schema: {
      querystring: Type.Object({
        Choice: Type.Integer({ minimum: 1, maximum: 2, description: '1: Bets In (from the downline), 2: Bets Out (passed up or thrown out)' }),
        DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        UserId: Type.Optional(Type.String({ maxLength: 50 })),
        ViewDay: Type.Optional(Type.String({ maxLength: 2 })),
        LocId: LocIdField
      }),
      response: envelope(Answer)
    }
  }, async (request) => ok(await betsInOutOf(app.db, callerOf(request), { game, choice: request.query.Choice, drawId: request.query.DrawId, userId: request.query.UserId })))
}

export default betsInOutRoutes
