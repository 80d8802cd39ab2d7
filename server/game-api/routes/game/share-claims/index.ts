import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../betting/index.ts'
import backRoutes from './back-routes.ts'
import claimRoutes from './claim-routes.ts'
import shareClaimReportRoutes from './report-routes.ts'
import settingRoutes from './setting-routes.ts'

/** The share-claim endpoints (reports, recorded claims, claim-backs, settings), registered under each game prefix. */
const shareClaimRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(shareClaimReportRoutes, { game })
  await app.register(claimRoutes, { game })
  await app.register(backRoutes, { game })
  await app.register(settingRoutes)
}

export default shareClaimRoutes
