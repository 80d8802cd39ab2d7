// The Telegram bots' settings: one bot per game (the SMS settings name it), a token each (write-only: never answered, logged or audited)
// and the Bot API's address (grammY's client.apiRoot), which tests and a local demo point at a stand-in.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { readSettings, settingKeys } from '../../lib/store/settings.ts'

/** Telegram's own Bot API, when SMS Gateway names no other. */
export const DEFAULT_API_ROOT = 'https://api.telegram.org'

/** What one game's bot needs to take updates and send messages. */
export interface BotSettings { game: Game, token: string, apiRoot: string }

/** The settings key of a game's bot token. */
export const tokenKey = (game: Game) => game === '4D' ? settingKeys.telegram4DToken : settingKeys.telegramTotoToken

/** A game's bot: its token ('' when none is set) and the Bot API root. */
export async function readBot (q: Queryable, game: Game): Promise<BotSettings> {
  const [token = '', apiRoot = ''] = await readSettings(q, [tokenKey(game), settingKeys.telegramApiRoot])
  return { game, token, apiRoot: apiRoot || DEFAULT_API_ROOT }
}
