// Sending one message by a game's bot through grammY's Bot API client (client.apiRoot: Telegram's, or the stand-in's in tests).
import { Api, GrammyError } from 'grammy'
import type { Delivery } from '../store/sms-gateway.ts'
import type { BotSettings } from '../store/telegram-settings.ts'

/** Messages a second one bot sends (Telegram allows about 30 across chats). */
export const TELEGRAM_RATE_PER_SECOND = 25

/** How long one Bot API call may take. */
const TIMEOUT_MS = 10_000

/** sendMessage to a chat: the message id, or why the Bot API did not take it (Telegram has no idempotency key: at least once). */
export async function sendTelegram (bot: BotSettings, chatId: string, text: string, signal: AbortSignal): Promise<Delivery> {
  const api = new Api(bot.token, { apiRoot: bot.apiRoot })
  try {
    // grammY types its signal with the abort-controller polyfill's class; node-fetch takes the platform's at run time.
    const callSignal = AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) as unknown as Parameters<Api['sendMessage']>[3]
    const sent = await api.sendMessage(chatId, text, {}, callSignal)
    return { ok: true, gatewayId: String(sent.message_id) }
  } catch (error) {
    if (signal.aborted) throw error
    // The token is part of the Bot API's URL: only the API's own description is kept, never the request.
    if (error instanceof GrammyError) return { ok: false, problem: `the Telegram Bot API answered ${error.error_code}: ${error.description}` }
    return { ok: false, problem: 'the Telegram Bot API could not be reached' }
  }
}
