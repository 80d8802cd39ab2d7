// A local stand-in for the Telegram Bot API (the calls the bots make: getMe, sendMessage, setWebhook), for the tests: never the internet.
import Fastify from 'fastify'

/** A message a bot sent through the stand-in. */
export interface SentTelegram { token: string, chatId: string, text: string, messageId: number }

/** The running stand-in: its root (grammY's client.apiRoot), what the bots sent, the webhooks they set, and a switch to fail calls. */
export interface StandInBotApi {
  apiRoot: string
  sent: SentTelegram[]
  webhooks: Map<string, { url: string, secret: string }>
  /** The next n sendMessage calls answer 500 (Telegram having a bad moment), so retries can be seen. */
  failNext(n: number): void
  close(): Promise<void>
}

/** Starts the stand-in on a free loopback port for these bots (token and user name each); other tokens answer 401 as Telegram does. */
export async function startStandInBotApi (bots: ReadonlyArray<{ token: string, username: string }>): Promise<StandInBotApi> {
  const app = Fastify({ logger: false })
  const sent: SentTelegram[] = []
  const webhooks = new Map<string, { url: string, secret: string }>()
  let failures = 0
  let nextMessageId = 1
  app.post<{ Params: { bot: string, method: string }, Body: Record<string, unknown> | undefined }>('/:bot/:method', async (request, reply) => {
    const token = request.params.bot.replace(/^bot/, '')
    const bot = bots.find((b) => b.token === token)
    if (!request.params.bot.startsWith('bot') || !bot) return reply.status(401).send({ ok: false, error_code: 401, description: 'Unauthorized' })
    const params = request.body ?? {}
    switch (request.params.method) {
      case 'getMe':
        return { ok: true, result: { id: Number(token.split(':')[0]), is_bot: true, first_name: bot.username, username: bot.username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false } }
      case 'setWebhook':
        webhooks.set(token, { url: String(params.url ?? ''), secret: String(params.secret_token ?? '') })
        return { ok: true, result: true, description: 'Webhook was set' }
      case 'sendMessage': {
        if (failures > 0) { failures--; return reply.status(500).send({ ok: false, error_code: 500, description: 'Internal Server Error' }) }
        if (params.chat_id === undefined || typeof params.text !== 'string' || params.text === '') return reply.status(400).send({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' })
        const message = { token, chatId: String(params.chat_id), text: params.text, messageId: nextMessageId++ }
        sent.push(message)
        return { ok: true, result: { message_id: message.messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(params.chat_id), type: 'private' }, text: params.text } }
      }
      default:
        return reply.status(404).send({ ok: false, error_code: 404, description: 'Not Found: method not found' })
    }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { apiRoot: address, sent, webhooks, failNext: (n) => { failures = n }, close: () => app.close() }
}
