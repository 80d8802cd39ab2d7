// What placement needs of each bettor, read in one statement: the upline chain with each level's share, commission rate and
// out-setting limit (as the pure split functions want it), the bettor's pay rates and its MaxLineStake.
import { prepared, type Queryable } from '../../../shared/db.ts'
import type { ChainLevel, Game } from '../rules/index.ts'
import { uplineCte } from '../../lib/user-tree.ts'

interface ChainRow { start: string, user_id: string, share: string | number, rate: string | number | null, big_limit: string | null, small_limit: string | null, unit_limit: string | null, rates: unknown, max_line_stake: string | null }

/** A bettor as placement reads it. */
export interface Bettor {
  /** From the bettor (first, share 0: nobody takes intake of their own bet) to the top. */
  chain: ChainLevel[]
  /** Its own pay rates row, else the default '*' row; undefined: the built-in defaults. */
  rates: unknown
  maxLineStake: number | undefined
}

const num = (v: string | number | null): number | undefined => v === null ? undefined : Number(v)

/** Each bettor's chain, pay rates and line maximum for one game; a missing rate counts as the rate below it. */
export async function loadBettors (q: Queryable, game: Game, userIds: readonly string[]): Promise<Map<string, Bettor>> {
  const { rows } = await q.query<ChainRow>(prepared(
    `WITH RECURSIVE ${uplineCte('up', { from: 'SELECT user_id, parent_id, user_id AS start FROM users WHERE user_id = ANY($1::text[])', carry: { start: 'p.start' } })}
     SELECT up.start, up.user_id, CASE WHEN $2 = '4D' THEN u.d_share ELSE u.t_share END AS share, cr.rate, os.big_limit, os.small_limit, os.unit_limit,
       CASE WHEN up.depth = 0 THEN COALESCE(own.rates, def.rates) END AS rates, CASE WHEN up.depth = 0 THEN u.max_line_stake END AS max_line_stake
     FROM up JOIN users u ON u.user_id = up.user_id
     LEFT JOIN commission_rates cr ON cr.user_id = up.user_id AND cr.game = $2
     LEFT JOIN out_settings os ON os.user_id = up.user_id AND os.game = $2
     LEFT JOIN pay_rates own ON up.depth = 0 AND own.user_id = up.user_id AND own.game = $2
     LEFT JOIN pay_rates def ON up.depth = 0 AND def.user_id = '*' AND def.game = $2
     ORDER BY up.start, up.depth`), [userIds, game])
  const bettors = new Map<string, Bettor>()
  let floor = 0
  for (const r of rows) {
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
