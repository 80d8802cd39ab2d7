// The one registry of the game API's routes: app.ts calls it, and no other module imports a domain's routes.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from './lib/errors.ts'
import { caller } from './plugins/auth.ts'
import { isUserLocation } from './lib/users.ts'
import type { Game } from '../../schemas/domain/calendar.ts'
import accountRoutes from './accounts/routes/index.ts'
import captchaRoutes from './auth/routes/captcha.ts'
import passwordRoutes from './auth/routes/passwords.ts'
import profileRoutes from './auth/routes/profile.ts'
import signInRoutes from './auth/routes/sign-in.ts'
import termsRoutes from './auth/routes/terms.ts'
import bettingRoutes from './betting/routes/index.ts'
import drawsRoutes from './draws/routes/index.ts'
import messagingRoutes from './messaging/routes/index.ts'
import smsInboundRoutes from './messaging/routes/sms-inbound.ts'
import telegramWebhookRoutes from './messaging/routes/telegram-webhook.ts'
import paymentRoutes from './payments/routes/index.ts'
import reportsRoutes from './reports/routes/index.ts'
import riskRoutes from './risk/routes/index.ts'
import settingRoutes from './settings/routes/index.ts'
import maintenanceRoutes from './settings/routes/maintenance.ts'

/** The game endpoints, registered once per prefix: all signed in, and a LocId (query or body) must be one of the caller's locations. */
const gameRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('onRequest', app.gaAuthenticate)
  app.addHook('preHandler', async (request) => {
    const source = (request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body) as { LocId?: unknown } | undefined
    const locId = source?.LocId
    if (typeof locId !== 'string' || locId === '') return
    if (!await isUserLocation(app.db, caller(request).userId, locId)) throw errors.locationNotAvailable(locId)
  })
  await app.register(settingRoutes, { game })
  await app.register(accountRoutes, { game })
  await app.register(bettingRoutes, { game })
  await app.register(drawsRoutes, { game })
  await app.register(reportsRoutes, { game })
  await app.register(riskRoutes, { game })
  await app.register(paymentRoutes)
  await app.register(messagingRoutes, { game })
}

/** Registers every route: the captcha under /api, and under /api/v1 the calls without a game, then each game's under its prefix (/4d → 4D, /tt → TOTO). */
export async function registerRoutes (app: FastifyInstance): Promise<void> {
  await app.register(captchaRoutes)
  await app.register(async (v1) => {
    await v1.register(signInRoutes)
    await v1.register(profileRoutes)
    await v1.register(passwordRoutes)
    await v1.register(termsRoutes)
    await v1.register(maintenanceRoutes)
    await v1.register(smsInboundRoutes)
    await v1.register(telegramWebhookRoutes)
    await v1.register(gameRoutes, { prefix: '/4d', game: '4D' })
    await v1.register(gameRoutes, { prefix: '/tt', game: 'TOTO' })
  }, { prefix: '/api/v1' })
}
