import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { betSummary, betSummaryByType, betSummaryByTypeSum, betSummaryByUser, betSummaryReport, summaryDraws, summaryShareUsers, summaryUsers, type Summary, type SummaryParams } from '../store/bet-summary.ts'
import type { Queryable } from '../../../shared/db.ts'
import { DrawSchema } from '../../draws/schemas.ts'
import { drawErrors } from '../../draws/errors.ts'
import { toDrawAnswer, type DrawRow } from '../../draws/api.ts'
import { assertSelfOrDownline, subjectOf } from '../../lib/downline-access.ts'

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
    }, async (request) => ok((await summaryDraws(app.db, await subjectOf(app.db, caller(request)), drawGame)).map((r) => toDrawAnswer(r as unknown as DrawRow, app.gaNow()))))
  }

  app.get('/betSummaryUserIdByShare', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(ShareUserSchema)) }
  }, async (request) => ok(await summaryShareUsers(app.db, await subjectOf(app.db, caller(request)), game)))

  app.get('/summary/userIds', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(Type.Array(UserSchema)) }
  }, async (request) => ok(await summaryUsers(app.db, await subjectOf(app.db, caller(request)), game, request.query.DrawId ?? null)))

  // A report's UserId is whose group it is about (its rows are that user's branches); the others' is whose own bets they count.
  const summaryRoute = (path: string, summary: (q: Queryable, p: SummaryParams) => Promise<Summary | undefined>, { report = false } = {}) => {
    app.get(path, { schema: { querystring: SummaryQuery, response: envelope(SummarySchema) } }, async (request) => {
      const user = caller(request)
      const { DrawId: drawId, UserId: userId } = request.query
      if (userId) await assertSelfOrDownline(app.db, user, userId)
      const root = await subjectOf(app.db, user, report ? userId : null)
      const answer = await summary(app.db, { root, game, drawId: drawId ?? null, userId: report ? null : userId || null })
      if (!answer) throw drawErrors.drawNotFound(Number(drawId))
      return ok(answer)
    })
  }
  summaryRoute('/betSummaryFull', betSummary)
  summaryRoute('/betSummary3Full', betSummaryByUser)
  summaryRoute('/betSummaryByType', betSummaryByType)
  summaryRoute('/betSummaryByTypeSum', betSummaryByTypeSum)
  summaryRoute('/bet/tally', betSummaryByTypeSum)
  summaryRoute('/betSummaryReportFull', betSummaryReport, { report: true })
}

export default summaryRoutes
