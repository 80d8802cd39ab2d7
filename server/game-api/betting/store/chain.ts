// What placement needs of each bettor, read in one statement: the upline chain with each level's share, commission rate and
// out-setting limit (as the pure split functions want it), the bettor's pay rates and its MaxLineStake.
import type { Read } from '../../../shared/sql-params.ts'
import type { ChainLevel, Game } from '../rules/index.ts'
import { uplineCte } from '../../lib/user-tree.ts'

interface ChainRow { start: string, depth: number, user_id: string, share: string | number, rate: string | number | null, big_limit: string | number | null, small_limit: string | number | null, unit_limit: string | number | null, rates: unknown, max_line_stake: string | number | null }

/** A bettor as placement reads it. */
export interface Bettor {
  /** From the bettor (first, share 0: nobody takes intake of their own bet) to the top. */
  chain: ChainLevel[]
  /** Its own pay rates row, else the default '*' row; undefined: the built-in defaults. */
  rates: unknown
  maxLineStake: number | undefined
}

const num = (v: string | number | null): number | undefined => v === null ? undefined : Number(v)

/** Each bettor's chain, pay rates and line maximum for one game, as one read of placement's statement; a missing rate counts as the rate below it. */
export function bettorsRead (game: Game, userIds: readonly string[]): Read<Map<string, Bettor>> {
  return {
    // The walk carries each level's share and line maximum from the users row it reaches by index, so no join reads users again.
    sql: (add) => {
      const share = `CASE WHEN ${add(game, 'text')} = '4D' THEN u.d_share ELSE u.t_share END`
      return `WITH RECURSIVE ${uplineCte('up', {
        from: `SELECT user_id, parent_id, user_id AS start, ${share} AS share, max_line_stake FROM users u WHERE user_id = ANY(${add(userIds, 'text[]')})`,
        carry: { start: 'p.start', share, max_line_stake: 'u.max_line_stake' }
      })}
     SELECT up.start, up.depth, up.user_id, up.share, cr.rate, os.big_limit, os.small_limit, os.unit_limit,
       CASE WHEN up.depth = 0 THEN COALESCE(own.rates, def.rates) END AS rates, CASE WHEN up.depth = 0 THEN up.max_line_stake END AS max_line_stake
     FROM (SELECT ${add(game, 'text')} AS game) AS g CROSS JOIN up
     LEFT JOIN commission_rates cr ON cr.user_id = up.user_id AND cr.game = g.game
     LEFT JOIN out_settings os ON os.user_id = up.user_id AND os.game = g.game
     LEFT JOIN pay_rates own ON up.depth = 0 AND own.user_id = up.user_id AND own.game = g.game
     LEFT JOIN pay_rates def ON up.depth = 0 AND def.user_id = '*' AND def.game = g.game
`
    },
    parse: (rows) => bettorsOf(rows as unknown as ChainRow[])
  }
}

function bettorsOf (rows: ChainRow[]): Map<string, Bettor> {
  const bettors = new Map<string, Bettor>()
  let floor = 0
  // Each bettor's rows from itself (depth 0) up.
  const ordered = [...rows].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.depth - b.depth))
  for (const r of ordered) {
    let bettor = bettors.get(r.start)
    if (bettor === undefined) {
      bettor = { chain: [], rates: r.rates ?? undefined, maxLineStake: num(r.max_line_stake) }
      bettors.set(r.start, bettor)
      floor = 0
    }
    // An upline's rate is never below its downline's: a lower or missing rate is lifted to the one below.
    floor = Math.max(floor, Number(r.rate ?? 0))
    const limit = { big: num(r.big_limit), small: num(r.small_limit), units: num(r.unit_limit) }
    bettor.chain.push({
      userId: r.user_id,
      share: bettor.chain.length === 0 ? 0 : Math.min(1, Math.max(0, Number(r.share))),
      commission: floor,
      limit: Object.fromEntries(Object.entries(limit).filter(([, v]) => v !== undefined))
    })
  }
  return bettors
}
