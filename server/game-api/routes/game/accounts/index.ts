// The agents/ and players/ calls (seed 001 §7), registered once per kind.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import changeRoutes from './change-routes.ts'
import createRoute from './create-route.ts'
import creditRecalcRoutes from './credit-recalc-routes.ts'
import creditRoutes from './credit-routes.ts'
import { AGENTS, PLAYERS } from './kinds.ts'
import lookupRoutes from './lookup-routes.ts'
import accountReadRoutes from './read-routes.ts'

/** Agents (AG) and players (MEM) of the caller's downline: list, search, profile, create, update, position, credit, suspend, delete. */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of [AGENTS, PLAYERS]) {
    await app.register(accountReadRoutes, { kind })
    await app.register(createRoute, { kind })
    await app.register(changeRoutes, { kind })
    await app.register(creditRoutes, { kind })
  }
  await app.register(lookupRoutes)
  await app.register(creditRecalcRoutes)
}

export default accountRoutes
