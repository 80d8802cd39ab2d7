// Out Setting 2 (GET outSetting2Full, outSetting2Exceed): the numbers of a draw a level keeps up to its limit, and those it keeps above it (a limit lowered after the bets).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { isoDateOf } from '../../draws/api.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { assertOutSet } from '../store/out-set.ts'
import { drawOf } from '../store/draw-of.ts'
import { above, reachedWhere, standings } from '../store/excess.ts'

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
const round = (v: number) => Math.round(v * 100) / 100

/** GET outSetting2Full (kept has reached the limit) and outSetting2Exceed (kept is above it), per played number of a draw, net of throws. */
const limitStatusRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('preHandler', async (request) => { await assertOutSet(app.db, caller(request)) })

  const list = (exceed: boolean) => async (request: { query: { DrawId?: number | undefined, UserId?: string | undefined } }, user: ReturnType<typeof caller>) => {
    // A staff admin watches the company's intake (subjectOf).
    const userId = await subjectOf(app.db, user, request.query.UserId)
    const draw = await drawOf(app.db, game, request.query.DrawId, app.gaNow())
    if (!draw) return ok({ DrawId: null, DrawDate: null, UserId: userId, rows: [] })
    const rows = await standings(app.db, game, Number(draw.draw_id), userId, reachedWhere(exceed))
    return ok({
      DrawId: Number(draw.draw_id),
      DrawDate: isoDateOf(draw.draw_date),
      UserId: userId,
      rows: rows.map((r) => ({
        Number: r.number,
        KeptBig: round(r.big),
        LimitBig: r.lb,
        KeptSmall: round(r.small),
        LimitSmall: r.ls,
        KeptUnits: round(r.units),
        LimitUnits: r.lu,
        Excess: round(above(r.big, r.lb) + above(r.small, r.ls) + above(r.units, r.lu))
      }))
    })
  }
  app.get('/outSetting2Full', { schema: { querystring: Query, response: envelope(Answer) } }, async (request) => list(false)(request, caller(request)))
  app.get('/outSetting2Exceed', { schema: { querystring: Query, response: envelope(Answer) } }, async (request) => list(true)(request, caller(request)))
}

export default limitStatusRoutes
