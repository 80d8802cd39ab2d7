// What the Place Bets page needs before a bet: whether a user may bet and with what (bet/perm), and the entry settings of the game (bet/settings).
import type { Queryable } from '../../../shared/db.ts'
import { BIG_PATTERN, BIG_STEP, LINE_STAKE_BOUND, MAX_CHARACTERS, dayCodesOf, drawsForDayCode, resolveDayCode, type Game } from '../rules/index.ts'
import { formsOf } from '../rules/bet-forms.ts'
import { MAX_LINES_PER_TICKET } from '../rules/entry-limits.ts'
import { ensureDraws, ensureUpcomingDraws, isoDateOf, toDrawAnswer, type DrawAnswer, type DrawRow } from '../../draws/store/draws.ts'
import { drawCloses } from '../../draws/store/draw-closes.ts'
import { drawTakesBetsSql } from '../../draws/store/draw-conditions.ts'

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

/** The day codes a bet can use now: a code resolving to a draw that takes no bets (closed early by hand, result in, not open yet) is left out until that draw is passed. */
async function openDayCodes (q: Queryable, game: Game, now: Date): Promise<Array<{ Code: string, Days: string }>> {
  const closeOf = await drawCloses(q, game, now)
  const codes = dayCodesOf(game).map((code) => {
    const meaning = resolveDayCode(game, code)
    return { code, meaning, draws: meaning === undefined ? [] : drawsForDayCode(meaning, now, closeOf) }
  })
  // The draws a bet would create are created now, as placing does, so every code is judged on rows.
  for (const { meaning, draws } of codes) if (meaning !== undefined) await ensureDraws(q, meaning.series, draws.map((d) => d.date), now)
  const { rows } = await q.query<Pick<DrawRow, 'series' | 'draw_date'>>(`SELECT series, draw_date FROM draws WHERE game = $1 AND ${drawTakesBetsSql('draws', '$2')}`, [game, now])
  const open = new Set(rows.map((r) => `${r.series} ${isoDateOf(r.draw_date)}`))
  return codes
    .filter(({ meaning, draws }) => meaning !== undefined && draws.length > 0 && draws.every((d) => open.has(`${meaning.series} ${d.date}`)))
    .map(({ code, meaning }) => ({ Code: code, Days: `${meaning?.series ?? ''} ${meaning?.label ?? ''}`.trim() }))
}

/** The game's bet entry settings: forms, the day codes open now, line and text bounds, and the draws that take bets now with their close times. */
export async function betSettings (q: Queryable, game: Game, now: Date): Promise<{ Game: Game, Forms: string[], DayCodes: Array<{ Code: string, Days: string }>, MaxLines: number, MaxTextCharacters: number, LineStakeBound: number, BigStep: number, BigPattern: string, Draws: DrawAnswer[] }> {
  // As draw/activeLatest: the next draws exist before they are listed, so the page never offers none.
  await ensureUpcomingDraws(q, game, now)
  const { rows } = await q.query<DrawRow>(`SELECT * FROM draws WHERE game = $1 AND ${drawTakesBetsSql('draws', '$2')} ORDER BY close_at, series`, [game, now])
  return {
    Game: game,
    Forms: [...formsOf(game)],
    DayCodes: await openDayCodes(q, game, now),
    MaxLines: MAX_LINES_PER_TICKET,
    MaxTextCharacters: MAX_CHARACTERS,
    LineStakeBound: LINE_STAKE_BOUND,
    BigStep: BIG_STEP,
    BigPattern: BIG_PATTERN,
    Draws: rows.map((r) => toDrawAnswer(r, now))
  }
}
