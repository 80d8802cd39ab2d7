import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import backRoutes from './claim-backs.ts'
import shareClaimReportRoutes from './claim-reports.ts'
import settingRoutes from './claim-settings.ts'
import claimRoutes from './claims.ts'
import groupSettingRoutes from './group-settings.ts'
import reportRoutes from './reports.ts'
import summaryRoutes from './summary.ts'

/** The reports domain's game endpoints (reports and their group settings, bet summaries, share claims with their claim-backs and settings), registered under each game prefix. */
const reportsRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(reportRoutes, { game })
  await app.register(summaryRoutes, { game })
  await app.register(shareClaimReportRoutes, { game })
  await app.register(claimRoutes, { game })
  await app.register(backRoutes, { game })
  await app.register(settingRoutes)
  await app.register(groupSettingRoutes)
}

export default reportsRoutes
