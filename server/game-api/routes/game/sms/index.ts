import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../../../lib/errors.ts'
import { caller } from '../../../plugins/auth.ts'
import smsAgentRoutes from './agents.ts'
import smsMessageRoutes from './messages.ts'
import smsResendRoutes from './resend.ts'

/** The SMS group's calls: ADMIN only, as the menu's SMS group (seed 001 §6). */
const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => { if (caller(request).role !== 'ADMIN') throw errors.adminOnly() })
  await app.register(smsAgentRoutes)
  await app.register(smsMessageRoutes)
  await app.register(smsResendRoutes)
}

export default smsRoutes
