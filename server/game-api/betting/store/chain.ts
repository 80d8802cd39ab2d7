// The bettor's upline chain with each level's share, commission rate and out-setting limit, as the pure split functions want it.
import type { Queryable } from '../../../shared/db.ts'
import type { ChainLevel, Game } from '../rules/index.ts'
import { uplineCte } from '../../lib/user-tree.ts'

interface ChainRow { user_id: string, share: string | number, rate: string | number | null, big_limit: string | null, small_limit: string | null, unit_limit: string | null }

const num = (v: string | number | null): number | undefined => v === null ? undefined : Number(v)

/** The chain from the bettor (first, share 0: nobody takes intake of their own bet) to the top; a missing rate counts as the rate below it. */
export async function loadChain (q: Queryable, userId: string, game: Game): Promise<ChainLevel[]> {
  const { rows } = await q.query<ChainRow>(
    `WITH RECURSIVE ${uplineCte('up', { from: 'SELECT user_id, parent_id FROM users WHERE user_id = $1' })}
     SELECT up.user_id, CASE WHEN $2 = '4D' THEN u.d_share ELSE u.t_share END AS share, cr.rate, os.big_limit, os.small_limit, os.unit_limit
     FROM up JOIN users u ON u.user_id = up.user_id
     LEFT JOIN commission_rates cr ON cr.user_id = up.user_id AND cr.game = $2
     LEFT JOIN out_settings os ON os.user_id = up.user_id AND os.game = $2
     ORDER BY up.depth`, [userId, game])
  let floor = 0
  return rows.map((r, i) => {
    // An upline's rate is never below its downline's: a lower or missing rate is lifted to the one below.
    floor = Math.max(floor, Number(r.rate ?? 0))
    const limit = { big: num(r.big_limit), small: num(r.small_limit), units: num(r.unit_limit) }
    return {
      userId: r.user_id,
      share: i === 0 ? 0 : Math.min(1, Math.max(0, Number(r.share))),
      commission: floor,
      limit: Object.fromEntries(Object.entries(limit).filter(([, v]) => v !== undefined))
    }
  })
}
