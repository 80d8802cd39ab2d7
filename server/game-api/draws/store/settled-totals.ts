// Settling a draw writes its winners' payouts into betting's per-user draw totals (draw_user_totals), as it writes the bets' own.
import type { Queryable } from '../../../shared/db.ts'

/** Adds settled winners' payouts (the bet's, and each level's kept and passed-on parts) to draw_user_totals. */
export async function addSettledPayouts (q: Queryable, betIds: number[]): Promise<void> {
  if (betIds.length === 0) return
  await q.query(
    `UPDATE draw_user_totals t SET payout = t.payout + x.payout, kept_payout = t.kept_payout + x.kept, out_payout = t.out_payout + x.out
     FROM (SELECT b.draw_id, b.user_id AS bettor_id, l.user_id, l.level, sum(b.payout) AS payout, sum(l.intake_payout) AS kept, sum(l.out_payout) AS out
           FROM bets b JOIN bet_levels l ON l.bet_id = b.bet_id WHERE b.bet_id = ANY($1::bigint[]) GROUP BY 1, 2, 3, 4) AS x
     WHERE t.draw_id = x.draw_id AND t.bettor_id = x.bettor_id AND t.user_id = x.user_id AND t.level = x.level`, [betIds])
}

/** A reset draw pays nothing until it is finalised again. */
export async function clearDrawPayouts (q: Queryable, drawId: number): Promise<void> {
  await q.query('UPDATE draw_user_totals SET payout = 0, kept_payout = 0, out_payout = 0 WHERE draw_id = $1 AND (payout <> 0 OR kept_payout <> 0 OR out_payout <> 0)', [drawId])
}
