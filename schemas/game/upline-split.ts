// Money along the upline chain: commission by rate gaps, and each level's intake of what reaches it, the rest passed up as out.
import { fromCents, toCents } from './money.ts'

/** One level of the chain, bettor first and the top (company) last. */
export interface ChainLevel {
  userId: string
  /** Share 0..1: the part of what reaches this level that it keeps as intake (the bettor's is normally 0). */
  share: number
  /** Commission rate on the stake (4D 0..0.2, TOTO 0..0.3); each level earns the gap between its rate and the one below. */
  commission: number
  /** Out setting: the most this level keeps per number, in Big, Small (dollars) or TOTO units; no limit when absent. */
  limit?: { big?: number, small?: number, units?: number }
}

/** One amount as it moves through one level: what came in, what the level kept, what it passed up. */
export interface LevelFlow {
  in: number
  intake: number
  out: number
}

/** Checks a chain before money is split along it; throws a RangeError naming the level and the allowed range. */
export function assertChain (chain: readonly ChainLevel[]): void {
  if (chain.length === 0) throw new RangeError('the upline chain is empty: give at least the bettor')
  chain.forEach((level, i) => {
    if (!(level.share >= 0 && level.share <= 1)) throw new RangeError(`share of ${level.userId} is ${level.share}: a share runs from 0 to 1`)
    if (!(level.commission >= 0 && level.commission <= 1)) throw new RangeError(`commission of ${level.userId} is ${level.commission}: a rate runs from 0 to 1`)
    const below = chain[i - 1]
    if (below !== undefined && level.commission < below.commission) {
      throw new RangeError(`commission of ${level.userId} (${level.commission}) is below that of its downline ${below.userId} (${below.commission}): an upline's rate must be at least its downline's`)
    }
    for (const [key, value] of Object.entries(level.limit ?? {})) {
      if (!(value >= 0)) throw new RangeError(`${key} limit of ${level.userId} is ${value}: a limit is 0 or more`)
    }
  })
}

/**
 * Each level's commission on a stake: its rate minus the rate below it (the bettor earns its own rate). The top level (the company)
 * earns nothing: nobody above it pays it, so its rate only bounds the rates below, and the parts add up to the stake at the rate below the top.
 */
export function commissionSplit (stake: number, chain: readonly ChainLevel[]): number[] {
  assertChain(chain)
  // Cumulative cents are rounded once per level, so the parts add up to exactly the total below the top.
  const cumulative = chain.map((level, i) => i === chain.length - 1 ? (i === 0 ? 0 : toCents(stake * (chain[i - 1]?.commission ?? 0))) : toCents(stake * level.commission))
  return cumulative.map((cents, i) => fromCents(cents - (cumulative[i - 1] ?? 0)))
}

/**
 * Commission computed on the ticket, not rounded on every line: each level's part of the ticket's stake (one draw), shared out over
 * the lines in proportion to their stakes, whole cents by largest remainder, so the lines add up to the ticket's figure. Answers [line][level].
 */
export function ticketCommissions (lineStakes: readonly number[], chain: readonly ChainLevel[]): number[][] {
  const stakeCents = lineStakes.map(toCents)
  const totalCents = stakeCents.reduce((a, b) => a + b, 0)
  const perLevel = commissionSplit(fromCents(totalCents), chain).map(toCents)
  const out = lineStakes.map(() => chain.map(() => 0))
  perLevel.forEach((levelCents, level) => {
    if (totalCents === 0) return
    const exact = stakeCents.map((c) => (levelCents * c) / totalCents)
    const floors = exact.map(Math.floor)
    let left = levelCents - floors.reduce((a, b) => a + b, 0)
    // Remaining cents to the lines with the largest remainders (earlier lines first on a tie), so the result does not depend on float noise.
    const order = exact.map((e, i) => ({ i, r: e - (floors[i] ?? 0) })).sort((a, b) => b.r - a.r || a.i - b.i)
    for (const { i } of order) {
      if (left <= 0) break
      floors[i] = (floors[i] ?? 0) + 1
      left--
    }
    floors.forEach((cents, line) => { const row = out[line]; if (row) row[level] = fromCents(cents) })
  })
  return out
}

/** How one amount flows up the chain: each level keeps its share of what reaches it, capped by its limit; `finalOut` leaves the top. */
export function intakeSplit (amount: number, chain: readonly ChainLevel[], limitOf: (level: ChainLevel) => number | undefined): { levels: LevelFlow[], finalOut: number } {
  assertChain(chain)
  let incoming = toCents(amount)
  const levels: LevelFlow[] = []
  for (const level of chain) {
    const limit = limitOf(level)
    const wanted = toCents(fromCents(incoming) * level.share)
    const intake = Math.min(wanted, limit === undefined ? wanted : toCents(limit), incoming)
    levels.push({ in: fromCents(incoming), intake: fromCents(intake), out: fromCents(incoming - intake) })
    incoming -= intake
  }
  return { levels, finalOut: fromCents(incoming) }
}
