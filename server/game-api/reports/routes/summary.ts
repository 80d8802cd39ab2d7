import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { DrawSchema } from '../../draws/schemas.ts'
import { betSummaryOf, summaryDrawsOf, summaryShareUsersOf, summaryUsersOf, type SummaryView } from '../api-bet-summary.ts'

const DrawIdField = Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 }))
const SummaryQuery = Type.Object({
  DrawId: DrawIdField,
  UserId: Type.Optional(Type.String({ maxLength: 50 })),
  LocId: LocIdField,
  // Sent by the client: a cache-buster and the view name; they do not change the answer.
  rand: Type.Optional(Type.String({ maxLength: 40 })),
  VW: Type.Optional(Type.String({ maxLength: 40 }))
})
const SummarySchema = Type.Object({
  DrawId: Type.Union([Type.Integer(), Type.Null()]),
  DrawDate: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  totals: Type.Record(Type.String(), Type.Unknown(), { description: 'sums over every bet of the draw' }),
  count: Type.Integer({ description: 'every row the query found; rows may be cut to the first 5,000' })
})
const UserSchema = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), ParentId: Type.Union([Type.String(), Type.Null()]) })
const ShareUserSchema = Type.Object({ ...UserSchema.properties, Share: Type.Number({ description: 'dShare (4D) or tShare (TOTO)' }) })

/**
 * Bet summaries of the caller's group, a staff admin's being the company's (summary/drawDate(T), summary/userIds, betSummaryUserIdByShare,
 * betSummaryFull, betSummary3Full, betSummaryByType(Sum), betSummaryReportFull, and bet/tally, the ticket list's footer); UserId must be the caller or a downline.
 */
const summaryRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  // drawDateT: the TOTO draws, read under the 4D location as payRatesT and searchT are.
  for (const [path, drawGame] of [['/summary/drawDate', game], ['/summary/drawDateT', 'TOTO']] as const) {
    app.get(path, {
      schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(DrawSchema)) }
    }, async (request) => ok(await summaryDrawsOf(app.db, callerOf(request), { game: drawGame })))
  }

  app.get('/betSummaryUserIdByShare', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(ShareUserSchema)) }
  }, async (request) => ok(await summaryShareUsersOf(app.db, callerOf(request), { game })))

  app.get('/summary/userIds', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(Type.Array(UserSchema)) }
  }, async (request) => ok(await summaryUsersOf(app.db, callerOf(request), { game, drawId: request.query.DrawId })))

  // Each path is one view of betSummaryOf; bet/tally (the ticket list's footer) is the bet-type sums.
  for (const [path, view] of [
    ['/betSummaryFull', 'full'], ['/betSummary3Full', 'byUser'], ['/betSummaryByType', 'byType'], ['/betSummaryByTypeSum', 'byTypeSum'], ['/bet/tally', 'byTypeSum'],
    ['/betSummaryReportFull', 'report']
  ] as const satisfies ReadonlyArray<readonly [string, SummaryView]>) {
    app.get(path, { schema: { querystring: SummaryQuery, response: envelope(SummarySchema) } }, async (request) => ok(await betSummaryOf(app.db, callerOf(request), { game, view, drawId: request.query.DrawId, userId: request.query.UserId })))
  }
}

export default summaryRoutes
