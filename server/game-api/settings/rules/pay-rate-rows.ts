// 4D pay rates as rows (one per table N/K and form Big/Small, and for I one per permutation class 24/12/6/4 and form), and TOTO's as rows:
// how Pay Out and Pay Rate Setting read and edit the tables settlement pays by.
import { TOTO_GROUPS, IBET_CLASSES, type FourDPayRates, type FourDPayTable, type IBetClass, type TotoPayRates } from '../../../../schemas/game/index.ts'
import { TOTO_PARITY_BETS, TOTO_PICK_BETS, type TotoPickBet } from '../../../../schemas/domain/toto-bets.ts'
import { errors } from '../../lib/errors.ts'

/** A 4D pay table: N (straight and roll), I (iBet, by permutation class), K (kBet). */
export type PayTable = 'N' | 'I' | 'K'

/** One row: what $1 of one form pays per tier in one table (Small pays only the top three tiers: Starter and Consolation null). */
export interface PayRateRow {
  Key: string
  Table: PayTable
  Class: IBetClass | null
  Form: 'Big' | 'Small'
  First: number
  Second: number
  Third: number
  Starter: number | null
  Consolation: number | null
}

/** One TOTO rate: what one unit pays for a prize group, a pick-n type or an odd/even/tie bet. */
export interface TotoRateRow { Key: string, Bet: string, Pays: number }

/** The tables as rows are keyed: N, the four iBet classes, K. */
const TABLES: Array<{ table: PayTable, cls: IBetClass | null }> = [{ table: 'N', cls: null }, ...IBET_CLASSES.map((cls) => ({ table: 'I' as const, cls })), { table: 'K', cls: null }]

/** The one table a row is about (an iBet row names its class). */
export function tableOf (rates: FourDPayRates, table: PayTable, cls: IBetClass | null): FourDPayTable {
  return table === 'I' ? rates.I[cls ?? '24'] : rates[table]
}

/** The rows of one set of tables. */
export function toRows (rates: FourDPayRates): PayRateRow[] {
  return TABLES.flatMap(({ table, cls }) => {
    const { big, small } = tableOf(rates, table, cls)
    const key = `${table}${cls ?? ''}`
    return [
      { Key: `${key}-Big`, Table: table, Class: cls, Form: 'Big' as const, First: big.first, Second: big.second, Third: big.third, Starter: big.starter, Consolation: big.consolation },
      { Key: `${key}-Small`, Table: table, Class: cls, Form: 'Small' as const, First: small.first, Second: small.second, Third: small.third, Starter: null, Consolation: null }
    ]
  })
}

/** The class a request names: required for Table I, refused for the others. */
export function classOf (table: PayTable, cls: string | null | undefined): IBetClass | null {
  if (table !== 'I') {
    if (cls) throw errors.payClassNotIBet()
    return null
  }
  if (!cls) throw errors.payClassRequired()
  return cls as IBetClass
}

/** TOTO rates as rows: prize groups G1…G7, then the pick-n types, then the odd/even/tie bets. */
export function totoRows (rates: TotoPayRates): TotoRateRow[] {
  return [
    ...TOTO_GROUPS.map((g) => ({ Key: `G${g}`, Bet: `G${g}`, Pays: rates.groups[g] })),
    // In a fixed order: jsonb keeps object keys in its own order.
    ...(Object.keys(TOTO_PICK_BETS) as TotoPickBet[]).map((bet) => ({ Key: bet, Bet: bet, Pays: rates.pick[bet] })),
    ...TOTO_PARITY_BETS.map((bet) => ({ Key: bet, Bet: bet, Pays: rates.parity[bet] }))
  ]
}
