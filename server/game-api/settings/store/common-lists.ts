// The Common pickers' lists: 4D locations, the draw dates with report data or with bets, the bet forms in use on a draw.
import type { Queryable } from '../../../shared/db.ts'
import type { Location } from '../../../../schemas/game-api.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** The 4D locations: every location without the TT (TOTO) flag, in catalogue order. */
export async function fourDLocations (q: Queryable): Promise<Location[]> {
  const { rows } = await q.query<{ loc_id: string, loc: string, flags: Location['flags'] }>(
    "SELECT loc_id, loc, flags FROM locations WHERE NOT ('TT' = ANY (flags)) ORDER BY position")
  return rows.map((r) => ({ LocId: r.loc_id, Loc: r.loc, flags: r.flags }))
}

export interface ReportDate { DrawId: number, DrawDate: string, Series: string, IsFinalised: boolean }

/** The game's draws newest first: 'finalised' those with report data; 'bets' those on which rootId's group has a live bet. */
export async function reportDates (q: Queryable, game: Game, having: 'finalised' | 'bets', rootId: string): Promise<ReportDate[]> {
  const { rows } = await q.query<ReportDate>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $3::text' })}
     SELECT d.draw_id AS "DrawId", to_char(d.draw_date, 'YYYY-MM-DD') AS "DrawDate", d.series AS "Series", d.is_finalised AS "IsFinalised"
     FROM draws d WHERE d.game = $1 AND CASE WHEN $2 = 'finalised' THEN d.is_finalised
       ELSE EXISTS (SELECT 1 FROM bets b WHERE b.draw_id = d.draw_id AND b.status <> 'void' AND b.user_id IN (SELECT user_id FROM down)) END
     ORDER BY d.draw_date DESC, d.series`, [game, having, rootId])
  return rows.map((r) => ({ ...r, DrawId: Number(r.DrawId) }))
}

/** The forms (4D) or bet types (TOTO) of rootId's group's live bets on a draw, with how many lines each, by count. */
export async function formsInUse (q: Queryable, drawId: number, rootId: string): Promise<Array<{ CatType: string, Lines: number }>> {
  const { rows } = await q.query<{ CatType: string, Lines: string }>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $2::text' })}
     SELECT b.form AS "CatType", count(*) AS "Lines" FROM bets b
     WHERE b.draw_id = $1 AND b.status <> 'void' AND b.user_id IN (SELECT user_id FROM down)
     GROUP BY b.form ORDER BY count(*) DESC, b.form`, [drawId, rootId])
  return rows.map((r) => ({ CatType: r.CatType, Lines: Number(r.Lines) }))
}
