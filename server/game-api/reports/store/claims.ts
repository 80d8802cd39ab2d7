// Recording share claims: the live reportDownLine figures of an upline's direct downlines, frozen per period (a re-run replaces unimported ones).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { shareClaimDownLine, type ShareFigures } from './share-claim.ts'
import { groupOf } from '../../lib/store/downlines.ts'

/** A recorded claim as the Share Claim page lists it: the figures frozen for a downline and period. */
export interface ClaimRow extends ShareFigures {
  ClaimId: number
  UplineId: string
  UserId: string
  DrawFrom: string
  DrawTo: string
  ClaimBackId: number | null
  Status: 'open' | 'imported' | 'settled'
  Label: string
}

/** Records the claims of one upline on its direct downlines (all, or only `downline`) for the period; answers how many were written. */
export async function recordClaims (q: Queryable, game: Game, uplineId: string, period: { drawFrom: string, drawTo: string }, by: string, now: Date, downline?: string): Promise<number> {
  const report = await shareClaimDownLine(q, { userId: uplineId, game, drawFrom: period.drawFrom, drawTo: period.drawTo })
  const rows = report.rows.filter((r) => downline === undefined || r.UserId === downline)
  if (rows.length === 0) return 0
  // An imported claim keeps the figures its claim-back settles; only unimported ones are refreshed.
  const { rowCount } = await q.query(
    `INSERT INTO share_claims (game, upline_id, downline_id, draw_from, draw_to, bets, win_loss, downline_share, upline_share, above_share, claim, created_by, created_at)
     SELECT $1, $2, d, $3::date, $4::date, b, w, ds, us, a, us + a, $5, $6 FROM unnest($7::text[], $8::int[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[]) AS x (d, b, w, ds, us, a)
     ON CONFLICT (game, upline_id, downline_id, draw_from, draw_to) DO UPDATE SET bets = EXCLUDED.bets, win_loss = EXCLUDED.win_loss,
       downline_share = EXCLUDED.downline_share, upline_share = EXCLUDED.upline_share, above_share = EXCLUDED.above_share, claim = EXCLUDED.claim,
       created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at
     WHERE share_claims.claim_back_id IS NULL`,
    [game, uplineId, period.drawFrom, period.drawTo, by, now, rows.map((r) => r.UserId), rows.map((r) => r.Bets), rows.map((r) => r.WinLoss),
      rows.map((r) => r.DownlineShare), rows.map((r) => r.UplineShare), rows.map((r) => r.AboveShare)])
  return rowCount ?? rows.length
}

/** Records the claims of every upline in the user's group (the user included) for the period: the company's generate run. */
export async function recordGroupClaims (q: Queryable, game: Game, userId: string, period: { drawFrom: string, drawTo: string }, by: string, now: Date): Promise<number> {
  const group = await groupOf(q, userId)
  const uplines = new Set(group.filter((m) => m.Depth > 0).map((m) => m.ParentId ?? ''))
  let written = 0
  for (const m of group) if (uplines.has(m.UserId)) written += await recordClaims(q, game, m.UserId, period, by, now)
  return written
}

/** The recorded claims of an upline (optionally one downline) overlapping the period, newest period first. */
export async function listClaims (q: Queryable, game: Game, uplineId: string, filter: { drawFrom: string | null, drawTo: string | null, downline?: string | undefined, open?: boolean }): Promise<ClaimRow[]> {
  const { rows } = await q.query<ClaimRow>(
    `SELECT c.claim_id AS "ClaimId", c.upline_id AS "UplineId", c.downline_id AS "UserId", to_char(c.draw_from, 'YYYY-MM-DD') AS "DrawFrom", to_char(c.draw_to, 'YYYY-MM-DD') AS "DrawTo",
       c.bets AS "Bets", c.win_loss::float8 AS "WinLoss", c.downline_share::float8 AS "DownlineShare", c.upline_share::float8 AS "UplineShare",
       c.above_share::float8 AS "AboveShare", c.claim::float8 AS "Claim", c.claim_back_id AS "ClaimBackId",
       CASE WHEN b.status IS NULL THEN 'open' WHEN b.status = 'settled' THEN 'settled' ELSE 'imported' END AS "Status",
       c.downline_id || ' ' || to_char(c.draw_from, 'YYYY-MM-DD') || '..' || to_char(c.draw_to, 'YYYY-MM-DD') || ': ' || to_char(c.claim, 'FM999999999990.00') AS "Label"
     FROM share_claims c LEFT JOIN share_claim_backs b ON b.claim_back_id = c.claim_back_id
     WHERE c.game = $1 AND c.upline_id = $2 AND ($3::date IS NULL OR c.draw_to >= $3::date) AND ($4::date IS NULL OR c.draw_from <= $4::date)
       AND ($5::text IS NULL OR c.downline_id = $5) AND (NOT $6 OR c.claim_back_id IS NULL)
     ORDER BY c.draw_from DESC, c.downline_id, c.claim_id`,
    [game, uplineId, filter.drawFrom, filter.drawTo, filter.downline ?? null, filter.open === true])
  return rows
}

/** A recorded claim of the game, locked for a change: whose upline recorded it and the claim-back it is part of, if any. */
export async function lockClaim (q: Queryable, game: Game, claimId: number): Promise<{ upline_id: string, claim_back_id: number | null } | undefined> {
  const { rows: [claim] } = await q.query<{ upline_id: string, claim_back_id: number | null }>('SELECT upline_id, claim_back_id FROM share_claims WHERE claim_id = $1 AND game = $2 FOR UPDATE', [claimId, game])
  return claim
}

/** Deletes a recorded claim. */
export async function deleteClaim (q: Queryable, claimId: number): Promise<void> {
  await q.query('DELETE FROM share_claims WHERE claim_id = $1', [claimId])
}
