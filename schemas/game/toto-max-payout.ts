// The most one unit of a TOTO line can pay, for the MaxPayout figures of the detail rows.
import { DEFAULT_TOTO_PAY_RATES, type TotoPayRates } from './pay-rates.ts'
import { settleTotoLine, type TotoResult } from './settle-toto.ts'
import type { TotoLine } from './ticket.ts'
import { TOTO_BALLS } from '../domain/toto-lines.ts'
import { isParityBet, isPickBet } from '../domain/toto-bets.ts'

/** The payout of one unit in the line's best case: its numbers drawn as winners, with the additional among them where room is left. */
export function maxTotoPayoutPerUnit (line: Pick<TotoLine, 'type' | 'numbers'>, rates: TotoPayRates = DEFAULT_TOTO_PAY_RATES): number {
  if (isParityBet(line.type)) return rates.parity[line.type]
  if (isPickBet(line.type)) return rates.pick[line.type]
  const others = Array.from({ length: TOTO_BALLS }, (_, i) => i + 1).filter((n) => !line.numbers.includes(n))
  // Chosen numbers come first so as many as possible are winners; the additional is the next chosen one, if any.
  const order = [...line.numbers, ...others]
  const result: TotoResult = { winning: order.slice(0, 6), additional: order[6] ?? TOTO_BALLS }
  return settleTotoLine({ ...line, units: 1 }, result, rates).payout
}
