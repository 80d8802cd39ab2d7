import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import araExportRoutes from './ara-exports.ts'
import betRoutes from './bets.ts'
import betEntryRoutes from './bet-entry.ts'
import betListRoutes from './bet-lists.ts'
import fileRoutes from './files.ts'
import fixedRoutes from './fixed.ts'
import fixedSettingRoutes from './fixed-settings.ts'
import transferRoutes from './transfer.ts'
import combinePageRoutes from './combine-pages.ts'

/** The betting domain's game endpoints (placing, tickets, bet text, uploads, fixed bets and their settings), registered under each game prefix. */
const bettingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(betRoutes, { game })
  await app.register(betListRoutes, { game })
  await app.register(betEntryRoutes, { game })
  await app.register(fileRoutes, { game })
  await app.register(araExportRoutes, { game })
  await app.register(fixedRoutes, { game })
  await app.register(fixedSettingRoutes, { game })
  await app.register(transferRoutes, { game })
  await app.register(combinePageRoutes, { game })
}

export default bettingRoutes
