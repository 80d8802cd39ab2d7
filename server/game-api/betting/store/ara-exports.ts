// The .ara downloads of Bet Detail and Intake (server/docs/ara-format.md): a group's bets per number and form, and a level's kept intake per number.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { money } from '../../settings/api.ts'

/** bet/exportDetailsAra's fields, in file order: one line per number and form the group played on the draw. */
export const DETAIL_FIELDS = ['DrawId', 'DrawDate', 'Series', 'Number', 'Form', 'Bets', 'Big', 'Small', 'Units', 'Amount'] as const
/** bet/exportIntakeAra's fields, in file order: one line per number the level keeps part of on the draw. */
export const INTAKE_FIELDS = ['DrawId', 'DrawDate', 'Series', 'UserId', 'Number', 'Big', 'Small', 'Units'] as const

type Line<F extends readonly string[]> = Record<F[number], string>

/** The live bets of these users on the draw, summed per number and form, by number then form. */
export async function detailLines (q: Queryable, drawId: number, userIds: string[]): Promise<Array<Line<typeof DETAIL_FIELDS>>> {
  const { rows } = await q.query<{ draw_id: number, draw_date: string, series: string, number: string, form: string, bets: number, big: string, small: string, units: string, amount: string }>(
    `SELECT b.draw_id, d.draw_date::text AS draw_date, d.series, b.number, b.form, count(*)::int AS bets,
            sum(b.big) AS big, sum(b.small) AS small, sum(b.units) AS units, sum(b.amount) AS amount
     FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id AND t.status = 'active' JOIN draws d ON d.draw_id = b.draw_id
     WHERE b.draw_id = $1 AND b.user_id = ANY($2::text[]) AND b.status <> 'void'
     GROUP BY b.draw_id, d.draw_date, d.series, b.number, b.form ORDER BY b.number, b.form`, [drawId, userIds])
  return rows.map((r) => ({ DrawId: String(r.draw_id), DrawDate: r.draw_date, Series: r.series, Number: r.number, Form: r.form, Bets: String(r.bets), Big: money(r.big), Small: money(r.small), Units: money(r.units), Amount: money(r.amount) }))
}

/** What the level keeps of each number on the draw (number_intake, the figures placement and throws keep), numbers it keeps nothing of left out. */
export async function intakeLines (q: Queryable, drawId: number, userId: string): Promise<Array<Line<typeof INTAKE_FIELDS>>> {
  const { rows } = await q.query<{ draw_id: number, draw_date: string, series: string, user_id: string, number: string, big: string, small: string, units: string }>(
    `SELECT i.draw_id, d.draw_date::text AS draw_date, d.series, i.user_id, i.number, i.big, i.small, i.units
     FROM number_intake i JOIN draws d ON d.draw_id = i.draw_id
     WHERE i.draw_id = $1 AND i.user_id = $2 AND (i.big <> 0 OR i.small <> 0 OR i.units <> 0) ORDER BY i.number`, [drawId, userId])
  return rows.map((r) => ({ DrawId: String(r.draw_id), DrawDate: r.draw_date, Series: r.series, UserId: r.user_id, Number: r.number, Big: money(r.big), Small: money(r.small), Units: money(r.units) }))
}

/** Who uploaded a file of the game, if it exists. */
export async function fileOwnerOf (q: Queryable, fileId: number, game: Game): Promise<string | undefined> {
  const { rows: [file] } = await q.query<{ user_id: string }>('SELECT user_id FROM files WHERE file_id = $1 AND game = $2', [fileId, game])
  return file?.user_id
}
