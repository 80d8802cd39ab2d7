// SMS Gateway (SMS Gateway › SMS Gateway): the outbound gateway's settings with a write-only auth token, a test send, and the SMS settings
// the SMS and Telegram instruction pages read. ADMIN granted SMSGateway (the menu's rule; the page is 4D's).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isWallTime, type Game } from '../../../../schemas/domain/calendar.ts'
import { SmsSettings } from '../../../../schemas/game-api.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { RunLater } from '../../jobs/runner.ts'
import { Api, GrammyError } from 'grammy'
import type { Queryable } from '../../../shared/db.ts'
import { settingKeys, writeSetting } from '../../lib/settings-store.ts'
import { readBot, tokenKey, webhookSecret } from '../store/telegram-settings.ts'
import { smsErrors } from '../errors.ts'
import { SMS_PROVIDERS, gatewayReady, gatewayView, readGateway, writeGateway } from '../store/sms-gateway.ts'
import { openWeekdays } from '../rules/open-hours.ts'
import { deliver } from '../jobs/sms-send.ts'
import { queueWaiting, type OutboundRow } from '../store/outbound.ts'
import { normalisePhone } from '../rules/phone.ts'
import { readSmsSettings } from '../../settings/api.ts'
import { assertAdminPermission } from '../../accounts/api.ts'

const Provider = Type.Enum(SMS_PROVIDERS, { description: 'the gateway\'s API shape: twilio (Twilio\'s Messages API)' })
const Gateway = Type.Object({
  Provider,
  Endpoint: Type.String(),
  AccountSid: Type.String(),
  SenderId: Type.String(),
  Enabled: Type.Boolean(),
  InboundUrl: Type.String(),
  RatePerSecond: Type.Number(),
  CostPerMessage: Type.Number(),
  AuthTokenSet: Type.Boolean({ description: 'whether an auth token is set; the token itself is never answered' })
})
const Telegram = {
  TelegramApiRoot: Type.String({ description: 'the Telegram Bot API root the bots call (grammY client.apiRoot)' }),
  Telegram4DTokenSet: Type.Boolean({ description: 'whether the 4D bot has a token; the token itself is never answered' }),
  TelegramTotoTokenSet: Type.Boolean()
}
const GatewayAnswer = Type.Object({ ...Gateway.properties, ...Telegram })
const BotToken = (game: string) => Type.Optional(Type.String({ maxLength: 100, pattern: '^([0-9]{1,20}:[A-Za-z0-9_-]{20,80})?$', description: `a new token of the ${game} bot (write-only; empty or absent keeps the one set)` }))

/** The Telegram part of the answer: the API root and whether each bot has a token. */
async function telegramView (q: Queryable) {
  const [fourD, toto] = [await readBot(q, '4D'), await readBot(q, 'TOTO')]
  return { TelegramApiRoot: fourD.apiRoot, Telegram4DTokenSet: fourD.token !== '', TelegramTotoTokenSet: toto.token !== '' }
}

/**
 * Tells the Bot API where each game's bot gets its updates (setWebhook with the secret derived from its token), at the public address of
 * InboundUrl; answers what became of each, for the page to say.
 */
async function registerWebhooks (q: Queryable, inboundUrl: string): Promise<string> {
  const said: string[] = []
  for (const game of ['4D', 'TOTO'] as const) {
    const bot = await readBot(q, game)
    if (bot.token === '') { said.push(`${game}: no bot token`); continue }
    if (inboundUrl === '') { said.push(`${game}: set the public webhook URL to register the bot's webhook`); continue }
    const url = `${new URL(inboundUrl).origin}/api/v1/telegram/${game === '4D' ? '4d' : 'tt'}`
    try {
      await new Api(bot.token, { apiRoot: bot.apiRoot }).setWebhook(url, { secret_token: webhookSecret(bot.token), allowed_updates: ['message'] })
      said.push(`${game}: webhook ${url}`)
    } catch (error) {
      said.push(`${game}: the Bot API refused the webhook (${error instanceof GrammyError ? `${error.error_code} ${error.description}` : 'not reachable'})`)
    }
  }
  return said.join('; ')
}

const GameField = Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'the game whose SMS settings these are (default the prefix\'s)' }))

/** A URL the gateway is called at (or signs): http or https only; empty means none. */
function checkUrl (field: string, value: string): string {
  const url = value.trim()
  if (url === '') return ''
  let parsed: URL
  try { parsed = new URL(url) } catch { throw smsErrors.badEndpoint(field, url) }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw smsErrors.badEndpoint(field, url)
  return url
}

/** GET SMSGateway, PUT updateSMSGateway, POST testSMSGateway, PUT dSMSSetting. */
const smsGatewayRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('preHandler', async (request) => { await assertAdminPermission(app.db, caller(request), 'SMSGateway') })

  app.get('/SMSGateway', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(GatewayAnswer) }
  }, async () => ok({ ...gatewayView(await readGateway(app.db)), ...await telegramView(app.db) }))

  app.put('/updateSMSGateway', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        Provider,
        Endpoint: Type.String({ maxLength: 500, description: 'the gateway\'s send URL (Twilio: https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Messages.json); empty: messages wait' }),
        AccountSid: PlainText({ maxLength: 100, description: 'the gateway account id (Basic auth user)' }),
        SenderId: Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9 +]*$', description: 'the sender shown to members: a phone number or up to 11 letters and digits' }),
        Enabled: Type.Boolean({ description: 'false holds every message in the queue' }),
        InboundUrl: Type.Optional(Type.String({ maxLength: 500, description: 'the public URL the gateway calls with incoming messages (and signs); empty: the URL the call arrives on' })),
        RatePerSecond: Type.Number({ minimum: 0.1, maximum: 1000, description: 'messages a second the gateway takes, across every instance' }),
        CostPerMessage: Type.Number({ minimum: 0, maximum: 100, description: 'what the gateway charges per message sent (SMS Report)' }),
        AuthToken: Type.Optional(Type.String({ maxLength: 200, description: 'a new auth token (write-only; empty or absent keeps the one set)' })),
        ClearAuthToken: Type.Optional(Type.Boolean({ description: 'true removes the auth token (inbound SMS then answers 503)' })),
        TelegramApiRoot: Type.Optional(Type.String({ maxLength: 500, description: 'the Bot API root (empty: Telegram\'s own, https://api.telegram.org)' })),
        Telegram4DBotToken: BotToken('4D'),
        TelegramTotoBotToken: BotToken('TOTO')
      }),
      response: envelope(Type.Object({ ...GatewayAnswer.properties, TelegramWebhooks: Type.String({ description: 'what setWebhook answered for each bot' }) }))
    }
  }, async (request) => {
    const body = request.body
    const url = checkUrl('body/Endpoint', body.Endpoint)
    const inboundUrl = checkUrl('body/InboundUrl', body.InboundUrl ?? '')
    const apiRoot = checkUrl('body/TelegramApiRoot', body.TelegramApiRoot ?? '').replace(/\/+$/, '')
    const botTokens = ([['4D', body.Telegram4DBotToken], ['TOTO', body.TelegramTotoBotToken]] as const).filter((e): e is readonly [Game, string] => e[1] !== undefined && e[1] !== '')
    const token = body.ClearAuthToken === true ? '' : body.AuthToken === undefined || body.AuthToken === '' ? undefined : body.AuthToken
    const { saved, queued } = await app.db.transaction(async (tx) => {
      await writeGateway(tx, {
        provider: body.Provider,
        url,
        accountSid: body.AccountSid.trim(),
        senderId: body.SenderId.trim(),
        enabled: body.Enabled,
        inboundUrl,
        ratePerSecond: body.RatePerSecond,
        costPerMessage: Math.round(body.CostPerMessage * 10_000) / 10_000,
        ...(token === undefined ? {} : { authToken: token })
      })
      await writeSetting(tx, settingKeys.telegramApiRoot, apiRoot)
      for (const [g, botToken] of botTokens) await writeSetting(tx, tokenKey(g), botToken)
      // Messages written while the gateway was off or unset get their send jobs now.
      const queued = await queueWaiting(tx)
      const saved = await readGateway(tx)
      // The audit says whether the token changed, never what it is.
      await app.gaAudit(tx, request, {
        userId: caller(request).userId,
        action: 'smsGateway.update',
        detail: {
          ...gatewayView(saved),
          AuthTokenSet: undefined,
          AuthTokenChange: token === undefined ? 'kept' : token === '' ? 'cleared' : 'replaced',
          TelegramApiRoot: apiRoot,
          TelegramTokensReplaced: botTokens.map(([g]) => g),
          Queued: queued
        }
      })
      return { saved, queued }
    })
    if (queued > 0) app.jobs.wake()
    const webhooks = await registerWebhooks(app.db, saved.inboundUrl)
    request.log.info({ queued, enabled: saved.enabled, webhooks }, 'SMS gateway settings saved')
    return ok({ ...gatewayView(saved), ...await telegramView(app.db), TelegramWebhooks: webhooks })
  })

  app.post('/testSMSGateway', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        To: Type.String({ minLength: 6, maxLength: 30, description: 'the phone to send the test to, with its country code (Singapore numbers may omit 65)' }),
        Body: Type.Optional(PlainText({ maxLength: 320, description: 'the test text' }))
      }),
      response: envelope(Type.Object({ OutboundId: Type.Integer(), To: Type.String(), Status: Type.String(), GatewayMessageId: Type.String() }))
    }
  }, async (request) => {
    const to = normalisePhone(request.body.To)
    if (to === undefined) throw smsErrors.badPhone(request.body.To)
    const gateway = await readGateway(app.db)
    if (!gatewayReady(gateway)) throw smsErrors.gatewayNotReady()
    const user = caller(request)
    // The test is a message like any other (SMS View lists it, SMS Report counts it), sent now rather than by the queue, so the answer is the gateway's.
    const recipient = `+${to}`
    const text = request.body.Body?.trim() || 'Test message from the back office: the SMS gateway works.'
    const row = await app.db.transaction(async (tx) => {
      const { rows: [inserted] } = await tx.query<OutboundRow>(
        "INSERT INTO sms_outbound (recipient, body, kind, user_id, created_at) VALUES ($1, $2, 'test', $3, $4) RETURNING outbound_id, recipient, body, status, created_at",
        [recipient, text, user.userId, app.gaNow()])
      if (!inserted) throw new Error('the test message INSERT returned no row')
      await app.gaAudit(tx, request, { userId: user.userId, action: 'smsGateway.test', detail: { OutboundId: Number(inserted.outbound_id), To: recipient } })
      return inserted
    })
    const outcome = await deliver(app.db, gateway, row, () => app.gaNow(), AbortSignal.timeout(30_000), 10_000)
      .catch((error: unknown) => {
        if (error instanceof RunLater) return { ok: false as const, problem: 'the gateway\'s send rate is taken by messages queued before it; try again shortly' }
        throw error
      })
    if (!outcome.ok) {
      await app.db.query("UPDATE sms_outbound SET status = 'failed' WHERE outbound_id = $1", [row.outbound_id])
      throw smsErrors.testFailed(outcome.problem)
    }
    const { rows: [sent] } = await app.db.query<{ status: string, gateway_message_id: string | null }>('SELECT status, gateway_message_id FROM sms_outbound WHERE outbound_id = $1', [row.outbound_id])
    return ok({ OutboundId: Number(row.outbound_id), To: recipient, Status: sent?.status ?? 'sent', GatewayMessageId: sent?.gateway_message_id ?? '' })
  })

  app.put('/dSMSSetting', {
    schema: {
      body: Type.Object({
        LocId: LocIdField,
        Game: GameField,
        SMSNumber: Type.String({ minLength: 6, maxLength: 30, description: 'the number members send bets to, with its country code' }),
        TelegramBot: Type.String({ maxLength: 32, pattern: '^([A-Za-z][A-Za-z0-9_]{4,31})?$', description: 'the Telegram bot\'s user name (empty: no Telegram betting)' }),
        OpenTime: Type.String({ maxLength: 5, description: 'HH:mm, GMT+8' }),
        CloseTime: Type.String({ maxLength: 5, description: 'HH:mm, GMT+8' }),
        OpenDay: PlainText({ minLength: 1, maxLength: 60, description: 'the weekdays SMS betting is open, e.g. Wed, Sat, Sun' }),
        SMSHelpdesk: PlainText({ maxLength: 200, description: 'the help-desk line (empty: not shown)' })
      }),
      response: envelope(Type.Object({ qResults: SmsSettings }))
    }
  }, async (request) => {
    const b = request.body
    const target = b.Game ?? game
    const number = normalisePhone(b.SMSNumber)
    if (number === undefined) throw smsErrors.badSmsNumber(b.SMSNumber)
    if (!isWallTime(b.OpenTime)) throw errors.fieldNotTime('body/OpenTime', b.OpenTime)
    if (!isWallTime(b.CloseTime)) throw errors.fieldNotTime('body/CloseTime', b.CloseTime)
    if (b.OpenTime >= b.CloseTime) throw smsErrors.badHours(b.OpenTime, b.CloseTime)
    if (openWeekdays(b.OpenDay).length === 0) throw smsErrors.badDays(b.OpenDay)
    const values = { SMSNumber: number, TelegramBot: b.TelegramBot, OpenTime: b.OpenTime, CloseTime: b.CloseTime, OpenDay: b.OpenDay.trim(), SMSHelpdesk: b.SMSHelpdesk.trim() }
    await app.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO sms_settings (game, sms_number, telegram_bot, open_time, close_time, open_day, sms_helpdesk) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (game) DO UPDATE SET sms_number = EXCLUDED.sms_number, telegram_bot = EXCLUDED.telegram_bot, open_time = EXCLUDED.open_time,
           close_time = EXCLUDED.close_time, open_day = EXCLUDED.open_day, sms_helpdesk = EXCLUDED.sms_helpdesk`,
        [target, values.SMSNumber, values.TelegramBot, values.OpenTime, values.CloseTime, values.OpenDay, values.SMSHelpdesk])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'smsSetting.update', detail: { Game: target, ...values } })
    })
    return ok({ qResults: await readSmsSettings(app.db, target) })
  })
}

export default smsGatewayRoutes
