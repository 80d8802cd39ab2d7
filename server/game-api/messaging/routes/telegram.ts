// The Mobile page's Telegram part (any signed-in user): a one-time code that links a Telegram account to the caller, the accounts linked,
// and unlinking them.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { issueTelegramCode, telegramLinkOf, unlinkTelegram } from '../api.ts'

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
  }, async (request) => ok(await issueTelegramCode(app.db, callerOf(request), { game })))

  app.get('/telegramLink', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Linked: Type.Boolean(), Accounts: Type.String({ description: 'the linked Telegram names, commas between' }) })) }
  }, async (request) => ok(await telegramLinkOf(app.db, callerOf(request))))

  app.delete('/telegramLink', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ Removed: Type.Integer() })) }
  }, async (request) => {
    const removed = await unlinkTelegram(app.db, callerOf(request))
    return ok({ Removed: removed })
  })
}

export default telegramRoutes
