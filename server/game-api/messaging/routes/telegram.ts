// The Mobile page's Telegram part (any signed-in user): a one-time code that links a Telegram account to the caller, the accounts linked,
// and unlinking them.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneDayTime, zoneIso, type Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller, callerOf } from '../../plugins/auth.ts'
import { linksOf } from '../store/telegram-links.ts'
import { issueTelegramCode, unlinkTelegram } from '../api.ts'
import { readSmsSettings } from '../../settings/api.ts'

/** POST telegramCode, GET telegramLink, DELETE telegramLink. */
const telegramRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/telegramCode', {
    schema: {
      body: Type.Optional(Type.Object({ LocId: LocIdField })),
      response: envelope(Type.Object({
        Code: Type.String({ description: 'send it to the bot as /link CODE within ten minutes; it works once' }),
        Command: Type.String(),
        Bot: Type.String({ description: 'the bot of the prefix\'s game, as the SMS settings name it' }),
        ExpiresAt: Type.String(),
        Expires: Type.String({ description: 'the same, DD/MM/YYYY HH:mm (GMT+8), as a page shows it' })
      }))
    }
  }, async (request) => {
    const { code, expiresAt } = await issueTelegramCode(app.db, callerOf(request))
    const bot = (await readSmsSettings(app.db, game)).TelegramBot
    return ok({ Code: code, Command: `/link ${code}`, Bot: bot === '' ? '' : `@${bot}`, ExpiresAt: zoneIso(expiresAt), Expires: `${zoneDayTime(expiresAt)} (GMT+8)` })
  })

  app.get('/telegramLink', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Linked: Type.Boolean(), Accounts: Type.String({ description: 'the linked Telegram names, commas between' }) })) }
  }, async (request) => {
    const names = await linksOf(app.db, caller(request).userId)
    return ok({ Linked: names.length > 0, Accounts: names.join(', ') })
  })

  app.delete('/telegramLink', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Removed: Type.Integer() })) }
  }, async (request) => {
    const removed = await unlinkTelegram(app.db, callerOf(request))
    return ok({ Removed: removed })
  })
}

export default telegramRoutes
