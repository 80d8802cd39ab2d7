// SMS Gateway (SMS Gateway › SMS Gateway): the outbound gateway's settings with a write-only auth token, a test send, and the SMS settings
// the SMS and Telegram instruction pages read. ADMIN granted SMSGateway (the menu's rule; the page is 4D's).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { SmsSettings } from '../../../../schemas/game-api.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { SMS_PROVIDERS } from '../rules/sms-providers.ts'
import { smsGatewayOf, testSmsGateway, updateSmsGateway, updateSmsSettings } from '../api.ts'

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

const GameField = Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'the game whose SMS settings these are (default the prefix\'s)' }))

/** GET SMSGateway, PUT updateSMSGateway, POST testSMSGateway, PUT dSMSSetting. */
const smsGatewayRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/SMSGateway', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(GatewayAnswer) }
  }, async (request) => ok(await smsGatewayOf(app.db, callerOf(request))))

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
    const { answer, queued, enabled } = await updateSmsGateway(app.db, callerOf(request), request.body)
    // The messages queued now are sent by this instance's runner at once rather than at its next poll.
    if (queued > 0) app.jobs.wake()
    request.log.info({ queued, enabled, webhooks: answer.TelegramWebhooks }, 'SMS gateway settings saved')
    return ok(answer)
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
  }, async (request) => ok(await testSmsGateway(app.db, callerOf(request), { to: request.body.To, body: request.body.Body, clock: () => app.gaNow() })))

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
  }, async (request) => ok(await updateSmsSettings(app.db, callerOf(request), { game, body: request.body })))
}

export default smsGatewayRoutes
