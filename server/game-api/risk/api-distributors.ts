// The risk module's distributor reads (Distributors, a distributor's statement and rules, the partner web addresses) and the rule outset
// job's status, (db, caller, input) → result. Beside api.ts, which holds the writes and would grow past its size with these.
import type { Db } from '../../shared/db.ts'
import { zoneIso } from '../../../schemas/domain/calendar.ts'
import type { Game } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { subjectOf } from '../lib/downline-access.ts'
import { drawDateRange } from '../lib/query-date.ts'
import { findJob, type JobState } from '../jobs/status.ts'
import { outsetErrors } from './errors.ts'
import { OUTSET_RULE_JOB } from './jobs/rules.ts'
import { assertOutSet } from './store/out-set.ts'
import { distributorStatement, statementAccess, type StatementRow, type StatementTotals } from './store/distributor-statement.ts'
import { usableDistributor, usableDistributors, type DistributorRow } from './store/distributors.ts'
import { ruleAnswer, rulesOf } from './store/rules.ts'

/** A distributor as the lists answer it; Owner and Shared tell a partnered outlet (another level's, shared with the account) from its own. */
export interface DistributorAnswer { DistributorId: number, Name: string, Phone: string, Remark: string, Web: string, Throws: number, CreatedDate: string, Owner: string, Shared: boolean, Partners: string[], Rules: string }

/** A distributor row as the account (userId) sees it: its partners only when it owns the outlet. */
export const distributorAnswer = (userId: string) => (r: DistributorRow): DistributorAnswer => ({
  DistributorId: Number(r.distributor_id),
  Name: r.name,
  Phone: r.phone,
  Remark: r.remark,
  Web: r.web,
  Throws: Number(r.throws),
  CreatedDate: zoneIso(new Date(r.created_at)),
  Owner: r.created_by,
  Shared: r.created_by !== userId,
  Partners: r.created_by === userId ? r.partners ?? [] : [],
  Rules: r.rules ?? ''
})

/** distributors/total: the account's own outlets, then those shared with it (what the pickers of Throw Number and Out Setting 2 offer); OutSet needed. */
export async function distributorsOf (db: Db, caller: Caller): Promise<DistributorAnswer[]> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  return (await usableDistributors(db, account)).map(distributorAnswer(account))
}

/** One outlet the account may use (own or shared); OutSet needed; 404 otherwise. */
export async function distributorOf (db: Db, caller: Caller, input: { distributorId: number }): Promise<DistributorAnswer> {
  await assertOutSet(db, caller.user)
  const account = await subjectOf(db, caller.user)
  return distributorAnswer(account)(await usableDistributor(db, account, input.distributorId))
}

/** What a statement is asked for: the outlet, the game (the prefix's when absent), and a draw or a range of draw dates. */
export interface StatementQuery { DistributorId: number, Game?: Game | undefined, DrawId?: number | undefined, DrawFrom?: string | undefined, DrawTo?: string | undefined }

/**
 * A distributor's statement: per draw and thrower what was thrown and what the settlement says each side owes; the owner sees every
 * thrower's throws, a partner only its own; OutSet needed.
 */
export async function distributorStatementOf (db: Db, caller: Caller, input: { game: Game, query: StatementQuery }): Promise<{ DistributorId: number, Name: string, Owner: string, Shared: boolean, Deleted: boolean, Game: Game, rows: StatementRow[], totals: StatementTotals }> {
  await assertOutSet(db, caller.user)
  const q = input.query
  const range = drawDateRange(q)
  const account = await subjectOf(db, caller.user)
  const access = await statementAccess(db, account, q.DistributorId)
  const game: Game = q.Game ?? input.game
  const { rows, totals } = await distributorStatement(db, access.distributorId, {
    game, thrower: access.ownerView ? null : account, drawId: q.DrawId ?? null, drawFrom: range.from, drawTo: range.to
  })
  return { DistributorId: access.distributorId, Name: access.name, Owner: access.owner, Shared: !access.ownerView, Deleted: access.deleted, Game: game, rows, totals }
}

/** The rules of an outlet the account may use (own or shared), as the rule calls answer them; OutSet needed. */
export async function distributorRulesOf (db: Db, caller: Caller, input: { distributorId: number }): Promise<Array<ReturnType<typeof ruleAnswer>>> {
  await assertOutSet(db, caller.user)
  await usableDistributor(db, await subjectOf(db, caller.user), input.distributorId)
  return (await rulesOf(db, [input.distributorId])).map(ruleAnswer)
}

/** The newest rule outset job the caller started for the distributor (each level runs its own); OutSet needed; 404 when none. */
export async function ruleOutsetStatus (db: Db, caller: Caller, input: { distributorId: number }): Promise<JobState> {
  await assertOutSet(db, caller.user)
  const job = await findJob(db, { kind: OUTSET_RULE_JOB, subjectId: input.distributorId, userId: caller.user.userId })
  if (!job) throw outsetErrors.ruleJobNone(input.distributorId)
  return job
}

/** getPartnerWeb, for every role: the web addresses of the outlets the account may throw to (none for a member or a level without outlets). */
export async function partnerWebsOf (db: Db, caller: Caller): Promise<Array<{ PartnerId: number, Name: string, Web: string }>> {
  const owner = await subjectOf(db, caller.user)
  return (await usableDistributors(db, owner)).map((d) => ({ PartnerId: Number(d.distributor_id), Name: d.name, Web: d.web }))
}
