// A game's SMS settings as SMS Gateway writes them (sms_settings): the number bets go to, the Telegram bot, the hours and days, the help desk.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'

/** A game's SMS settings, checked. */
export interface SmsSettingValues { SMSNumber: string, TelegramBot: string, OpenTime: string, CloseTime: string, OpenDay: string, SMSHelpdesk: string }

/** Writes the game's SMS settings whole. */
export async function writeSmsSettings (q: Queryable, game: Game, values: SmsSettingValues): Promise<void> {
  await q.query(
    `INSERT INTO sms_settings (game, sms_number, telegram_bot, open_time, close_time, open_day, sms_helpdesk) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (game) DO UPDATE SET sms_number = EXCLUDED.sms_number, telegram_bot = EXCLUDED.telegram_bot, open_time = EXCLUDED.open_time,
       close_time = EXCLUDED.close_time, open_day = EXCLUDED.open_day, sms_helpdesk = EXCLUDED.sms_helpdesk`,
    [game, values.SMSNumber, values.TelegramBot, values.OpenTime, values.CloseTime, values.OpenDay, values.SMSHelpdesk])
}
