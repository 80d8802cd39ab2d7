import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../../../lib/errors.ts'
import { caller } from '../../../plugins/auth.ts'
import type { Game } from '../index.ts'
import smsAgentRoutes from './agents.ts'
import smsBroadcastRoutes from './broadcasts.ts'
import smsGatewayRoutes from './gateway.ts'
import smsSubscriptionRoutes from './subscriptions.ts'
import smsMessageRoutes from './messages.ts'
import smsReportRoutes from './report.ts'
import smsResendRoutes from './resend.ts'

/** The SMS group's calls: ADMIN only, as the menu's SMS group (seed 001 §6). */
const smsRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('preHandler', async (request) => { if (caller(request).role !== 'ADMIN') throw errors.adminOnly() })
  await app.register(smsAgentRoutes)
  await app.register(smsMessageRoutes)
  await app.register(smsResendRoutes)
  await app.register(smsGatewayRoutes, { game })
  await app.register(smsSubscriptionRoutes, { game })
  await app.register(smsBroadcastRoutes, { game })
  await app.register(smsReportRoutes)
}

export default smsRoutes
