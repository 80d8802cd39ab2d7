// A distributor's statement: per draw and thrower, what was thrown to the outlet and what the throws' settlement at finalise says each side owes.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { outsetErrors } from '../errors.ts'

/** Who may read a distributor's statement, and whose throws it shows. */
export interface StatementAccess { distributorId: number, name: string, owner: string, deleted: boolean, ownerView: boolean }

/**
 * The distributor as the account may read its statement: the owner (even after deleting it: its throws still stand) reads every
 * thrower's rows, a partner, or a former partner with throws to it, only its own; anyone else 404, as for the other distributor calls.
 */
export async function statementAccess (q: Queryable, account: string, id: number): Promise<StatementAccess> {
  const { rows: [row] } = await q.query<{ name: string, created_by: string, deleted: boolean }>(
    `SELECT d.name, d.created_by, d.deleted_at IS NOT NULL AS deleted FROM distributors d WHERE d.distributor_id = $1 AND (d.created_by = $2
       OR EXISTS (SELECT 1 FROM distributor_partners p WHERE p.distributor_id = d.distributor_id AND p.user_id = $2)
       OR EXISTS (SELECT 1 FROM throws t WHERE t.distributor_id = d.distributor_id AND t.user_id = $2))`, [id, account])
  if (!row) throw outsetErrors.distributorNotFound(id)
  return { distributorId: id, name: row.name, owner: row.created_by, deleted: row.deleted, ownerView: row.created_by === account }
}

/** The statement's filter: the game, an optional thrower (null: every one the access allows) and an optional draw or draw-date range. */
export interface StatementFilter { game: Game, thrower: string | null, drawId: number | null, drawFrom: string | null, drawTo: string | null }

/** One row: a draw and a thrower; Payout and Net are null until the draw's throws are settled (Status settled). */
export interface StatementRow {
  DrawId: number
  DrawDate: string
  UserId: string
  Throws: number
  Big: number
  Small: number
  Units: number
  Stake: number
  Payout: number | null
  Net: number | null
  Status: 'settled' | 'pending' | 'unsettled'
  Side: 'thrower' | 'distributor' | 'even' | null
}

/** The sums of the settled rows (what is owed), and what is still pending. */
export interface StatementTotals {
  Draws: number
  Throws: number
  Big: number
  Small: number
  Units: number
  Stake: number
  Payout: number
  Net: number
  Side: 'thrower' | 'distributor' | 'even'
  PendingDraws: number
  PendingStake: number
}

// The stake is what Report Out counts for a throw (Big + Small for 4D, units for TOTO); the payout is the throw's settled Payout
// (draws/store/throw-settlement.ts), never worked out again here. A draw is settled once finalised with every throw given its payout;
// a draw finalised before migration 044 keeps its throws unsettled. $1 distributor, $2 game, $3 thrower or null, $4 draw or null, $5/$6 dates.
const PER = `WITH per AS (
  SELECT t.draw_id, to_char(d.draw_date, 'YYYY-MM-DD') AS draw_date, t.user_id, count(*)::int AS throws,
    sum(t.big) AS big, sum(t.small) AS small, sum(t.units) AS units,
    sum(CASE WHEN t.game = '4D' THEN t.big + t.small ELSE t.units END) AS stake, sum(t.payout) AS payout,
    CASE WHEN NOT d.is_finalised THEN 'pending' WHEN bool_and(t.payout IS NOT NULL) THEN 'settled' ELSE 'unsettled' END AS status
  FROM throws t JOIN draws d ON d.draw_id = t.draw_id
  WHERE t.distributor_id = $1 AND t.game = $2 AND ($3::text IS NULL OR t.user_id = $3)
    AND ($4::int IS NULL OR t.draw_id = $4) AND ($5::date IS NULL OR d.draw_date >= $5::date) AND ($6::date IS NULL OR d.draw_date <= $6::date)
  GROUP BY t.draw_id, d.draw_date, d.is_finalised, t.user_id)`

const side = (net: string) => `CASE WHEN ${net} > 0 THEN 'thrower' WHEN ${net} < 0 THEN 'distributor' ELSE 'even' END`

/** The statement's rows (newest draw first, then by thrower) and totals, computed in SQL from the stored throws and their settlement. */
export async function distributorStatement (q: Queryable, distributorId: number, f: StatementFilter): Promise<{ rows: StatementRow[], totals: StatementTotals }> {
  const params = [distributorId, f.game, f.thrower, f.drawId, f.drawFrom, f.drawTo]
  const { rows } = await q.query<StatementRow>(`${PER}
    SELECT draw_id AS "DrawId", draw_date AS "DrawDate", user_id AS "UserId", throws AS "Throws", big::float8 AS "Big", small::float8 AS "Small",
      units::float8 AS "Units", stake::float8 AS "Stake", CASE WHEN status = 'settled' THEN payout::float8 END AS "Payout",
      CASE WHEN status = 'settled' THEN (stake - payout)::float8 END AS "Net", status AS "Status",
      CASE WHEN status = 'settled' THEN ${side('stake - payout')} END AS "Side"
    FROM per ORDER BY draw_date DESC, draw_id DESC, user_id`, params)
  const { rows: [totals] } = await q.query<StatementTotals>(`${PER},
    s AS (SELECT count(DISTINCT draw_id) FILTER (WHERE status = 'settled') AS draws, COALESCE(sum(throws) FILTER (WHERE status = 'settled'), 0) AS throws,
        COALESCE(sum(big) FILTER (WHERE status = 'settled'), 0) AS big, COALESCE(sum(small) FILTER (WHERE status = 'settled'), 0) AS small,
        COALESCE(sum(units) FILTER (WHERE status = 'settled'), 0) AS units, COALESCE(sum(stake) FILTER (WHERE status = 'settled'), 0) AS stake,
        COALESCE(sum(payout) FILTER (WHERE status = 'settled'), 0) AS payout,
        count(DISTINCT draw_id) FILTER (WHERE status <> 'settled') AS pending_draws, COALESCE(sum(stake) FILTER (WHERE status <> 'settled'), 0) AS pending_stake FROM per)
    SELECT draws::int AS "Draws", throws::int AS "Throws", big::float8 AS "Big", small::float8 AS "Small", units::float8 AS "Units", stake::float8 AS "Stake",
      payout::float8 AS "Payout", (stake - payout)::float8 AS "Net", ${side('stake - payout')} AS "Side",
      pending_draws::int AS "PendingDraws", pending_stake::float8 AS "PendingStake" FROM s`, params)
  return { rows, totals: totals as StatementTotals }
}
