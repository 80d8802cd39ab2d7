// What the Place Bets page needs before a bet: whether a user may bet and with what (bet/perm), and the entry settings of the game (bet/settings).
import type { Queryable } from '../../../shared/db.ts'
import { BIG_PATTERN, BIG_STEP, LINE_STAKE_BOUND, MAX_CHARACTERS, dayCodesOf, drawsForDayCode, resolveDayCode, type DrawSeries, type Game, type IsoDate } from '../rules/index.ts'
import { formsOf } from '../rules/index.ts'
import { MAX_LINES_PER_TICKET } from '../rules/entry-limits.ts'
import { ensureDraws, ensureUpcomingDraws, isoDateOf, toDrawAnswer, type DrawAnswer, type DrawRow, drawCloses, drawTakesBetsSql } from '../../draws/api.ts'

/** A user's betting rights on the game: the switches its upline set, its money and line maximum. undefined for an unknown user. */
export async function betPermissions (q: Queryable, userId: string, game: Game) {
  const { rows: [u] } = await q.query<{ enable_place_bet: number, enable_upload: number, disable_place_bet_and_fixed_bet: number, off: boolean, max_line_stake: string, credit_left: string }>(
    `SELECT enable_place_bet, enable_upload, disable_place_bet_and_fixed_bet, suspended OR deleted_at IS NOT NULL AS off, max_line_stake, credit_left
     FROM users WHERE user_id = $1`, [userId])
  if (!u) return undefined
  const placing = u.enable_place_bet === 1 && u.disable_place_bet_and_fixed_bet === 0 && !u.off
  return {
    UserId: userId,
    Game: game,
    MayPlaceBet: placing,
    MayPlaceFixedBet: placing,
    MayUpload: placing && u.enable_upload === 1,
    EnablePlaceBet: u.enable_place_bet === 1,
    EnableUpload: u.enable_upload === 1,
    DisablePlaceBetAndFixedBet: u.disable_place_bet_and_fixed_bet === 1,
    Suspended: u.off,
    Forms: [...formsOf(game)],
    MaxLineStake: Number(u.max_line_stake),
    MaxLines: MAX_LINES_PER_TICKET,
    CreditLeft: Number(u.credit_left)
  }
}

/** Each day code of the game with what it means and the draws it reaches now; the draws a bet would create are created, as placing does, once per series. */
async function dayCodeDraws (q: Queryable, game: Game, now: Date) {
  const closeOf = await drawCloses(q, game, now)
  const codes = dayCodesOf(game).map((code) => {
    const meaning = resolveDayCode(game, code)
    return { code, meaning, draws: meaning === undefined ? [] : drawsForDayCode(meaning, now, closeOf) }
  })
  const datesOf = new Map<DrawSeries, Set<IsoDate>>()
  for (const { meaning, draws } of codes) if (meaning !== undefined) for (const d of draws) datesOf.set(meaning.series, (datesOf.get(meaning.series) ?? new Set()).add(d.date))
  for (const [series, dates] of datesOf) await ensureDraws(q, series, [...dates], now)
  return codes
}

/** The day codes a bet can use now: a code reaching a draw that takes no bets (closed early by hand, result in, not open yet) is left out until that draw is passed. */
function openDayCodes (codes: Awaited<ReturnType<typeof dayCodeDraws>>, open: ReadonlyArray<Pick<DrawRow, 'series' | 'draw_date'>>): Array<{ Code: string, Days: string }> {
  const taking = new Set(open.map((r) => `${r.series} ${isoDateOf(r.draw_date)}`))
  return codes
    .filter(({ meaning, draws }) => meaning !== undefined && draws.length > 0 && draws.every((d) => taking.has(`${meaning.series} ${d.date}`)))
    .map(({ code, meaning }) => ({ Code: code, Days: `${meaning?.series ?? ''} ${meaning?.label ?? ''}`.trim() }))
}

/** The game's bet entry settings: forms, the day codes open now, line and text bounds, and the draws that take bets now with their close times. */
export async function betSettings (q: Queryable, game: Game, now: Date): Promise<{ Game: Game, Forms: string[], DayCodes: Array<{ Code: string, Days: string }>, MaxLines: number, MaxTextCharacters: number, LineStakeBound: number, BigStep: number, BigPattern: string, Draws: DrawAnswer[] }> {
  // As draw/activeLatest: the next draws exist before they are listed, so the page never offers none.
  await ensureUpcomingDraws(q, game, now)
  const codes = await dayCodeDraws(q, game, now)
  // One read of the draws taking bets: the list the page shows, and what each day code is judged on.
  const { rows } = await q.query<DrawRow>(`SELECT * FROM draws WHERE game = $1 AND ${drawTakesBetsSql('draws', '$2')} ORDER BY close_at, series`, [game, now])
  return {
    Game: game,
    Forms: [...formsOf(game)],
    DayCodes: openDayCodes(codes, rows),
    MaxLines: MAX_LINES_PER_TICKET,
    MaxTextCharacters: MAX_CHARACTERS,
    LineStakeBound: LINE_STAKE_BOUND,
    BigStep: BIG_STEP,
    BigPattern: BIG_PATTERN,
    Draws: rows.map((r) => toDrawAnswer(r, now))
  }
}
