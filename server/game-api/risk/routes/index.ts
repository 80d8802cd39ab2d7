import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import betSpecialRoutes from './bet-special.ts'
import betsInOutRoutes from './bets-in-out.ts'
import distributorRoutes from './distributors.ts'
import exposureRoutes from './exposure.ts'
import limitStatusRoutes from './limit-status.ts'
import limitRoutes from './limits.ts'
import outSettingRoutes from './out-settings.ts'
import partnerFileRoutes from './partner-files.ts'
import partnerRoutes from './partners.ts'
import partnerWebRoutes from './partner-web.ts'
import processRoutes from './process.ts'
import ruleRoutes from './rules.ts'
import throwRoutes from './throws.ts'

/** The risk domain's game endpoints (out settings, bets in and out, exposure, throws, distributors with partners, their files and rules, Bet Special, limits), registered under each game prefix. */
const riskRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(outSettingRoutes, { game })
  await app.register(betsInOutRoutes, { game })
  await app.register(limitStatusRoutes, { game })
  await app.register(exposureRoutes, { game })
  await app.register(processRoutes, { game })
  await app.register(throwRoutes, { game })
  await app.register(distributorRoutes, { game })
  await app.register(partnerRoutes)
  await app.register(partnerWebRoutes)
  await app.register(partnerFileRoutes, { game })
  await app.register(ruleRoutes, { game })
  // Bet Special plays 4D numbers (the menu shows it only at a 4D location).
  if (game === '4D') await app.register(betSpecialRoutes)
  // Limits are TOTO's (Limit Setting is TT only); placement checks them for every game.
  if (game === 'TOTO') await app.register(limitRoutes, { game })
}

export default riskRoutes
