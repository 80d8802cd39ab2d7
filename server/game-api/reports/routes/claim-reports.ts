// GET reportDownLine (what an upline claims from each direct downline, live), selectReportShareClaim (the company view: who holds a group's win/loss)
// and PUT generateReportPlaceOutShareMix (per draw, the group's kept, upline and placed-out parts).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { ReportSchema } from '../../betting/schemas.ts'
import { PeriodFields } from '../schemas.ts'
import { placeOutShareMixOf, shareClaimCompanyOf, shareClaimDownLineOf } from '../api.ts'

const CompanyReport = Type.Intersect([ReportSchema, Type.Object({ WinLoss: Type.Number({ description: 'the group\'s settled win/loss: stake less payout' }) })])

/** The live share-claim reports, from settled bets and their level rows. */
const shareClaimReportRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/reportDownLine', { schema: { querystring: Type.Object(PeriodFields), response: envelope(ReportSchema) } }, async (request) => ok(await shareClaimDownLineOf(app.db, callerOf(request), { game, query: request.query })))

  app.get('/selectReportShareClaim', { schema: { querystring: Type.Object(PeriodFields), response: envelope(CompanyReport) } }, async (request) => ok(await shareClaimCompanyOf(app.db, callerOf(request), { game, query: request.query })))

  // Computed when asked (a read of settled bets, nothing stored): the company view's holders summed per draw into the group, above it, and Out.
  app.put('/generateReportPlaceOutShareMix', { schema: { body: Type.Object(PeriodFields), response: envelope(ReportSchema) } }, async (request) => ok(await placeOutShareMixOf(app.db, callerOf(request), { game, body: request.body })))
}

export default shareClaimReportRoutes
