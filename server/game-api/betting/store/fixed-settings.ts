// Fixed settings as read: per user, whether its standing orders are placed and on which draw days, with what they stake.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { DAYS, type Day } from '../rules/fixed-days.ts'

/** One user's fixed setting of the game: its active standing orders and their stake per draw, the switch, and the days (AllDays: every day its orders' codes cover). */
export type FixedSetting = { UserId: string, FixedBets: number, StakePerDraw: number, Enabled: boolean, AllDays: boolean } & Record<Day, boolean>

/** The settings of every user with a standing order or a setting of the game, or (userId) of that one user, by id. */
export async function fixedSettings (q: Queryable, game: Game, userId: string | null = null): Promise<FixedSetting[]> {
  const { rows } = await q.query<{ user_id: string, fixed_bets: number, stake: string, enabled: boolean | null, draw_days: number[] | null }>(
    `SELECT u.user_id, count(f.fixed_id) FILTER (WHERE f.active)::int AS fixed_bets, COALESCE(sum(f.stake_per_draw) FILTER (WHERE f.active), 0) AS stake, s.enabled, s.draw_days
     FROM users u LEFT JOIN fixed_bets f ON f.user_id = u.user_id AND f.game = $1 LEFT JOIN fixed_settings s ON s.user_id = u.user_id AND s.game = $1
     WHERE u.deleted_at IS NULL AND (CASE WHEN $2::text IS NULL THEN f.fixed_id IS NOT NULL OR s.user_id IS NOT NULL ELSE u.user_id = $2 END)
     GROUP BY u.user_id, s.enabled, s.draw_days ORDER BY u.user_id`, [game, userId])
  return rows.map((r) => {
    const days = r.draw_days ?? []
    return {
      UserId: r.user_id,
      FixedBets: r.fixed_bets,
      StakePerDraw: Number(r.stake),
      Enabled: r.enabled ?? true,
      AllDays: days.length === 0,
      ...Object.fromEntries(DAYS.map((d, i) => [d, days.length === 0 || days.includes(i)])) as Record<Day, boolean>
    }
  })
}

/** Whether the user exists and is not deleted. */
export async function liveUserExists (q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE user_id = $1 AND deleted_at IS NULL', [userId])
  return rows.length > 0
}

/** Writes a user's fixed setting of the game: the switch and the draw days (empty: every day its orders' codes cover). */
export async function writeFixedSetting (q: Queryable, game: Game, s: { userId: string, enabled: boolean, days: number[] }, by: string, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO fixed_settings (user_id, game, enabled, draw_days, updated_by, updated_at) VALUES ($1, $2, $3, $4::int[], $5, $6)
     ON CONFLICT (user_id, game) DO UPDATE SET enabled = EXCLUDED.enabled, draw_days = EXCLUDED.draw_days, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [s.userId, game, s.enabled, s.days, by, now])
}
