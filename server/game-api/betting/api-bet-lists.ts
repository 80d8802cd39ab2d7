// Betting's reads of placed bets: pages of tickets, bet lines and detail rows of a user, its group or its downline, bets per day, a ticket's
// view, a number search and the users a ticket list filters by, (db, caller, input) → result. Beside api.ts rather than in it: api.ts is long enough.
import type { Db } from '../../shared/db.ts'
import type { Game } from './rules/index.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { queryDate } from '../lib/query-date.ts'
import { assertSelfOrDownline, subjectOf, withinReach } from '../lib/downline-access.ts'
import { groupOf, type GroupMember } from '../lib/store/downlines.ts'
import { bettingErrors } from './errors.ts'
import { betDetails, betLines, type BetScope } from './store/bet-rows.ts'
import { betsByDay } from './store/bets-by-day.ts'
import { searchBets } from './store/search.ts'
import { ticketsPage, ticketView } from './store/tickets.ts'

export type { BetScope } from './store/bet-rows.ts'

/** Which page of a list, as the query names it (defaults: the first, 100 rows). */
interface Paging { page?: number | undefined, pageSize?: number | undefined }

/** A page of tickets on a draw or a draw date (or every draw), newest first: the named user's (the caller or a downline), else the group's. */
export async function ticketPageOf (db: Db, caller: Caller, input: Paging & { game: Game, userId?: string | undefined, drawId?: number | undefined, drawDate?: string | undefined }) {
  const { user } = caller
  if (input.userId) await assertSelfOrDownline(db, user, input.userId)
  return ticketsPage(db, {
    game: input.game,
    root: await subjectOf(db, user),
    userId: input.userId || null,
    drawId: input.drawId ?? null,
    drawDate: input.drawDate ? queryDate('DrawDate', input.drawDate) : null,
    page: input.page ?? 1,
    pageSize: input.pageSize ?? 100,
    now: caller.now
  })
}

/** The bet lines of the scope (the named user's own or its group's; else the caller's account's) on a draw or a draw date (or every draw). */
export async function betLinesOf (db: Db, caller: Caller, input: Paging & { game: Game, scope: BetScope, userId?: string | undefined, drawId?: number | undefined, drawDate?: string | undefined }) {
  const userId = await subjectOf(db, caller.user, input.userId)
  const drawDate = input.drawDate === undefined ? null : queryDate('DrawDate', input.drawDate)
  return betLines(db, { game: input.game, userId, scope: input.scope, drawId: input.drawId ?? null, drawDate, page: input.page ?? 1, pageSize: input.pageSize ?? 100 })
}

/** The detail rows (every level the caller may see) of the named user's group's bets (else the caller's account's), or of its downline's only. */
export async function betDetailsOf (db: Db, caller: Caller, input: Paging & { game: Game, scope: BetScope, userId?: string | undefined, drawId?: number | undefined, drawDate?: string | undefined }) {
  const { user } = caller
  const userId = await subjectOf(db, user, input.userId)
  const drawDate = input.drawDate ? queryDate('DrawDate', input.drawDate) : null
  return betDetails(db, { game: input.game, userId, scope: input.scope, viewer: await subjectOf(db, user), drawId: input.drawId ?? null, drawDate, page: input.page ?? 1, pageSize: input.pageSize ?? 100 })
}

/** The group's bets (the named user's, else the caller's account's) per draw day between two dates, with their totals. */
export async function betsByDayOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined, dateFrom: string, dateTo: string }) {
  const from = queryDate('DateFrom', input.dateFrom)
  const to = queryDate('DateTo', input.dateTo)
  if (from > to) throw errors.periodReversed(from, to)
  return betsByDay(db, { game: input.game, root: await subjectOf(db, caller.user, input.userId), from, to })
}

/** The group's bets (the named user's, else the caller's account's) on a number, on one draw or every draw. */
export async function searchBetsOf (db: Db, caller: Caller, input: { game: Game, number: string, drawId?: number | undefined, userId?: string | undefined }): Promise<Array<Record<string, unknown>>> {
  return searchBets(db, { root: await subjectOf(db, caller.user, input.userId), game: input.game, number: input.number, drawId: input.drawId ?? null })
}

/** A ticket of the caller's reach: its summary, bets, the level rows of the users the caller may see, and its strikes. */
export async function ticketViewOf (db: Db, caller: Caller, input: { ticketNo: string }) {
  const view = await ticketView(db, input.ticketNo, caller.now)
  if (!view) throw bettingErrors.ticketNotFound(input.ticketNo)
  await assertSelfOrDownline(db, caller.user, view.Ticket.UserId, 'ticket')
  // An upline's level row holds its share, commission and intake: its own terms, not the viewer's.
  const seen = await withinReach(db, caller.user, [...new Set(view.Levels.map((l) => String(l.UserId)))])
  return { ...view, Levels: view.Levels.filter((l) => seen.has(String(l.UserId))) }
}

/** The users of the caller's group (a staff admin's: the company's) a ticket list filters by. */
export async function bettorsOf (db: Db, caller: Caller): Promise<Array<Omit<GroupMember, 'Depth'>>> {
  return (await groupOf(db, await subjectOf(db, caller.user))).map(({ Depth: _depth, ...m }) => m)
}
