// The reports module's bet summary use cases: what the caller's group (a staff admin's: the company's) bet on a draw, per number, user or
// bet type, and which draws and users have bets. Beside api.ts: it is one page's reads, apart from the share claims there.
import type { Db } from '../../shared/db.ts'
import type { Game } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { drawErrors } from '../draws/errors.ts'
import { toDrawAnswer, type DrawAnswer, type DrawRow } from '../draws/api.ts'
import { betSummary, betSummaryByType, betSummaryByTypeSum, betSummaryByUser, betSummaryReport, summaryDraws, summaryShareUsers, summaryUsers, type Summary } from './store/bet-summary.ts'

/** The summaries by what they sum: per number, per user, per bet type (and its sums), and the group's branches (the report). */
const SUMMARIES = { full: betSummary, byUser: betSummaryByUser, byType: betSummaryByType, byTypeSum: betSummaryByTypeSum, report: betSummaryReport }
export type SummaryView = keyof typeof SUMMARIES

/** A user of the caller's group with bets, as a summary's picker lists it. */
export interface SummaryUser { UserId: string, UserName: string, Role: string, ParentId: string | null }

/** summary/drawDate(T): the draws of the game that hold live bets of the caller's group, newest first. */
export async function summaryDrawsOf (db: Db, caller: Caller, input: { game: Game }): Promise<DrawAnswer[]> {
  return (await summaryDraws(db, await subjectOf(db, caller.user), input.game)).map((r) => toDrawAnswer(r as unknown as DrawRow, caller.now))
}

/** betSummaryUserIdByShare: the users of the caller's group with their share of the game. */
export async function summaryShareUsersOf (db: Db, caller: Caller, input: { game: Game }): Promise<Array<SummaryUser & { Share: number }>> {
  return summaryShareUsers(db, await subjectOf(db, caller.user), input.game)
}

/** summary/userIds: the users of the caller's group with bets on the draw (the newest with bets when none is named). */
export async function summaryUsersOf (db: Db, caller: Caller, input: { game: Game, drawId?: number | undefined }): Promise<SummaryUser[]> {
  return summaryUsers(db, await subjectOf(db, caller.user), input.game, input.drawId ?? null)
}

/**
 * A bet summary of a draw (the group's newest with bets when none is named); 404 when the draw named has none. The report's UserId is whose
 * group it is about (its rows are that user's branches); the others' is whose own bets they count. UserId must be the caller or a downline.
 */
export async function betSummaryOf (db: Db, caller: Caller, input: { game: Game, view: SummaryView, drawId?: number | undefined, userId?: string | undefined }): Promise<Summary> {
  const { drawId, userId } = input
  const report = input.view === 'report'
  if (userId) await assertSelfOrDownline(db, caller.user, userId)
  const root = await subjectOf(db, caller.user, report ? userId : null)
  const answer = await SUMMARIES[input.view](db, { root, game: input.game, drawId: drawId ?? null, userId: report ? null : userId || null })
  if (!answer) throw drawErrors.drawNotFound(Number(drawId))
  return answer
}
