import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CurrencyAnswer, ServerSettings, SmsSettings } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { callerOf } from '../../plugins/auth.ts'
import { currencyCode, serverSettings, smsSettingsOf } from '../api.ts'

/** GET settings (server time, next 4D and TOTO close by the per-series close time, app download links), GET smsSetting (per game) and GET getCurrencyCode. */
const settingsRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, options) => {
  app.get('/settings', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(ServerSettings) }
  }, async (request) => ok(await serverSettings(app.db, callerOf(request))))

  app.get('/getCurrencyCode', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(CurrencyAnswer) }
  }, async (request) => ok(await currencyCode(app.db, callerOf(request))))

  app.get('/smsSetting', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        Game: Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'another game\'s settings (SMS Gateway edits both); default the prefix\'s' }))
      }),
      response: envelope(Type.Object({ qResults: SmsSettings }))
    }
  }, async (request) => ok(await smsSettingsOf(app.db, callerOf(request), { game: request.query.Game ?? options.game })))
}

export default settingsRoutes
