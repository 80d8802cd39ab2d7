// GET result/SMSString and GET result/feed (seed 001 §7): a draw's results SMS string, and the entered results as a feed.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SMS_LENGTH, type Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { resultSms, resultsFeed } from '../api-results.ts'

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

/** The results SMS string of a draw and the feed of entered results, of the prefix's game, for every signed-in user. */
const resultsFeedRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/result/SMSString', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(SmsStringSchema) }
  }, async (request) => ok(await resultSms(app.db, callerOf(request), { game, drawId: request.query.DrawId })))

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
    return ok(await resultsFeed(app.db, callerOf(request), { game, drawFrom: q.DrawFrom, drawTo: q.DrawTo, series: q.Series, limit: q.Limit }))
  })
}

export default resultsFeedRoutes
