// The messaging module: its one entry, registering its game calls, the SMS and Telegram webhooks and its jobs (sending SMS, broadcasts).
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes, mountV1 } from '../plugins/mount.ts'
import { SMS_BROADCAST_JOB, broadcastJob } from './jobs/broadcast.ts'
import { smsSendJob } from './jobs/sms-send.ts'
import { SMS_SEND_JOB } from './store/outbound.ts'
import messagingRoutes from './routes/index.ts'
import smsInboundRoutes from './routes/sms-inbound.ts'
import telegramWebhookRoutes from './routes/telegram-webhook.ts'

/** Registers the messaging module: its jobs, the webhooks under /api/v1, the rest under each game's prefix. */
export default async function messagingModule (app: FastifyInstance): Promise<void> {
  const now = () => app.gaNow()
  app.jobs.register(SMS_SEND_JOB, smsSendJob(app.db, now))
  app.jobs.register(SMS_BROADCAST_JOB, broadcastJob(app.db, now))
  await mountV1(app, smsInboundRoutes)
  await mountV1(app, telegramWebhookRoutes)
  await mountGameRoutes(app, messagingRoutes)
}
