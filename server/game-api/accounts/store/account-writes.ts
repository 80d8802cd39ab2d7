// Writes to a downline account's row: creating it, its name and line maximum, credit moved between it and its parent, suspending and deleting.
import type { Queryable } from '../../../shared/db.ts'
import type { Role } from '../../../../schemas/game-api.ts'
import type { Flag } from '../rules/downline-rules.ts'

/** A new account as the create call writes it; its first password must be changed at first sign-in. */
export interface NewAccount {
  userId: string
  parentId: string
  role: Role
  userName: string
  rank: number
  credit: number
  flags: Record<Flag, number>
  passwordHash: string
}

/** Inserts a new account, its credit left equal to its credit. */
export async function insertAccount (q: Queryable, account: NewAccount, now: Date): Promise<void> {
  const { flags } = account
  await q.query(
    `INSERT INTO users (user_id, login_id, parent_id, role, alias_id, rank, credit, credit_left,
       enable_create_agent, enable_create_downline, enable_place_bet, enable_upload, password_hash, update_password, created_at)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, true, $12)`,
    [account.userId, account.parentId, account.role, account.userName, account.rank, account.credit,
      flags.EnableCreateAgent, flags.EnableCreateDownline, flags.EnablePlaceBet, flags.EnableUpload, account.passwordHash, now])
}

/** Takes amount from (or, negative, gives it back to) a user's credit left: what a parent gives its downline. */
export async function takeCreditLeft (q: Queryable, userId: string, amount: number): Promise<void> {
  await q.query('UPDATE users SET credit_left = credit_left - $2 WHERE user_id = $1', [userId, amount])
}

/** Sets a user's credit, moving its credit left by the same change. */
export async function writeCredit (q: Queryable, userId: string, credit: number, delta: number): Promise<void> {
  await q.query('UPDATE users SET credit = $2, credit_left = credit_left + $3 WHERE user_id = $1', [userId, credit, delta])
}

/** Sets the name a user is shown by. */
export async function writeUserName (q: Queryable, userId: string, userName: string): Promise<void> {
  await q.query('UPDATE users SET alias_id = $2 WHERE user_id = $1', [userId, userName])
}

/** Sets the most a user may stake on one line. */
export async function writeMaxLineStake (q: Queryable, userId: string, max: number): Promise<void> {
  await q.query('UPDATE users SET max_line_stake = $2 WHERE user_id = $1', [userId, max])
}

/** Suspends or resumes a user. */
export async function writeSuspended (q: Queryable, userId: string, suspended: boolean): Promise<void> {
  await q.query('UPDATE users SET suspended = $2 WHERE user_id = $1', [userId, suspended])
}

/** Deletes a user: the row stays (tickets and reports name it), suspended, but the id is gone from every list and sign-in. */
export async function markDeleted (q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE users SET deleted_at = $2, suspended = true WHERE user_id = $1', [userId, now])
}
