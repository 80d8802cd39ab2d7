// What a bot's token gives without any setting read: the webhook's secret and the bot's id.
import { createHash } from 'node:crypto'

/**
 * The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token with every update (given to setWebhook): derived from the bot's token,
 * so it needs no setting of its own and changes with the token. 64 hex characters, within the Bot API's alphabet.
 */
export function webhookSecret (token: string): string {
  return createHash('sha256').update(`telegram-webhook:${token}`).digest('hex')
}

/** The bot's numeric id: the part of its token before the colon (never the secret part). */
export const botIdOf = (token: string) => token.split(':')[0] ?? ''
