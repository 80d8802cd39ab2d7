// GET reportDownLine (what an upline claims from each direct downline, live), selectReportShareClaim (the company view: who holds a group's win/loss)
// and PUT generateReportPlaceOutShareMix (per draw, the group's kept, upline and placed-out parts).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { shareClaimCompany, shareClaimDownLine } from '../store/share-claim.ts'
import { placeOutShareMix } from '../store/share-mix.ts'
import { ReportSchema } from '../../betting/schemas.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { assertCompanyView, assertShareClaimAdmin } from '../store/claim-access.ts'
import { PeriodFields, periodOf } from '../store/claim-period.ts'

const CompanyReport = Type.Intersect([ReportSchema, Type.Object({ WinLoss: Type.Number({ description: 'the group\'s settled win/loss: stake less payout' }) })])

/** The live share-claim reports, from settled bets and their level rows. */
const shareClaimReportRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/reportDownLine', { schema: { querystring: Type.Object(PeriodFields), response: envelope(ReportSchema) } }, async (request) => {
    await assertShareClaimAdmin(app.db, caller(request))
    const userId = await subjectOf(app.db, caller(request), request.query.UserId)
    return ok(await shareClaimDownLine(app.db, { userId, game, ...periodOf(request.query, 'querystring') }))
  })

  app.get('/selectReportShareClaim', { schema: { querystring: Type.Object(PeriodFields), response: envelope(CompanyReport) } }, async (request) => {
    await assertCompanyView(app.db, caller(request))
    const userId = await subjectOf(app.db, caller(request), request.query.UserId)
    return ok(await shareClaimCompany(app.db, { userId, game, ...periodOf(request.query, 'querystring') }))
  })

  // Computed when asked (a read of settled bets, nothing stored): the company view's holders summed per draw into the group, above it, and Out.
  app.put('/generateReportPlaceOutShareMix', { schema: { body: Type.Object(PeriodFields), response: envelope(ReportSchema) } }, async (request) => {
    await assertCompanyView(app.db, caller(request))
    const userId = await subjectOf(app.db, caller(request), request.body.UserId)
    return ok(await placeOutShareMix(app.db, { userId, game, ...periodOf(request.body, 'body') }))
  })
}

export default shareClaimReportRoutes
