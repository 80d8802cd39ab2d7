// The one registry of the game API's domain modules: app.ts calls it, and each module (<domain>/index.ts) registers its own routes and jobs.
import type { FastifyInstance } from 'fastify'
import accountsModule from './accounts/index.ts'
import authModule from './auth/index.ts'
import bettingModule from './betting/index.ts'
import drawsModule from './draws/index.ts'
import messagingModule from './messaging/index.ts'
import paymentsModule from './payments/index.ts'
import reportsModule from './reports/index.ts'
import riskModule from './risk/index.ts'
import settingsModule from './settings/index.ts'

/** Every domain module, each registered once; the order is only the order the routes are listed in. */
const modules = [authModule, settingsModule, accountsModule, bettingModule, drawsModule, reportsModule, riskModule, paymentsModule, messagingModule]

/** Registers every domain module: its routes (the captcha under /api, the rest under /api/v1 and each game's prefix) and its jobs. */
export async function registerModules (app: FastifyInstance): Promise<void> {
  for (const module of modules) await app.register(module)
}
