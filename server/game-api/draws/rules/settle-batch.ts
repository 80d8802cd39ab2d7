// Settling one batch of a draw's bets in memory (a few thousand rows at most): strikes, winners and each level's part of the payout.
import {
  DEFAULT_4D_PAY_RATES, DEFAULT_TOTO_PAY_RATES, TOTO_GROUPS, fourDLineTable, fromCents, settleFourDLineAt, settleTotoLine, toCents,
  type FourDPayRates, type FourDPayTable, type FourDResult, type Game, type NumberForm, type TotoBetType, type TotoPayRates, type TotoResult
} from '../../../../schemas/game/index.ts'

/** An open bet as the finaliser reads it: pay_rate is the rate it was sold at, rates the bettor's tables today (for bets older than pay_rate). */
export interface OpenBet { bet_id: string, ticket_id: string, user_id: string, number: string, form: string, numbers: number[] | null, big: string, small: string, units: string, pay_rate: unknown, rates: unknown }

/** A level row of a bet: what reached it and what it kept. */
export interface LevelRow { bet_id: string, level: number, big_in: string, small_in: string, amount_in: string, big_intake: string, small_intake: string, amount_intake: string }

/** One prize won, as stored in strikes. */
export interface StrikeRow { betId: number, ticketId: number, userId: string, number: string, prize: string, table: string | null, big: number, small: number, hits: number, payout: number, bigPay: number }

/** What a batch settles to: the prizes won and each winning bet's payout. */
export interface BatchOutcome {
  strikes: StrikeRow[]
  winners: Array<{ betId: number, payout: number }>
}

/** Settles a batch of bets against the draw's result (no level rows needed: only winners are shared out, by shareWinners). */
export function settleBatch (game: Game, result: unknown, bets: OpenBet[]): BatchOutcome {
  const out: BatchOutcome = { strikes: [], winners: [] }
  for (const bet of bets) {
    const strikes = game === '4D' ? fourDStrikes(bet, result as FourDResult) : totoStrikes(bet, result as TotoResult)
    const cents = strikes.reduce((sum, s) => sum + toCents(s.payout), 0)
    if (cents === 0) continue
    out.strikes.push(...strikes)
    out.winners.push({ betId: Number(bet.bet_id), payout: fromCents(cents) })
  }
  return out
}

/** Each winning bet's payout shared along its chain, from the winners' level rows (any order). */
export function shareWinners (outcome: BatchOutcome, levels: LevelRow[]): Array<{ betId: number, level: number, intake: number, out: number }> {
  const levelsOf = new Map<string, LevelRow[]>()
  for (const l of levels) levelsOf.set(String(l.bet_id), [...(levelsOf.get(String(l.bet_id)) ?? []), l])
  const strikesOf = new Map<number, StrikeRow[]>()
  for (const s of outcome.strikes) strikesOf.set(s.betId, [...(strikesOf.get(s.betId) ?? []), s])
  return outcome.winners.flatMap((w) => {
    const betLevels = (levelsOf.get(String(w.betId)) ?? []).sort((a, b) => Number(a.level) - Number(b.level))
    return sharePayout(w.betId, strikesOf.get(w.betId) ?? [], betLevels, toCents(w.payout))
  })
}

/** The 4D table a bet settles by: the one it was sold at, else its line's table in the bettor's rates today. */
function fourDTableOf (bet: OpenBet): FourDPayTable {
  if (bet.pay_rate !== null && bet.pay_rate !== undefined) return bet.pay_rate as FourDPayTable
  return fourDLineTable((bet.rates ?? DEFAULT_4D_PAY_RATES) as FourDPayRates, bet)
}

function fourDStrikes (bet: OpenBet, result: FourDResult): StrikeRow[] {
  const table = fourDTableOf(bet)
  const settled = settleFourDLineAt({ number: bet.number, form: bet.form as NumberForm, big: Number(bet.big), small: Number(bet.small) }, result, table)
  return settled.strikes.map((s) => ({
    betId: Number(bet.bet_id),
    ticketId: Number(bet.ticket_id),
    userId: bet.user_id,
    number: s.number,
    prize: s.tier,
    table: s.table,
    big: s.big,
    small: s.small,
    hits: 1,
    payout: s.payout,
    // The Big part of the prize, so intake shares of Big and Small are paid in their own proportions.
    bigPay: Math.min(s.payout, fromCents(toCents(s.big * table.big[s.tier])))
  }))
}

function totoStrikes (bet: OpenBet, result: TotoResult): StrikeRow[] {
  const rates = (bet.pay_rate ?? bet.rates ?? DEFAULT_TOTO_PAY_RATES) as TotoPayRates
  const line = { type: bet.form as TotoBetType, numbers: (bet.numbers ?? []).map(Number), units: Number(bet.units) }
  const settled = settleTotoLine(line, result, rates)
  if (!settled.won) return []
  const base = { betId: Number(bet.bet_id), ticketId: Number(bet.ticket_id), userId: bet.user_id, number: bet.number, table: null, big: 0, small: 0, bigPay: 0 }
  if (Object.keys(settled.groups).length === 0) return [{ ...base, prize: bet.form, hits: 1, payout: settled.payout }]
  return TOTO_GROUPS.filter((g) => (settled.groups[g] ?? 0) > 0).map((g) => {
    const hits = settled.groups[g] ?? 0
    return { ...base, prize: `G${g}`, hits, payout: fromCents(toCents(line.units * hits * rates.groups[g])) }
  })
}

/** Each level's part of a payout in proportion to its intake (Big and Small apart for 4D), the rest being out; cents never exceed the payout. */
function sharePayout (betId: number, strikes: StrikeRow[], levels: LevelRow[], payoutCents: number): Array<{ betId: number, level: number, intake: number, out: number }> {
  const bigPay = strikes.reduce((s, x) => s + toCents(x.bigPay), 0)
  const restPay = payoutCents - bigPay
  const top = levels[0]
  const bigTotal = Number(top?.big_in ?? 0)
  const smallTotal = Number(top?.small_in ?? 0)
  const amountTotal = Number(top?.amount_in ?? 0)
  let remaining = payoutCents
  return levels.map((l) => {
    const share = bigTotal + smallTotal > 0
      ? (bigTotal > 0 ? bigPay * Number(l.big_intake) / bigTotal : 0) + (smallTotal > 0 ? restPay * Number(l.small_intake) / smallTotal : 0)
      : (amountTotal > 0 ? payoutCents * Number(l.amount_intake) / amountTotal : 0)
    const intake = Math.min(remaining, Math.round(share))
    remaining -= intake
    return { betId, level: Number(l.level), intake: fromCents(intake), out: fromCents(remaining) }
  })
}
