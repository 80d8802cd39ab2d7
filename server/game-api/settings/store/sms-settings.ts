// Each game's SMS settings (number, bot, open hours, helpdesk) as the instruction pages, SMS Gateway and the Mobile page read them.
import type { Queryable } from '../../../shared/db.ts'
import type { SmsSettings } from '../../../../schemas/game-api.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'

/** One game's SMS settings as the instruction pages read them (empty fields when the game has none). */
export async function readSmsSettings (q: Queryable, game: Game): Promise<SmsSettings> {
  const { rows } = await q.query<Record<string, string>>('SELECT * FROM sms_settings WHERE game = $1', [game])
  const r = rows[0] ?? {}
  return {
    SMSNumber: r.sms_number ?? '',
    TelegramBot: r.telegram_bot ?? '',
    OpenTime: r.open_time ?? '',
    CloseTime: r.close_time ?? '',
    OpenDay: r.open_day ?? '',
    SMSHelpdesk: r.sms_helpdesk ?? ''
  }
}
