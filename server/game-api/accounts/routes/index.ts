// The accounts domain's game endpoints: agents/ and players/ (seed 001 §7, registered once per kind), the downline, permissions, sub shares, mobile and super password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import changeRoutes from './change.ts'
import createRoute from './create.ts'
import creditRecalcRoutes from './credit-recalc.ts'
import creditRoutes from './credit.ts'
import downLineRoutes from './downline.ts'
import gameProfileRoutes from './game-profiles.ts'
import lookupRoutes from './lookup.ts'
import memberAccessRoutes from './member-access.ts'
import mobileRoutes from './mobile.ts'
import permissionRoutes from './permissions.ts'
import preferenceRoutes from './preferences.ts'
import accountReadRoutes from './read.ts'
import subShareRoutes from './sub-shares.ts'
import superPasswordRoutes from './super-password.ts'
import { AGENTS, PLAYERS } from '../api.ts'

/** Agents (AG) and players (MEM) of the caller's downline (list, search, profile, create, update, position, credit, suspend, delete) and the account calls beside them. */
const accountRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  for (const kind of [AGENTS, PLAYERS]) {
    await app.register(accountReadRoutes, { kind })
    await app.register(createRoute, { kind })
    await app.register(changeRoutes, { kind })
    await app.register(creditRoutes, { kind })
  }
  await app.register(lookupRoutes)
  await app.register(creditRecalcRoutes)
  await app.register(mobileRoutes)
  await app.register(memberAccessRoutes)
  await app.register(downLineRoutes)
  await app.register(gameProfileRoutes)
  await app.register(permissionRoutes)
  await app.register(preferenceRoutes)
  await app.register(subShareRoutes, { game })
  await app.register(superPasswordRoutes)
}

export default accountRoutes
