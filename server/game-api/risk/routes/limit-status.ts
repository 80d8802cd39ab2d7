// Out Setting 2 (GET outSetting2Full, outSetting2Exceed): the numbers of a draw a level keeps up to its limit, and those it keeps above it (a limit lowered after the bets).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { limitStandingsOf } from '../api-out-setting2.ts'

const Money = Type.Union([Type.Number(), Type.Null()])
const Row = Type.Object({
  Number: Type.String(),
  KeptBig: Type.Number(),
  LimitBig: Money,
  KeptSmall: Type.Number(),
  LimitSmall: Money,
  KeptUnits: Type.Number(),
  LimitUnits: Money,
  Excess: Type.Number({ description: 'what is kept above the limits, all bet types together' })
})
const Answer = Type.Object({ DrawId: Type.Union([Type.Integer(), Type.Null()]), DrawDate: Type.Union([Type.String(), Type.Null()]), UserId: Type.String(), rows: Type.Array(Row) })
const Query = Type.Object({ DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField })

/** GET outSetting2Full (kept has reached the limit) and outSetting2Exceed (kept is above it), per played number of a draw, net of throws. */
const limitStatusRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  for (const [path, exceed] of [['/outSetting2Full', false], ['/outSetting2Exceed', true]] as const) {
    app.get(path, { schema: { querystring: Query, response: envelope(Answer) } }, async (request) => ok(await limitStandingsOf(app.db, callerOf(request), { game, exceed, drawId: request.query.DrawId, userId: request.query.UserId })))
  }
}

export default limitStatusRoutes
