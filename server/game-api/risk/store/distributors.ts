// Distributors (Out Setting 3's side outlets): reading one the caller owns or may use, the list, and writing them.
import type { Queryable } from '../../../shared/db.ts'
import { outsetErrors } from '../errors.ts'

/** A distributor as the list and look-ups read it, with its throw count, partners and rules summary. */
export interface DistributorRow { distributor_id: number, name: string, phone: string, remark: string, web: string, throws: number, created_at: Date, created_by: string, partners: string[] | null, rules: string | null }

// The rules summary reads as the Out Setting 3 table shows it: "P1 4D 11** Big 3.00 Small 0.00; P2 TOTO every Units 2.00".
const RULES = `(SELECT string_agg('P' || r.priority || ' ' || r.game || ' ' || CASE WHEN r.pattern = '' THEN 'every' ELSE r.pattern END || ' ' ||
  CASE WHEN r.game = '4D' THEN 'Big ' || r.big_cap || ' Small ' || r.small_cap ELSE 'Units ' || r.unit_cap END, '; ' ORDER BY r.priority, r.rule_id)
  FROM distributor_rules r WHERE r.distributor_id = d.distributor_id)`

const SELECT = `SELECT d.*, (SELECT count(*)::int FROM throws t WHERE t.distributor_id = d.distributor_id) AS throws,
  (SELECT array_agg(p.user_id ORDER BY p.user_id) FROM distributor_partners p WHERE p.distributor_id = d.distributor_id) AS partners, ${RULES} AS rules FROM distributors d`

/** The caller's live distributor with that id; 404 otherwise (another level's outlet is not named). */
export async function ownDistributor (q: Queryable, userId: string, id: number): Promise<DistributorRow> {
  const { rows: [row] } = await q.query<DistributorRow>(`${SELECT} WHERE d.distributor_id = $1 AND d.created_by = $2 AND d.deleted_at IS NULL`, [id, userId])
  if (!row) throw outsetErrors.distributorNotFound(id)
  return row
}

/** The SQL condition "distributor d is the user's ($n) own or shared with the user as a partner". */
export const usableBy = (param: string) => `(d.created_by = ${param} OR EXISTS (SELECT 1 FROM distributor_partners p WHERE p.distributor_id = d.distributor_id AND p.user_id = ${param}))`

/** A live distributor the caller may throw to: its own, or one its owner shared with it; 404 otherwise. */
export async function usableDistributor (q: Queryable, userId: string, id: number): Promise<DistributorRow> {
  const { rows: [row] } = await q.query<DistributorRow>(`${SELECT} WHERE d.distributor_id = $1 AND ${usableBy('$2')} AND d.deleted_at IS NULL`, [id, userId])
  if (!row) throw outsetErrors.distributorNotFound(id)
  return row
}

/** The caller's own live distributor, 403 when it is only shared with the caller (partners and rules are the owner's to change). */
export async function ownedDistributor (q: Queryable, userId: string, id: number): Promise<DistributorRow> {
  const row = await usableDistributor(q, userId, id)
  if (row.created_by !== userId) throw outsetErrors.distributorNotOwner(id)
  return row
}

/** Whether a live distributor of the caller's, other than `except`, has that name (names are unique per level without regard to case). */
export async function nameTaken (q: Queryable, userId: string, name: string, except: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM distributors WHERE created_by = $1 AND lower(name) = lower($2) AND deleted_at IS NULL AND distributor_id <> $3', [userId, name, except])
  return rows.length > 0
}

/** Every live distributor the user may use, its own first, then by name. */
export async function usableDistributors (q: Queryable, userId: string): Promise<DistributorRow[]> {
  const { rows } = await q.query<DistributorRow>(`${SELECT} WHERE ${usableBy('$1')} AND d.deleted_at IS NULL ORDER BY d.created_by <> $1, lower(d.name)`, [userId])
  return rows
}

/** Takes the one lock for distributor names in the transaction: two creations at once cannot both take a free name. */
export async function lockDistributorNames (q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(7409, 1)')
}

/** What a level writes about its outlet. */
export interface DistributorFields { name: string, phone: string, remark: string }

/** A new distributor of the user's; answers its id. */
export async function insertDistributor (q: Queryable, userId: string, fields: DistributorFields, now: Date): Promise<number> {
  const { rows: [inserted] } = await q.query<{ distributor_id: number }>(
    'INSERT INTO distributors (name, phone, remark, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING distributor_id',
    [fields.name, fields.phone, fields.remark, userId, now])
  return Number(inserted?.distributor_id)
}

/** Writes a distributor's name, phone and remark. */
export async function updateDistributor (q: Queryable, id: number, fields: DistributorFields): Promise<void> {
  await q.query('UPDATE distributors SET name = $2, phone = $3, remark = $4 WHERE distributor_id = $1', [id, fields.name, fields.phone, fields.remark])
}

/** Marks a distributor deleted: kept as a record (its throws still name it); only new throws can no longer pick it. */
export async function deleteDistributor (q: Queryable, id: number, now: Date): Promise<void> {
  await q.query('UPDATE distributors SET deleted_at = $2 WHERE distributor_id = $1', [id, now])
}

/** Locks the distributor's row for the transaction: a rule job reading its rules, or another replacement, waits for this one. */
export async function lockDistributor (q: Queryable, id: number): Promise<void> {
  await q.query('SELECT 1 FROM distributors WHERE distributor_id = $1 FOR UPDATE', [id])
}

/** The users the distributor is shared with. */
export async function partnersOf (q: Queryable, id: number): Promise<Set<string>> {
  const { rows } = await q.query<{ user_id: string }>('SELECT user_id FROM distributor_partners WHERE distributor_id = $1', [id])
  return new Set(rows.map((r) => r.user_id))
}

/** Replaces the distributor's partners with these users. */
export async function replacePartners (q: Queryable, id: number, userIds: string[]): Promise<void> {
  await q.query('DELETE FROM distributor_partners WHERE distributor_id = $1', [id])
  if (userIds.length > 0) await q.query('INSERT INTO distributor_partners (distributor_id, user_id) SELECT $1, unnest($2::text[])', [id, userIds])
}

/** Writes a distributor's web address ('' clears it). */
export async function setDistributorWeb (q: Queryable, id: number, web: string): Promise<void> {
  await q.query('UPDATE distributors SET web = $2 WHERE distributor_id = $1', [id, web])
}
