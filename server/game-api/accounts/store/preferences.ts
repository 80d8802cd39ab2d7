// A user's own preferences (migration 022): second mobile, bet entry alert threshold, intake priority order.
import type { Queryable } from '../../../shared/db.ts'

export interface Preferences { Mobile2: string, BetEntryAlert: number | null, PriorityInTakes: string[] }

/** The user's preferences (the defaults when none is on file). */
export async function preferencesOf (q: Queryable, userId: string): Promise<Preferences> {
  const { rows: [r] } = await q.query<{ mobile2: string, bet_entry_alert: string | null, priority_in_takes: string[] }>(
    'SELECT mobile2, bet_entry_alert, priority_in_takes FROM user_preferences WHERE user_id = $1', [userId])
  return { Mobile2: r?.mobile2 ?? '', BetEntryAlert: r?.bet_entry_alert == null ? null : Number(r.bet_entry_alert), PriorityInTakes: r?.priority_in_takes ?? [] }
}

const COLUMN = { Mobile2: 'mobile2', BetEntryAlert: 'bet_entry_alert', PriorityInTakes: 'priority_in_takes' } as const

/** Sets one preference of the user (the others keep their value or default). */
export async function writePreference<K extends keyof Preferences> (q: Queryable, userId: string, key: K, value: Preferences[K], now: Date): Promise<void> {
  const column = COLUMN[key]
  await q.query(`INSERT INTO user_preferences (user_id, ${column}, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (user_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = EXCLUDED.updated_at`, [userId, value, now])
}
