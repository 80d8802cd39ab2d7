// Bets per draw day: what a group bet on each day of a period (bet/betByDay).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** One day's figures of the group's live bets. */
export interface DayRow { DrawDate: string, Draws: number, Tickets: number, Bets: number, Big: number, Small: number, Units: number, Stake: number, Payout: number }

/** Per draw date from `from` to `to` (inclusive, the calendar's GMT+8 dates), the live bets of `root` and its whole downline, oldest day first. */
export async function betsByDay (q: Queryable, p: { game: Game, root: string, from: string, to: string }): Promise<{ rows: DayRow[], totals: Omit<DayRow, 'DrawDate'> }> {
  const { rows } = await q.query<DayRow>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $1::text' })}
     SELECT to_char(d.draw_date, 'YYYY-MM-DD') AS "DrawDate", count(DISTINCT b.draw_id)::int AS "Draws", count(DISTINCT b.ticket_id)::int AS "Tickets", count(*)::int AS "Bets",
       sum(b.big)::float8 AS "Big", sum(b.small)::float8 AS "Small", sum(b.units)::float8 AS "Units", sum(b.amount)::float8 AS "Stake", sum(b.payout)::float8 AS "Payout"
     FROM draws d JOIN bets b ON b.draw_id = d.draw_id JOIN down ON down.user_id = b.user_id
     WHERE d.game = $2 AND d.draw_date BETWEEN $3::date AND $4::date AND b.status <> 'void'
     GROUP BY d.draw_date ORDER BY d.draw_date`, [p.root, p.game, p.from, p.to])
  // A ticket on two days counts on each, so Tickets sums the days' counts as the rows show them.
  const sum = (key: keyof Omit<DayRow, 'DrawDate'>) => Math.round(rows.reduce((s, r) => s + Number(r[key]) * 100, 0)) / 100
  return { rows, totals: { Draws: sum('Draws'), Tickets: sum('Tickets'), Bets: sum('Bets'), Big: sum('Big'), Small: sum('Small'), Units: sum('Units'), Stake: sum('Stake'), Payout: sum('Payout') } }
}
