import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import drawRoutes from './draws.ts'
import resultRoutes from './results.ts'
import resultsFeedRoutes from './results-feed.ts'
import weekRoutes from './week.ts'
import binBurstRoutes from './bin-burst.ts'

/** The draws domain's game endpoints (draws, close times, results, finalising, the results feed), registered under each game prefix. */
const drawsRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(drawRoutes, { game })
  await app.register(resultRoutes, { game })
  await app.register(resultsFeedRoutes, { game })
  await app.register(weekRoutes, { game })
  await app.register(binBurstRoutes, { game })
}

export default drawsRoutes
