// Bets In / Bets Out (GET bet/byDayGroupByNumber, Choice 1 or 2): per number of a draw, what reached a level from its downline, and what it passed on or threw out.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { isoDateOf } from '../../draws/api.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { drawOf } from '../store/draw-of.ts'
import { betsInOrOut } from '../store/bets-in-out.ts'

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
  }, async (request) => {
    const user = caller(request)
    const { Choice: choice, DrawId: drawId } = request.query
    const userId = await subjectOf(app.db, user, request.query.UserId)
    const draw = await drawOf(app.db, game, drawId, app.gaNow())
    if (!draw) return ok({ DrawId: null, DrawDate: null, Choice: choice, UserId: userId, Total: 0, rows: [] })
    // Level rows of the viewer: level 0 is its own bet (nothing comes in to it), level > 0 its downline's.
    const rows = await betsInOrOut(app.db, choice === 1 ? 'in' : 'out', userId, Number(draw.draw_id))
    const toto = game === 'TOTO'
    const answer = rows.map((r) => ({
      Key: `${r.number}|${r.form}|${r.to_whom ?? ''}`,
      Number: r.number,
      Form: r.form,
      To: r.to_whom ?? '',
      Big: toto ? 0 : Number(r.big),
      Small: toto ? 0 : Number(r.small),
      Units: toto ? Number(r.amount) : 0,
      Amount: Number(r.amount),
      Strike: Number(r.strike),
      Bets: Number(r.bets)
    }))
    const total = Math.round(answer.reduce((s, r) => s + r.Amount, 0) * 100) / 100
    return ok({ DrawId: Number(draw.draw_id), DrawDate: isoDateOf(draw.draw_date), Choice: choice, UserId: userId, Total: total, rows: answer })
  })
}

export default betsInOutRoutes
