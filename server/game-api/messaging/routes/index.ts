import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import smsAgentRoutes from './sms-agents.ts'
import smsBroadcastRoutes from './sms-broadcasts.ts'
import smsGatewayRoutes from './sms-gateway.ts'
import smsMessageRoutes from './sms-messages.ts'
import smsReportRoutes from './sms-report.ts'
import smsResendRoutes from './sms-resend.ts'
import smsSubscriptionRoutes from './sms-subscriptions.ts'
import telegramRoutes from './telegram.ts'

/** The messaging domain's game endpoints: the Mobile page's Telegram part (any signed-in user) and the SMS group (ADMIN only). */
const messagingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(telegramRoutes, { game })
  // The SMS group's calls: ADMIN only, as the menu's SMS group (seed 001 §6); its own context, so the hook reaches no other call.
  await app.register(async (sms) => {
    sms.addHook('preHandler', async (request) => { if (caller(request).role !== 'ADMIN') throw errors.adminOnly() })
    await sms.register(smsAgentRoutes)
    await sms.register(smsMessageRoutes)
    await sms.register(smsResendRoutes)
    await sms.register(smsGatewayRoutes, { game })
    await sms.register(smsSubscriptionRoutes, { game })
    await sms.register(smsBroadcastRoutes, { game })
    await sms.register(smsReportRoutes)
  })
}

export default messagingRoutes
