// Claim-backs: recorded claims of one downline imported as one amount (or an amount agreed by hand), then settled or deleted.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/** A claim-back as the Share Claim page lists it, with the span and count of the claims it settles. */
export interface ClaimBackRow {
  ClaimBackId: number
  UplineId: string
  UserId: string
  Amount: number
  Claims: number
  DrawFrom: string
  DrawTo: string
  Status: 'open' | 'settled'
  Remarks: string
  CreatedDate: string
  SettledDate: string | null
}

/** A recorded claim as an import locks it. */
export interface ClaimToImport { claim_id: number, upline_id: string, downline_id: string, claim_back_id: number | null }

const BACKS_SQL = `SELECT b.claim_back_id AS "ClaimBackId", b.upline_id AS "UplineId", b.downline_id AS "UserId", b.amount::float8 AS "Amount",
    count(c.claim_id)::int AS "Claims", COALESCE(to_char(min(c.draw_from), 'YYYY-MM-DD'), '') AS "DrawFrom", COALESCE(to_char(max(c.draw_to), 'YYYY-MM-DD'), '') AS "DrawTo",
    b.status AS "Status", b.remarks AS "Remarks", to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "CreatedDate",
    to_char(b.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "SettledDate"
  FROM share_claim_backs b LEFT JOIN share_claims c ON c.claim_back_id = b.claim_back_id`

/** One claim-back by id. */
export async function claimBackById (q: Queryable, id: number): Promise<ClaimBackRow | undefined> {
  const { rows: [back] } = await q.query<ClaimBackRow>(`${BACKS_SQL} WHERE b.claim_back_id = $1 GROUP BY b.claim_back_id`, [id])
  return back
}

/** An upline's claim-backs (optionally on one downline), newest first. */
export async function listClaimBacks (q: Queryable, game: Game, uplineId: string, downline: string | null): Promise<ClaimBackRow[]> {
  const { rows } = await q.query<ClaimBackRow>(
    `${BACKS_SQL} WHERE b.game = $1 AND b.upline_id = $2 AND ($3::text IS NULL OR b.downline_id = $3) GROUP BY b.claim_back_id ORDER BY b.claim_back_id DESC`,
    [game, uplineId, downline])
  return rows
}

/** A claim-back of the game, locked for a change: its upline and status. */
export async function lockClaimBack (q: Queryable, game: Game, id: number): Promise<{ upline_id: string, status: string } | undefined> {
  const { rows: [back] } = await q.query<{ upline_id: string, status: string }>('SELECT upline_id, status FROM share_claim_backs WHERE claim_back_id = $1 AND game = $2 FOR UPDATE', [id, game])
  return back
}

/** The game's recorded claims among ids, locked in id order for an import. */
export async function lockClaimsToImport (q: Queryable, game: Game, ids: number[]): Promise<ClaimToImport[]> {
  const { rows } = await q.query<ClaimToImport>(
    'SELECT claim_id, upline_id, downline_id, claim_back_id FROM share_claims WHERE claim_id = ANY($1::int[]) AND game = $2 ORDER BY claim_id FOR UPDATE', [ids, game])
  return rows
}

/** Writes a claim-back of the claims ids (its amount their sum) and marks them imported; answers its id. */
export async function importClaims (q: Queryable, game: Game, pair: { uplineId: string, downlineId: string }, ids: number[], remarks: string, by: string, now: Date): Promise<number> {
  const { rows: [back] } = await q.query<{ id: number }>(
    `INSERT INTO share_claim_backs (game, upline_id, downline_id, amount, remarks, created_by, created_at)
     SELECT $1, $2, $3, sum(claim), $4, $5, $6 FROM share_claims WHERE claim_id = ANY($7::int[]) RETURNING claim_back_id AS id`,
    [game, pair.uplineId, pair.downlineId, remarks, by, now, ids])
  await q.query('UPDATE share_claims SET claim_back_id = $1 WHERE claim_id = ANY($2::int[])', [back!.id, ids])
  return Number(back!.id)
}

/** Writes a claim-back of an amount agreed by hand; answers its id. */
export async function insertClaimBack (q: Queryable, game: Game, pair: { uplineId: string, downlineId: string }, amount: number, remarks: string, by: string, now: Date): Promise<number> {
  const { rows: [back] } = await q.query<{ id: number }>(
    `INSERT INTO share_claim_backs (game, upline_id, downline_id, amount, remarks, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING claim_back_id AS id`,
    [game, pair.uplineId, pair.downlineId, amount, remarks, by, now])
  return Number(back!.id)
}

/** Marks a claim-back settled by `by` at now, its remarks replaced when given. */
export async function settleClaimBackRow (q: Queryable, id: number, by: string, now: Date, remarks: string | null): Promise<void> {
  await q.query("UPDATE share_claim_backs SET status = 'settled', settled_by = $2, settled_at = $3, remarks = COALESCE($4, remarks) WHERE claim_back_id = $1",
    [id, by, now, remarks])
}

/** Deletes a claim-back; its claims are freed (claim_back_id set to null by the foreign key) and may be imported again. */
export async function deleteClaimBack (q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM share_claim_backs WHERE claim_back_id = $1', [id])
}
