import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ServerSettings, SmsSettings } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { drawDays, nextClose, toGmt8Iso } from '../../lib/gmt8.ts'
import { readSetting, settingKeys } from '../../lib/settings-store.ts'
import type { Game } from './index.ts'

/** GET settings (server time, next 4D and TOTO close, app download links) and GET smsSetting (per game). */
const settingsRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, options) => {
  app.get('/settings', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(ServerSettings) }
  }, async () => {
    const now = app.gaNow()
    return ok({
      serverDate: { ServerDate: toGmt8Iso(now) },
      serverTime: toGmt8Iso(now),
      dClose: { CloseDate: toGmt8Iso(nextClose(now, drawDays['4D'])) },
      tClose: { CloseDate: toGmt8Iso(nextClose(now, drawDays.TOTO)) },
      mobileAppData: {
        downloadUrl: await readSetting(app.db, settingKeys.downloadUrl),
        iosDownloadUrl: await readSetting(app.db, settingKeys.iosDownloadUrl)
      }
    })
  })

  app.get('/smsSetting', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Object({ qResults: SmsSettings })) }
  }, async () => {
    const { rows } = await app.db.query<Record<string, string>>('SELECT * FROM sms_settings WHERE game = $1', [options.game])
    const r = rows[0] ?? {}
    return ok({
      qResults: {
        SMSNumber: r.sms_number ?? '',
        TelegramBot: r.telegram_bot ?? '',
        OpenTime: r.open_time ?? '',
        CloseTime: r.close_time ?? '',
        OpenDay: r.open_day ?? '',
        SMSHelpdesk: r.sms_helpdesk ?? ''
      }
    })
  })
}

export default settingsRoutes
