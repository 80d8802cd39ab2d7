// Where a domain module mounts its routes: the one place that knows the game API's prefixes and the game scope's gates.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../lib/errors.ts'
import { isUserLocation } from '../lib/store/users.ts'
import { caller } from './auth.ts'
import type { Game } from '../../../schemas/domain/calendar.ts'

/** The versioned base every call but the captcha sits under. */
const V1 = '/api/v1'
/** Each game's prefix under /api/v1: /4d → 4D, /tt → TOTO. */
const GAME_PREFIXES: ReadonlyArray<readonly [string, Game]> = [['/4d', '4D'], ['/tt', 'TOTO']]

/** Mounts a domain's calls that have no game (sign-in, the SMS and Telegram webhooks, maintenance) under /api/v1. */
export async function mountV1 (app: FastifyInstance, routes: FastifyPluginAsync | FastifyPluginAsyncTypebox): Promise<void> {
  await app.register(routes as FastifyPluginAsync, { prefix: V1 })
}

/** Mounts a domain's game calls once per game: all signed in, and a LocId (query or body) must be one of the caller's locations. */
export async function mountGameRoutes (app: FastifyInstance, routes: FastifyPluginAsyncTypebox<{ game: Game }>): Promise<void> {
  for (const [prefix, game] of GAME_PREFIXES) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', scope.gaAuthenticate)
      scope.addHook('preHandler', async (request) => {
        const source = (request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body) as { LocId?: unknown } | undefined
        const locId = source?.LocId
        if (typeof locId !== 'string' || locId === '') return
        const user = caller(request)
        const known = user.locations?.includes(locId) ?? await isUserLocation(scope.db, user.userId, locId)
        if (!known) throw errors.locationNotAvailable(locId)
      })
      await scope.register(routes as FastifyPluginAsync<{ game: Game }>, { game })
    }, { prefix: `${V1}${prefix}` })
  }
}
