// A user's own preferences (migration 022): second mobile, bet entry alert threshold, intake priority order.
import type { Queryable } from '../../../shared/db.ts'
import type { Read } from '../../../shared/sql-params.ts'

export interface Preferences { Mobile2: string, BetEntryAlert: number | null, PriorityInTakes: string[] }

/** The user's preferences (the defaults when none is on file). */
export async function preferencesOf (q: Queryable, userId: string): Promise<Preferences> {
  const { rows } = await q.query('SELECT mobile2, bet_entry_alert, priority_in_takes FROM user_preferences WHERE user_id = $1', [userId])
  return preferencesRead(userId).parse(rows)
}

/** preferencesOf as one read of a statement made of several (a placement reads the enterer's bet entry alert with its own). */
export function preferencesRead (userId: string): Read<Preferences> {
  return {
    sql: (add) => `SELECT mobile2, bet_entry_alert, priority_in_takes FROM user_preferences WHERE user_id = ${add(userId, 'text')}`,
    parse: ([r]) => ({ Mobile2: String(r?.mobile2 ?? ''), BetEntryAlert: r?.bet_entry_alert == null ? null : Number(r.bet_entry_alert), PriorityInTakes: (r?.priority_in_takes as string[] | undefined) ?? [] })
  }
}

const COLUMN = { Mobile2: 'mobile2', BetEntryAlert: 'bet_entry_alert', PriorityInTakes: 'priority_in_takes' } as const

/** Sets one preference of the user (the others keep their value or default). */
export async function writePreference<K extends keyof Preferences> (q: Queryable, userId: string, key: K, value: Preferences[K], now: Date): Promise<void> {
  const column = COLUMN[key]
  await q.query(`INSERT INTO user_preferences (user_id, ${column}, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (user_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = EXCLUDED.updated_at`, [userId, value, now])
}
