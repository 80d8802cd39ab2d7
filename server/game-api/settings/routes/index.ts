import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import announcementRoutes from './announcements.ts'
import auditRoutes from './audits.ts'
import backupRoutes from './backup.ts'
import cacheRoutes from './cache.ts'
import commonListRoutes from './common-lists.ts'
import locationRoutes from './locations.ts'
import payRateRoutes from './pay-rates.ts'
import settingsRoutes from './settings.ts'

/** The settings domain's game endpoints (locations, settings, announcements, audits, cache, backup, pay rates), registered under each game prefix. */
const settingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(locationRoutes)
  await app.register(commonListRoutes, { game })
  await app.register(settingsRoutes, { game })
  await app.register(announcementRoutes)
  await app.register(auditRoutes)
  await app.register(cacheRoutes)
  await app.register(backupRoutes, { game })
  // Pay-rate tables are 4D's (the menu shows Pay Rate only at a 4D location).
  if (game === '4D') await app.register(payRateRoutes)
}

export default settingRoutes
