// What a ticket costs: per draw, and over all the draws its day code covers.
import { expand4d } from './expand-four-d.ts'
import { roundMoney } from './money.ts'
import type { FourDLine, Ticket, TotoLine } from './ticket.ts'
import { combinationsOf } from './toto-combinations.ts'

/** The price of one TOTO unit (one combination at -1), in dollars. */
export const TOTO_UNIT_PRICE = 1

/** A ticket's cost: Big, Small and TOTO units per draw, the money per draw, the number of draws and the total. */
export interface StakeSummary {
  big: number
  small: number
  units: number
  perDraw: number
  draws: number
  total: number
}

/** Big and Small dollars one 4D line stakes in one draw (a roll stakes 10 numbers, a kBet every permutation, an iBet once). */
export function fourDLineStake (line: FourDLine): { big: number, small: number } {
  const played = expand4d(line)
  return {
    big: roundMoney(played.reduce((sum, p) => sum + p.big, 0)),
    small: roundMoney(played.reduce((sum, p) => sum + p.small, 0))
  }
}

/** Units one TOTO line stakes in one draw: its units times the combinations it covers. */
export function totoLineUnits (line: TotoLine): number {
  return line.units * combinationsOf(line)
}

/** The cost of a ticket over every draw it covers. */
export function stakeOf (ticket: Ticket): StakeSummary {
  let big = 0
  let small = 0
  let units = 0
  if (ticket.game === '4D') {
    for (const line of ticket.lines) {
      const stake = fourDLineStake(line)
      big += stake.big
      small += stake.small
    }
  } else {
    for (const line of ticket.lines) units += totoLineUnits(line)
  }
  const perDraw = roundMoney(big + small + units * TOTO_UNIT_PRICE)
  const draws = ticket.draws.length
  return { big: roundMoney(big), small: roundMoney(small), units, perDraw, draws, total: roundMoney(perDraw * draws) }
}
