import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../betting/index.ts'
import betRoutes from './bets.ts'
import drawRoutes from './draws.ts'
import fileRoutes from './files.ts'
import fixedRoutes from './fixed.ts'
import reportRoutes from './reports.ts'
import resultRoutes from './results.ts'
import resultsFeedRoutes from './results-feed.ts'
import summaryRoutes from './summary.ts'

/** The betting domain's game endpoints (draws, results and finalising, bets, tickets, fixed bets, uploads, reports, bet summaries), registered under each game prefix. */
const bettingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(drawRoutes, { game })
  await app.register(resultRoutes, { game })
  await app.register(resultsFeedRoutes, { game })
  await app.register(betRoutes, { game })
  await app.register(reportRoutes, { game })
  await app.register(summaryRoutes, { game })
  await app.register(fileRoutes, { game })
  await app.register(fixedRoutes, { game })
}

export default bettingRoutes
