import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../betting/index.ts'
import betSpecialRoutes from './bet-special-routes.ts'
import betsInOutRoutes from './bets-in-out.ts'
import distributorRoutes from './distributors.ts'
import exposureRoutes from './exposure-routes.ts'
import limitStatusRoutes from './limit-status.ts'
import outSettingRoutes from './out-settings.ts'
import partnerRoutes from './partners.ts'
import processRoutes from './process-routes.ts'
import ruleRoutes from './rule-routes.ts'
import throwRoutes from './throws.ts'

/** The OutSet endpoints (out settings, bets in and out, throws, distributors with partners and rules, Bet Special), registered under each game prefix. */
const outsetRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(outSettingRoutes, { game })
  await app.register(betsInOutRoutes, { game })
  await app.register(limitStatusRoutes, { game })
  await app.register(exposureRoutes, { game })
  await app.register(processRoutes, { game })
  await app.register(throwRoutes, { game })
  await app.register(distributorRoutes)
  await app.register(partnerRoutes)
  await app.register(ruleRoutes, { game })
  // Bet Special plays 4D numbers (the menu shows it only at a 4D location).
  if (game === '4D') await app.register(betSpecialRoutes)
}

export default outsetRoutes
