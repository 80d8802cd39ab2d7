import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../betting/index.ts'
import betsInOutRoutes from './bets-in-out.ts'
import distributorRoutes from './distributors.ts'
import limitStatusRoutes from './limit-status.ts'
import outSettingRoutes from './out-settings.ts'
import processRoutes from './process-routes.ts'
import throwRoutes from './throws.ts'

/** The OutSet endpoints (out settings, bets in and out, throws, distributors), registered under each game prefix. */
const outsetRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(outSettingRoutes, { game })
  await app.register(betsInOutRoutes, { game })
  await app.register(limitStatusRoutes, { game })
  await app.register(processRoutes, { game })
  await app.register(throwRoutes, { game })
  await app.register(distributorRoutes)
}

export default outsetRoutes
