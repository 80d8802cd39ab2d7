import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CurrencyAnswer, ServerSettings, SmsSettings } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { zoneIso, type Game } from '../../../../schemas/domain/calendar.ts'
import { nextSeriesClose } from '../../draws/api.ts'
import { readSetting, settingKeys } from '../../lib/store/settings.ts'
import { readSmsSettings } from '../store/sms-settings.ts'

/** The currency when the operator has not set one: Singapore Pools' own. */
const DEFAULT_CURRENCY = 'SGD'

/** GET settings (server time, next 4D and TOTO close by the per-series close time, app download links), GET smsSetting (per game) and GET getCurrencyCode. */
const settingsRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, options) => {
  app.get('/settings', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(ServerSettings) }
  }, async () => {
    const now = app.gaNow()
    return ok({
      serverDate: { ServerDate: zoneIso(now) },
      serverTime: zoneIso(now),
      // The same close the bet cut-off uses: the series' setting, or the draw row as edited or closed by hand.
      dClose: { CloseDate: zoneIso(await nextSeriesClose(app.db, 'SG4D', now)) },
      tClose: { CloseDate: zoneIso(await nextSeriesClose(app.db, 'TOTO', now)) },
      mobileAppData: {
        downloadUrl: await readSetting(app.db, settingKeys.downloadUrl),
        iosDownloadUrl: await readSetting(app.db, settingKeys.iosDownloadUrl)
      }
    })
  })

  app.get('/getCurrencyCode', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(CurrencyAnswer) }
  }, async () => ok({ CurrencyCode: await readSetting(app.db, settingKeys.currencyCode) || DEFAULT_CURRENCY }))

  app.get('/smsSetting', {
    schema: {
      querystring: Type.Object({
        LocId: LocIdField,
        Game: Type.Optional(Type.Union([Type.Literal('4D'), Type.Literal('TOTO')], { description: 'another game\'s settings (SMS Gateway edits both); default the prefix\'s' }))
      }),
      response: envelope(Type.Object({ qResults: SmsSettings }))
    }
  }, async (request) => ok({ qResults: await readSmsSettings(app.db, request.query.Game ?? options.game) }))
}

export default settingsRoutes
