// The bet detail rows of seed 001 §3 for one number (4D) or entry (TOTO) at every level of the chain.
import { roundMoney } from './money.ts'
import { SINGAPORE_4D_PAY_TABLE, type FourDPayTable } from './pay-rates.ts'
import { commissionSplit, intakeSplit, type ChainLevel } from './upline-split.ts'

/** A 4D bet detail row of one level. */
export interface FourDDetailRow {
  UserId: string
  Number: string
  ttBigIn: number
  ttSmallIn: number
  ttAmountIn: number
  ttBigIntake: number
  ttSmallIntake: number
  ttAmountIntake: number
  ttBigOut: number
  ttSmallOut: number
  ttAmountOut: number
  /** What the level's intake pays if the number takes 1st prize. */
  ttMaxPayout: number
  /** The level's commission on the amount bet. */
  commission: number
}

/** A TOTO bet detail row of one level (units of $1). */
export interface TotoDetailRow {
  UserId: string
  Type: string
  TT: string
  ttUnitIn: number
  ttUnitIntake: number
  ttUnitOut: number
  /** What the level's intake pays in the entry's best case. */
  ttMaxPayout: number
  commission: number
}

/** Splits a number's Big and Small amounts along the chain; `finalOut` is what leaves the top level. */
export function fourDDetailRows (entry: { number: string, big: number, small: number }, chain: readonly ChainLevel[], table: FourDPayTable = SINGAPORE_4D_PAY_TABLE): { rows: FourDDetailRow[], finalOut: { big: number, small: number, amount: number } } {
  const big = intakeSplit(entry.big, chain, (level) => level.limit?.big)
  const small = intakeSplit(entry.small, chain, (level) => level.limit?.small)
  const commission = commissionSplit(roundMoney(entry.big + entry.small), chain)
  const rows = chain.map((level, i): FourDDetailRow => {
    const b = big.levels[i] ?? { in: 0, intake: 0, out: 0 }
    const s = small.levels[i] ?? { in: 0, intake: 0, out: 0 }
    return {
      UserId: level.userId,
      Number: entry.number,
      ttBigIn: b.in,
      ttSmallIn: s.in,
      ttAmountIn: roundMoney(b.in + s.in),
      ttBigIntake: b.intake,
      ttSmallIntake: s.intake,
      ttAmountIntake: roundMoney(b.intake + s.intake),
      ttBigOut: b.out,
      ttSmallOut: s.out,
      ttAmountOut: roundMoney(b.out + s.out),
      ttMaxPayout: roundMoney(b.intake * table.big.first + s.intake * table.small.first),
      commission: commission[i] ?? 0
    }
  })
  return { rows, finalOut: { big: big.finalOut, small: small.finalOut, amount: roundMoney(big.finalOut + small.finalOut) } }
}

/** Splits a TOTO entry's units along the chain; `maxPayoutPerUnit` is the entry's best-case payout for one unit. */
export function totoDetailRows (entry: { type: string, tt: string, units: number, maxPayoutPerUnit: number }, chain: readonly ChainLevel[]): { rows: TotoDetailRow[], finalOut: number } {
  const units = intakeSplit(entry.units, chain, (level) => level.limit?.units)
  const commission = commissionSplit(entry.units, chain)
  const rows = chain.map((level, i): TotoDetailRow => {
    const u = units.levels[i] ?? { in: 0, intake: 0, out: 0 }
    return {
      UserId: level.userId,
      Type: entry.type,
      TT: entry.tt,
      ttUnitIn: u.in,
      ttUnitIntake: u.intake,
      ttUnitOut: u.out,
      ttMaxPayout: roundMoney(u.intake * entry.maxPayoutPerUnit),
      commission: commission[i] ?? 0
    }
  })
  return { rows, finalOut: units.finalOut }
}
