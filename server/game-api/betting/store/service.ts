// Tickets placed for a caller: who may bet for whom, which draws, then the placement: alone (its write one statement) when nothing is written beside it, else in one transaction (one ticket, or an upload's batch).
import type { Db, Queryable } from '../../../shared/db.ts'
import { readTogether, type Read } from '../../../shared/sql-params.ts'
import type { Draw, DrawSeries, Game } from '../rules/index.ts'
import type { AuthUser } from '../../lib/tokens.ts'
import { assertOpen, assertOpenDrawsOf, dayCodeDates, drawsByIdsRead, drawsOfDayCode, drawsOn, drawsOnRead, ensureDraws, isoDateOf, openDrawsByIds, toDrawAnswer, type DrawAnswer, type DrawRow } from '../../draws/api.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'
import { placementFlags, placementFlagsRead, type PlacementFlags } from '../../lib/store/users.ts'
import { errors } from '../../lib/errors.ts'
import { announceDrawChange } from '../../lib/draw-changes.ts'
import { placeAfterRead, placeTicketAlone, placeTickets, type PlacedTicket, type TicketRequest } from './place.ts'
import { assertEntryLimits } from '../rules/entry-limits.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'

/** What the caller asks to place. */
export interface PlaceOrder {
  user: AuthUser
  userId: string
  game: Game
  /** A day code (resolved at now), or DrawIds, or the concrete draws a parsed bet text names. */
  dayCode?: string | undefined
  drawIds?: number[] | undefined
  draws?: Draw[] | undefined
  fourD?: FourDLineInput[]
  toto?: TotoLineInput[]
  source: TicketRequest['source']
  text?: string | null
  locId?: string | null | undefined
  fileId?: number | null
  /** Runs first inside the placement's transaction, so what it writes commits exactly when the ticket does (the upload job's line record). */
  record?: (tx: Queryable) => Promise<void>
  /** Runs last inside the placement's transaction with the placed ticket, so what it writes commits exactly when the ticket does (an SMS's record and reply). */
  finish?: (tx: Queryable, placed: PlaceAnswer) => Promise<void>
  /** The caller's own reads, made in the placement's one read when it is placed alone; answered in placeOrder's `read`. */
  reads?: Record<string, Read<unknown>>
}

/** A placed ticket with its draws and the bettor's CreditLeft after it. */
export interface PlaceAnswer extends PlacedTicket { drawRows: DrawAnswer[], creditLeft: number }

/** Checks who may bet for whom, then resolves the draws and places the ticket: alone when it can, else in one transaction. */
export async function placeOrder (db: Db, order: PlaceOrder, now: Date): Promise<PlaceAnswer & { read: Record<string, unknown> }> {
  const alone = await placeAlone(db, order, now)
  if (alone !== undefined) return alone
  const [answer] = await placeOrders(db, [order], now)
  return { ...answer as PlaceAnswer, read: order.reads === undefined ? {} : await readTogether(db, order.reads) }
}

/**
 * A ticket with nothing else to write beside it (a form's or API bet, a bet text), placed without a transaction: the caller's flags and
 * the draws are read in placement's one read, and the ticket written by one statement. When a limit's rows must be locked first, it goes
 * on from that read in a transaction. Undefined when only a transaction can place it (a record or reply to write with it, a draw row to
 * create): placeOrders does.
 */
async function placeAlone (db: Db, order: PlaceOrder, now: Date): Promise<PlaceAnswer & { read: Record<string, unknown> } | undefined> {
  if (order.record !== undefined || order.finish !== undefined) return undefined
  assertEntryLimits({ lines: (order.fourD ?? order.toto ?? []).length, draws: order.drawIds?.length ?? order.draws?.length ?? 0 })
  await assertSelfOrDownline(db, order.user, order.userId)
  const target = await drawsAlone(db, order, now)
  if (target === undefined) return undefined
  let draws: DrawRow[] = []
  const alone = await placeTicketAlone(db, ticketRequest(order, []), now, {
    drawCount: target.count,
    reads: { ...order.reads, flags: placementFlagsRead(order.user.userId, order.userId), draws: target.read },
    settle: (read) => {
      assertMayPlace(order, read.flags as PlacementFlags)
      draws = target.check(read.draws as DrawRow[])
      return { requests: [ticketRequest(order, draws)], drawDates: new Map(draws.map((d) => [Number(d.draw_id), isoDateOf(d.draw_date)])) }
    }
  }).catch((error: unknown) => { if (error instanceof DrawsToCreate) return undefined; throw error })
  if (alone === undefined) return undefined
  const done = 'needsLocks' in alone ? await db.transaction((tx) => placeAfterRead(tx, alone, now)) : alone
  const placed = done.placed[0] as PlacedTicket
  announceDrawChange(db, { kind: 'placed', game: order.game, drawIds: draws.map((d) => Number(d.draw_id)), ticketNo: placed.ticketNo })
  return { ...placed, drawRows: draws.map((d) => toDrawAnswer(d, now)), creditLeft: placed.creditLeft ?? 0, read: done.read }
}

/** A draw a ticket placed alone names has no row yet: creating it takes the transaction placeOrders opens. */
class DrawsToCreate extends Error {}

/** How a ticket placed alone reads its draws, how many it may name, and the check of what was read (as orderDraws checks it). */
async function drawsAlone (db: Db, order: PlaceOrder, now: Date): Promise<{ read: Read<DrawRow[]>, count: number, check: (rows: DrawRow[]) => DrawRow[] } | undefined> {
  const onDates = (series: DrawSeries | undefined, dates: string[]) => series === undefined || dates.length === 0
    ? undefined
    : {
        read: drawsOnRead(series, dates),
        count: dates.length,
        check: (rows: DrawRow[]) => {
          if (rows.length < new Set(dates).size) throw new DrawsToCreate()
          assertOpen(rows, now)
          return rows
        }
      }
  if (order.draws !== undefined) return onDates(order.draws[0]?.series, order.draws.map((d) => d.date))
  const ids = order.drawIds
  if (ids !== undefined && ids.length > 0) return { read: drawsByIdsRead(ids), count: ids.length, check: (rows) => assertOpenDrawsOf(rows, order.game, ids, now) }
  if (order.dayCode === undefined || order.dayCode === '') return undefined
  const { series, dates } = await dayCodeDates(db, order.game, order.dayCode, now)
  return onDates(series, dates)
}

/** Refuses a caller who may not place bets, and a suspended bettor (a suspended caller is already stopped at sign-in and by its token). */
function assertMayPlace (order: PlaceOrder, flags: PlacementFlags): void {
  if (!flags.mayPlace) throw bettingErrors.betNotAllowed(order.user.userId)
  if (flags.suspended) throw errors.userSuspended(order.userId)
}

/** What a batch writes besides its tickets, in the same transaction: first (record), and last with every answer (finish). */
export interface BatchHooks {
  record?: (tx: Queryable) => Promise<void>
  finish?: (tx: Queryable, answers: PlaceAnswer[]) => Promise<void>
}

/**
 * Places several tickets (an upload's lines) in one transaction: every one of them, or none when any is refused (its caller
 * then places them one by one to learn which). Each order is checked as placeOrder checks it; a bettor's checks are read once.
 */
export async function placeOrders (db: Db, orders: PlaceOrder[], now: Date, hooks: BatchHooks = {}): Promise<PlaceAnswer[]> {
  const checked = new Set<string>()
  for (const order of orders) {
    // Every entry path comes through here, so the form, text, upload, SMS and Telegram share one set of limits.
    assertEntryLimits({ lines: (order.fourD ?? order.toto ?? []).length, draws: order.drawIds?.length ?? order.draws?.length ?? 0 })
    const who = `${order.user.userId}|${order.userId}`
    if (checked.has(who)) continue
    checked.add(who)
    await assertSelfOrDownline(db, order.user, order.userId)
    assertMayPlace(order, await placementFlags(db, order.user.userId, order.userId))
  }
  const answers = await db.transaction(async (tx) => {
    await hooks.record?.(tx)
    for (const order of orders) await order.record?.(tx)
    const drawsOf = new Map<string, DrawRow[]>()
    const resolved: DrawRow[][] = []
    for (const order of orders) {
      const key = JSON.stringify([order.game, order.draws, order.drawIds, order.dayCode])
      const draws = drawsOf.get(key) ?? await orderDraws(tx, order, now)
      drawsOf.set(key, draws)
      // One cut-off for every entry path: the draw rows' own close time, hand close and open time.
      assertOpen(draws, now)
      resolved.push(draws)
    }
    const dates = new Map(resolved.flat().map((d) => [Number(d.draw_id), isoDateOf(d.draw_date)]))
    const placed = await placeTickets(tx, orders.map((order, i) => ticketRequest(order, resolved[i] ?? [])), 'charge', now, dates)
    const answers = placed.map((p, i) => ({ ...p, drawRows: (resolved[i] ?? []).map((d) => toDrawAnswer(d, now)), creditLeft: p.creditLeft ?? 0 }))
    for (const [i, order] of orders.entries()) await order.finish?.(tx, answers[i] as PlaceAnswer)
    await hooks.finish?.(tx, answers)
    return answers
  })
  // Committed: the live exposure of their draws moves now.
  for (const [i, answer] of answers.entries()) announceDrawChange(db, { kind: 'placed', game: orders[i]!.game, drawIds: answer.drawRows.map((d) => d.DrawId), ticketNo: answer.ticketNo })
  return answers
}

/** The draws an order names: concrete draws of a parsed text (made when missing), DrawIds, or a day code resolved at now. */
async function orderDraws (tx: Queryable, order: PlaceOrder, now: Date): Promise<DrawRow[]> {
  let draws: DrawRow[]
  if (order.draws !== undefined) {
    const series = order.draws[0]?.series
    const dates = order.draws.map((d) => d.date)
    if (series !== undefined) await ensureDraws(tx, series, dates, now)
    draws = series === undefined ? [] : await drawsOn(tx, series, dates)
  } else if (order.drawIds !== undefined && order.drawIds.length > 0) {
    draws = await openDrawsByIds(tx, order.game, order.drawIds, now)
  } else if (order.dayCode !== undefined && order.dayCode !== '') {
    draws = await drawsOfDayCode(tx, order.game, order.dayCode, now)
  } else {
    throw bettingErrors.noDraws('A bet without DayCode or DrawIds')
  }
  if (draws.length === 0) throw bettingErrors.noDraws(order.dayCode ? `Day code ${order.dayCode}` : 'The bet')
  return draws
}

/** The ticket an order places on its draws. */
function ticketRequest (order: PlaceOrder, draws: DrawRow[]): TicketRequest {
  return {
    userId: order.userId,
    placedBy: order.user.userId,
    game: order.game,
    series: (draws[0]?.series ?? 'SG4D') as DrawSeries,
    drawIds: draws.map((d) => Number(d.draw_id)),
    dayCode: order.dayCode ?? null,
    locId: order.locId ?? null,
    source: order.source,
    text: order.text ?? null,
    fileId: order.fileId ?? null,
    ...(order.fourD ? { fourD: order.fourD } : {}),
    ...(order.toto ? { toto: order.toto } : {})
  }
}
