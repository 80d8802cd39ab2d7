import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { callOf } from '../../lib/caller.ts'
import { TelegramWebhooks } from '../telegram/bot.ts'
import { webhookBotOf } from '../api.ts'

/** POST telegram/4d and telegram/tt: the Telegram Bot API's webhook for each game's bot (grammY, webhook mode), no session; see server/docs/game-api.md. */
const telegramWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const webhooks = new TelegramWebhooks(app.db, () => app.gaNow(), () => app.jobs.wake())
  app.post('/telegram/:game', {
    schema: {
      params: Type.Object({ game: Type.Union([Type.Literal('4d'), Type.Literal('tt')], { description: 'whose bot: 4d or tt (TOTO)' }) }),
      headers: Type.Object({ 'x-telegram-bot-api-secret-token': Type.Optional(Type.String({ maxLength: 256 })) }),
      body: Type.Object({ update_id: Type.Integer({ minimum: 0 }) }, { additionalProperties: true })
    }
  }, async (request, reply) => {
    const bot = await webhookBotOf(app.db, callOf(request), { path: request.params.game })
    await webhooks.handlerFor(bot)(request, reply)
    return reply
  })
}

export default telegramWebhookRoutes
