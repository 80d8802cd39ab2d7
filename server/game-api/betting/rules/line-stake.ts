// What one bet line stakes, what each level of its chain takes of it, and the text its TOTO numbers are stored under, as pure functions placement shares.
import {
  DEFAULT_TOTO_PAY_RATES, combinationsOf, expand4d, fourDDetailRows, fourDLineStake, fourDLineTable, maxTotoPayoutPerUnit, roundMoney, totoDetailRows,
  type ChainLevel, type FourDPayRates, type Game, type TotoPayRates
} from './index.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'

/** The text a TOTO line is stored under in the number column: two-digit numbers, or the side-bet type. */
export function totoNumberText (line: TotoLineInput): string {
  if (line.numbers.length === 0) return line.type
  return line.numbers.map((n) => String(n).padStart(2, '0')).join(' ')
}

/** What one line stakes in one draw, in dollars. */
export function lineStake (game: Game, line: FourDLineInput | TotoLineInput): number {
  if (game === 'TOTO') return roundMoney((line as TotoLineInput).units * combinationsOf(line as TotoLineInput))
  const stake = fourDLineStake({ ...(line as FourDLineInput), position: 0, length: 0 })
  return roundMoney(stake.big + stake.small)
}

/** What one level of the bettor's chain takes of a bet (a bet_levels row without its bet and draw). */
export interface LevelFigures { level: number, userId: string, share: number, commission: number, bigIn: number, smallIn: number, amountIn: number, bigIntake: number, smallIntake: number, amountIntake: number, bigOut: number, smallOut: number, amountOut: number, maxPayout: number }

/** What one line stakes in one draw, and its level rows (without ids), by the pure split functions. */
export function lineFigures (game: Game, line: FourDLineInput | TotoLineInput, chain: ChainLevel[], fourDRates: FourDPayRates, totoRates: TotoPayRates | undefined): { amount: number, combinations: number, levels: LevelFigures[] } {
  if (game === '4D') {
    const l = line as FourDLineInput
    const stake = fourDLineStake({ ...l, position: 0, length: 0 })
    const played = expand4d(l)
    const count = played.length
    const table = fourDLineTable(fourDRates, l)
    // Limits are per number played, so a line playing n numbers may keep n times the limit; the written number stands for them all.
    const scaled = chain.map((c) => ({ ...c, limit: { ...(c.limit?.big !== undefined ? { big: c.limit.big * count } : {}), ...(c.limit?.small !== undefined ? { small: c.limit.small * count } : {}) } }))
    const { rows } = fourDDetailRows({ number: l.number, big: stake.big, small: stake.small }, scaled, table)
    return {
      amount: roundMoney(stake.big + stake.small),
      combinations: count,
      levels: rows.map((r, level) => ({
        level,
        userId: r.UserId,
        share: chain[level]?.share ?? 0,
        commission: r.commission,
        bigIn: r.ttBigIn,
        smallIn: r.ttSmallIn,
        amountIn: r.ttAmountIn,
        bigIntake: r.ttBigIntake,
        smallIntake: r.ttSmallIntake,
        amountIntake: r.ttAmountIntake,
        bigOut: r.ttBigOut,
        smallOut: r.ttSmallOut,
        amountOut: r.ttAmountOut,
        // Only one played number can take 1st prize: the intake on one number at the 1st-prize rate (an iBet's class rate is per $1 of the whole line already).
        maxPayout: roundMoney(l.form === 'ibet' ? r.ttMaxPayout : r.ttMaxPayout / count)
      }))
    }
  }
  const l = line as TotoLineInput
  const combinations = combinationsOf(l)
  const units = roundMoney(l.units * combinations)
  const best = maxTotoPayoutPerUnit(l, totoRates ?? DEFAULT_TOTO_PAY_RATES)
  const { rows } = totoDetailRows({ type: l.type, tt: totoNumberText(l), units, maxPayoutPerUnit: best / combinations }, chain)
  return {
    amount: units,
    combinations,
    levels: rows.map((r, level) => ({
      level,
      userId: r.UserId,
      share: chain[level]?.share ?? 0,
      commission: r.commission,
      bigIn: 0,
      smallIn: 0,
      amountIn: r.ttUnitIn,
      bigIntake: 0,
      smallIntake: 0,
      amountIntake: r.ttUnitIntake,
      bigOut: 0,
      smallOut: 0,
      amountOut: r.ttUnitOut,
      maxPayout: r.ttMaxPayout
    }))
  }
}
