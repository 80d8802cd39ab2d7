// GET result/SMSString and GET result/feed (seed 001 §7): a draw's results SMS string, and the entered results as a feed.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SMS_LENGTH, resultSmsString, type FourDResult, type Game, type TotoResult } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { isoDateOf } from '../rules/draw-answer.ts'
import type { DrawRow } from '../types.ts'
import { drawErrors } from '../errors.ts'
import { existingDraw } from '../store/draw-by-id.ts'
import { resultsPage } from '../store/draw-lists.ts'
import { drawDateRange } from '../../lib/query-date.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647 })
const DateField = Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }))

const SmsStringSchema = Type.Object({
  DrawId: Type.Integer(),
  DrawDate: Type.String(),
  Series: Type.String(),
  SMSString: Type.String({ description: 'the whole result in one SMS' }),
  Length: Type.Integer({ description: `characters; at most ${SMS_LENGTH}` })
})
const FeedRow = Type.Object({
  DrawId: Type.Integer(),
  DrawDate: Type.String(),
  Series: Type.String(),
  Special: Type.Boolean(),
  IsFinalised: Type.Boolean({ description: 'false: the result may still be corrected before finalising' }),
  Result: Type.Record(Type.String(), Type.Unknown()),
  SMSString: Type.String()
})

/** A draw row's SMS string (its result entered). */
const smsOf = (draw: DrawRow) => resultSmsString({ series: draw.series, date: isoDateOf(draw.draw_date), special: draw.special }, draw.result as FourDResult | TotoResult)

/** The results SMS string of a draw and the feed of entered results, of the prefix's game, for every signed-in user. */
const resultsFeedRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/result/SMSString', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(SmsStringSchema) }
  }, async (request) => {
    const draw = await existingDraw(app.db, request.query.DrawId, { game })
    if (draw.result === null || draw.result === undefined) throw drawErrors.resultNotEntered(request.query.DrawId)
    const text = smsOf(draw)
    return ok({ DrawId: Number(draw.draw_id), DrawDate: isoDateOf(draw.draw_date), Series: draw.series, SMSString: text, Length: text.length })
  })

  app.get('/result/feed', {
    schema: {
      querystring: Type.Object({
        DrawFrom: DateField,
        DrawTo: DateField,
        Series: Type.Optional(Type.String({ maxLength: 10 })),
        Limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
        LocId: LocIdField
      }),
      response: envelope(Type.Object({ rows: Type.Array(FeedRow), count: Type.Integer({ description: 'draws with a result in the range; rows holds the newest Limit of them' }) }))
    }
  }, async (request) => {
    const q = request.query
    const range = drawDateRange(q)
    const { rows, count } = await resultsPage(app.db, game, { from: range.from, to: range.to, series: q.Series || null, limit: q.Limit ?? 50 })
    return ok({
      rows: rows.map((d) => ({ DrawId: Number(d.draw_id), DrawDate: isoDateOf(d.draw_date), Series: d.series, Special: d.special, IsFinalised: d.is_finalised, Result: d.result as Record<string, unknown>, SMSString: smsOf(d) })),
      count
    })
  })
}

export default resultsFeedRoutes
