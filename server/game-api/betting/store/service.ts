// One ticket placed for a caller: who may bet for whom, which draws, then the placement in one transaction.
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Draw, DrawSeries, Game } from '../rules/index.ts'
import type { AuthUser } from '../../lib/tokens.ts'
import { assertOpen, drawsOfDayCode, drawsOn, ensureDraws, isoDateOf, openDrawsByIds, toDrawAnswer, type DrawAnswer, type DrawRow } from '../../draws/api.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline, placementFlags } from '../../lib/downline-access.ts'
import { errors } from '../../lib/errors.ts'
import { announceDrawChange } from '../../lib/draw-changes.ts'
import { placeTickets, type PlacedTicket, type TicketRequest } from './place.ts'
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
}

/** A placed ticket with its draws and the bettor's CreditLeft after it. */
export interface PlaceAnswer extends PlacedTicket { drawRows: DrawAnswer[], creditLeft: number }

/** Checks who may bet for whom, then resolves the draws and places the ticket in one transaction. */
export async function placeOrder (db: Db, order: PlaceOrder, now: Date): Promise<PlaceAnswer> {
  // Every entry path comes through here, so the form, text, upload, SMS and Telegram share one set of limits.
  assertEntryLimits({ lines: (order.fourD ?? order.toto ?? []).length, draws: order.drawIds?.length ?? order.draws?.length ?? 0 })
  await assertSelfOrDownline(db, order.user, order.userId)
  const flags = await placementFlags(db, order.user.userId, order.userId)
  if (!flags.mayPlace) throw bettingErrors.betNotAllowed(order.user.userId)
  // A suspended bettor takes no bets, whoever places them (a suspended caller is already stopped at sign-in and by its token).
  if (flags.suspended) throw errors.userSuspended(order.userId)
  const answer = await db.transaction(async (tx) => {
    await order.record?.(tx)
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
    // One cut-off for every entry path: the draw rows' own close time, hand close and open time.
    assertOpen(draws, now)
    const [placed] = await placeTickets(tx, [{
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
    }], 'charge', now, new Map(draws.map((d) => [Number(d.draw_id), isoDateOf(d.draw_date)])))
    const answer = { ...(placed as PlacedTicket), drawRows: draws.map((d) => toDrawAnswer(d, now)), creditLeft: placed?.creditLeft ?? 0 }
    await order.finish?.(tx, answer)
    return answer
  })
  // Committed: the live exposure of its draws moves now.
  announceDrawChange(db, { kind: 'placed', game: order.game, drawIds: answer.drawRows.map((d) => d.DrawId), ticketNo: answer.ticketNo })
  return answer
}
