// The Telegram bot of one game, built on grammY in webhook mode: /link (or /start) CODE links the account, /balance and /results answer,
// and any other text is a bet placed exactly as an SMS bet is (messaging/store/sms-inbound.ts). Every answer leaves through the outbound queue by the
// game's bot (durable, retried), written in the transaction that records the update, so Telegram's retry of an update is answered once.
import { Bot, webhookCallback, type Context } from 'grammy'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { resultText } from '../jobs/broadcast.ts'
import { receiveBet } from '../store/sms-inbound.ts'
import { queueSend } from '../store/outbound.ts'
import type { Channel } from '../rules/channels.ts'
import { linkedUser, redeemCode } from '../store/telegram-links.ts'
import type { BotSettings } from '../store/telegram-settings.ts'
import { botIdOf, webhookSecret } from '../rules/telegram-token.ts'
import { balanceOf, firstAnswerTo, latestResultDraw, writeBotReply } from '../store/telegram-bot.ts'

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** What the bot says besides ticket replies (English, as the SMS replies). */
export const botReplies = {
  notLinked: 'This Telegram account is not linked to a user: get a code on the site\'s Mobile page, then send /link CODE here.',
  linkUsage: 'Send /link followed by the code the site\'s Mobile page shows, e.g. /link ABCD2345.',
  badCode: 'That code is wrong or has expired: get a new one on the site\'s Mobile page (a code works once, for ten minutes).',
  linked: (userId: string) => `Linked to ${userId}. Send bets as on the site's Telegram page; /balance shows your credit, /results the latest result.`,
  balance: (userId: string, creditLeft: number, accBal: number) => `${userId}: credit left ${money(creditLeft)}, account balance ${money(accBal)}.`,
  noResult: 'No draw of this game is finalised yet.'
} as const

/** The sender as a display name for SMS View and the link record. */
const nameOf = (ctx: Context) => ctx.from?.username ? `@${ctx.from.username}` : `${ctx.from?.first_name ?? ''} ${ctx.from?.last_name ?? ''}`.trim() || `tg:${ctx.from?.id ?? ''}`

/** Queues one answer to a chat, once per update: false when this update was answered before (a Telegram retry). */
async function answer (q: Queryable, bot: BotSettings, ctx: Context, userId: string | null, text: string, now: Date): Promise<boolean> {
  if (!await firstAnswerTo(q, botIdOf(bot.token), ctx.update.update_id, now)) return false
  const channel: Channel = bot.game === 'TOTO' ? 'telegram:TOTO' : 'telegram:4D'
  const outboundId = await writeBotReply(q, { chat: String(ctx.chat?.id ?? ctx.from?.id), text, userId, channel }, now)
  await queueSend(q, outboundId, channel)
  return true
}

/** The bot for one game's settings, its handlers bound to the store, the clock and the runner's wake-up. */
export function gameBot (db: Db, bot: BotSettings, now: () => Date, wake: () => void): Bot {
  const telegram = new Bot(bot.token, { client: { apiRoot: bot.apiRoot } })
  const reply = async (ctx: Context, userId: string | null, text: string) => {
    if (await db.transaction((tx) => answer(tx, bot, ctx, userId, text, now()))) wake()
  }

  telegram.command(['link', 'start'], async (ctx) => {
    const code = ctx.match.trim()
    if (code === '') { await reply(ctx, (await linkedUser(db, String(ctx.from?.id)))?.userId ?? null, botReplies.linkUsage); return }
    let userId: string | undefined
    const answered = await db.transaction(async (tx) => {
      userId = await redeemCode(tx, code, { id: String(ctx.from?.id), name: nameOf(ctx) }, now())
      return answer(tx, bot, ctx, userId ?? null, userId === undefined ? botReplies.badCode : botReplies.linked(userId), now())
    })
    if (answered) wake()
  })

  telegram.command('balance', async (ctx) => {
    const user = await linkedUser(db, String(ctx.from?.id))
    if (!user) { await reply(ctx, null, botReplies.notLinked); return }
    const { creditLeft, accBal } = await balanceOf(db, user.userId)
    await reply(ctx, user.userId, botReplies.balance(user.userId, creditLeft, accBal))
  })

  telegram.command('results', async (ctx) => {
    const user = await linkedUser(db, String(ctx.from?.id))
    if (!user) { await reply(ctx, null, botReplies.notLinked); return }
    const draw = await latestResultDraw<Parameters<typeof resultText>[0]>(db, bot.game)
    await reply(ctx, user.userId, draw ? resultText(draw) : botReplies.noResult)
  })

  // Any other text is a bet, taken as an SMS bet is; other updates (stickers, edits) are left unanswered.
  telegram.on('message:text', async (ctx) => {
    const sender = await linkedUser(db, String(ctx.from.id))
    const outcome = await receiveBet(db, {
      provider: 'telegram',
      messageId: `${botIdOf(bot.token)}:${ctx.update.update_id}`,
      from: nameOf(ctx),
      to: `@${ctx.me.username}`,
      body: ctx.message.text,
      channel: bot.game === 'TOTO' ? 'telegram:TOTO' : 'telegram:4D',
      replyTo: String(ctx.chat.id)
    }, bot.game, sender, botReplies.notLinked, now())
    if (!outcome.duplicate) wake()
  })
  return telegram
}

/** A webhook handler per game, rebuilt when the bot's token or Bot API root changes. */
export class TelegramWebhooks {
  private readonly handlers = new Map<Game, { key: string, handle: (request: FastifyRequest, reply: FastifyReply) => Promise<void> }>()
  constructor (private readonly db: Db, private readonly now: () => Date, private readonly wake: () => void) {}

  /** The handler for the game's bot as set now: grammY checks X-Telegram-Bot-Api-Secret-Token against the secret derived from the token. */
  handlerFor (bot: BotSettings): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
    const key = `${bot.apiRoot} ${bot.token}`
    const known = this.handlers.get(bot.game)
    if (known?.key === key) return known.handle
    const handle = webhookCallback(gameBot(this.db, bot, this.now, this.wake), 'fastify', { secretToken: webhookSecret(bot.token), onTimeout: 'throw', timeoutMilliseconds: 30_000 })
    this.handlers.set(bot.game, { key, handle })
    return handle
  }
}
