// The betting seed's own writes: the default pay rates, commission rates and out settings, a history draw's result, and fresh planner statistics.
import type { Queryable } from '../../../shared/db.ts'
import type { DrawSeries } from '../../../../schemas/game/index.ts'

/** Sets the default ('*') pay rates of 4D and TOTO. */
export async function insertDefaultPayRates (tx: Queryable, fourD: unknown, toto: unknown, now: Date): Promise<void> {
  await tx.query("INSERT INTO pay_rates (user_id, game, rates, updated_at) VALUES ('*', '4D', $1, $3), ('*', 'TOTO', $2, $3)", [JSON.stringify(fourD), JSON.stringify(toto), now])
}

/** Sets each user's 4D and TOTO commission rates: [userId, 4D rate, TOTO rate]. */
export async function insertCommissionRates (tx: Queryable, rates: ReadonlyArray<[string, number, number]>): Promise<void> {
  await tx.query(
    'INSERT INTO commission_rates (user_id, game, rate) SELECT u, g, r FROM unnest($1::text[], $2::text[], $3::numeric[]) AS x (u, g, r)',
    [rates.flatMap(([u]) => [u, u]), rates.flatMap(() => ['4D', 'TOTO']), rates.flatMap(([, d, t]) => [d, t])])
}

/** The demo's out settings: ag1 keeps at most $5 Big and $5 Small per number, ag2 at most 10 TOTO units per entry; the rest goes up to admin. */
export async function insertDemoOutSettings (tx: Queryable): Promise<void> {
  await tx.query("INSERT INTO out_settings (user_id, game, big_limit, small_limit, unit_limit) VALUES ('ag1', '4D', 5, 5, NULL), ('ag2', 'TOTO', NULL, NULL, 10)")
}

/** Writes a history draw's result, entered at enteredAt. */
export async function writeDrawResult (tx: Queryable, drawId: number, result: unknown, enteredAt: Date | string): Promise<void> {
  await tx.query('UPDATE draws SET result = $2, result_entered_at = $3 WHERE draw_id = $1', [drawId, JSON.stringify(result), enteredAt])
}

/** The 4D and TOTO draws still open at now, soonest first. */
export async function openDraws (tx: Queryable, now: Date): Promise<Array<{ draw_id: number, series: DrawSeries }>> {
  const { rows } = await tx.query<{ draw_id: number, series: DrawSeries }>("SELECT draw_id, series FROM draws WHERE close_at > $1 AND series IN ('SG4D', 'TOTO') ORDER BY close_at", [now])
  return rows
}

/** Refreshes the planner's statistics of the betting tables the seed filled. */
export async function analyzeBets (tx: Queryable): Promise<void> {
  await tx.query('ANALYZE bets, bet_levels, strikes, tickets')
}
