import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import accountRoutes from './accounts/index.ts'
import announcementRoutes from './announcements.ts'
import auditRoutes from './audits.ts'
import backupRoutes from './backup.ts'
import bettingRoutes from './betting/index.ts'
import cacheRoutes from './cache.ts'
import limitRoutes from './limits.ts'
import fixedSettingRoutes from './fixed-settings.ts'
import locationRoutes from './locations.ts'
import memberAccessRoutes from './member-access.ts'
import downLineRoutes from './downline.ts'
import payRateRoutes from './pay-rates.ts'
import paymentRoutes from './payments/routes.ts'
import permissionRoutes from './permissions.ts'
import mobileRoutes from './mobile.ts'
import outsetRoutes from './outset/index.ts'
import settingsRoutes from './settings.ts'
import shareClaimRoutes from './share-claims/index.ts'
import smsRoutes from './sms/index.ts'
import subShareRoutes from './sub-shares.ts'
import superPasswordRoutes from './super-password.ts'
import telegramRoutes from './telegram.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'

// Which game a prefix serves (/api/v1/4d → 4D, /api/v1/tt → TOTO): the one Game of the draw calendar.
export type { Game }

/** The game endpoints, registered once per prefix: all signed in, and a LocId (query or body) must be one of the caller's locations. */
const gameRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, options) => {
  app.addHook('onRequest', app.gaAuthenticate)
  app.addHook('preHandler', async (request) => {
    const source = (request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body) as { LocId?: unknown } | undefined
    const locId = source?.LocId
    if (typeof locId !== 'string' || locId === '') return
    const { rows } = await app.db.query('SELECT 1 FROM user_locations WHERE user_id = $1 AND loc_id = $2', [caller(request).userId, locId])
    if (rows.length === 0) throw errors.locationNotAvailable(locId)
  })
  await app.register(locationRoutes)
  await app.register(settingsRoutes, { game: options.game })
  await app.register(announcementRoutes)
  await app.register(auditRoutes)
  await app.register(bettingRoutes, { game: options.game })
  await app.register(mobileRoutes)
  await app.register(telegramRoutes, { game: options.game })
  await app.register(memberAccessRoutes)
  await app.register(downLineRoutes)
  await app.register(accountRoutes)
  await app.register(paymentRoutes)
  await app.register(permissionRoutes)
  await app.register(smsRoutes, { game: options.game })
  await app.register(subShareRoutes, { game: options.game })
  await app.register(superPasswordRoutes)
  await app.register(cacheRoutes)
  await app.register(backupRoutes, { game: options.game })
  await app.register(fixedSettingRoutes, { game: options.game })
  await app.register(outsetRoutes, { game: options.game })
  await app.register(shareClaimRoutes, { game: options.game })
  // Pay-rate tables are 4D's (the menu shows Pay Rate only at a 4D location).
  if (options.game === '4D') await app.register(payRateRoutes)
  // Limits are TOTO's (Limit Setting is TT only); placement checks them for every game.
  if (options.game === 'TOTO') await app.register(limitRoutes, { game: options.game })
}

export default gameRoutes
