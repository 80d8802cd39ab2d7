// What the Telegram bot reads and writes besides bets: each update answered once (the reply queued with it), a linked user's balance, the game's latest result.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import type { Channel } from '../rules/channels.ts'

/** Records the bot's update as answered; false when it was answered before (Telegram retries an update it got no 200 for). */
export async function firstAnswerTo (q: Queryable, botId: string, updateId: number, now: Date): Promise<boolean> {
  const { rows: [fresh] } = await q.query('INSERT INTO telegram_updates (bot_id, update_id, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
    [botId, updateId, now])
  return fresh !== undefined
}

/** Writes a reply to a chat as an outbound message of the bot's channel; answers its id. */
export async function writeBotReply (q: Queryable, reply: { chat: string, text: string, userId: string | null, channel: Channel }, now: Date): Promise<number> {
  const { rows: [row] } = await q.query<{ outbound_id: string }>(
    "INSERT INTO sms_outbound (recipient, body, kind, user_id, channel, created_at) VALUES ($1, $2, 'reply', $3, $4, $5) RETURNING outbound_id",
    [reply.chat, reply.text, reply.userId, reply.channel, now])
  return Number(row?.outbound_id)
}

/** A user's credit left and account balance (0 when the user is gone). */
export async function balanceOf (q: Queryable, userId: string): Promise<{ creditLeft: number, accBal: number }> {
  const { rows: [row] } = await q.query<{ credit_left: string, acc_bal: string }>('SELECT credit_left, acc_bal FROM users WHERE user_id = $1', [userId])
  return { creditLeft: Number(row?.credit_left ?? 0), accBal: Number(row?.acc_bal ?? 0) }
}

/** The game's latest finalised draw with a result, as Row (the reader's shape of a draws row), or undefined when none is. */
export async function latestResultDraw<Row> (q: Queryable, game: Game): Promise<Row | undefined> {
  const { rows: [draw] } = await q.query<Row>(
    'SELECT draw_id, game, series, special, draw_date, is_finalised, result FROM draws WHERE game = $1 AND is_finalised AND result IS NOT NULL ORDER BY draw_date DESC, draw_id DESC LIMIT 1', [game])
  return draw
}
