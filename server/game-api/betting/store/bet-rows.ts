// Bet rows as the bet pages list them: the lines of a user's (or a group's) tickets, and the detail rows of every level on them, a page at a time.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { isoDateOf } from '../../draws/api.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** Whose bets a list reads: one user's own, that user's and its whole downline's (group), or only its downline's (below). */
export type BetScope = 'own' | 'group' | 'below'

/** Which bets a list reads: the scope's, on a draw, a draw date or every draw. */
export interface BetRowQuery {
  game: Game
  userId: string
  scope: BetScope
  drawId: number | null
  drawDate: string | null
  page: number
  pageSize: number
}

/** A page of rows with the count and the sums of every row the filter finds, and the next page's number ('' after the last). */
export interface RowPage {
  rows: Array<Record<string, unknown>>
  total: number
  totals: Record<string, number>
  page: number
  pageSize: number
  nextPage: string
}

// $1 user, $2 scope, $3 game, $4 draw id, $5 draw date: the bets a list reads, voided ones included (the status says so); `more` adds CTEs after it.
const scopedSql = (more = '') => `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $1::text' })},
  scoped AS (SELECT b.* FROM bets b JOIN draws d ON d.draw_id = b.draw_id
    WHERE b.game = $3 AND (CASE $2::text WHEN 'own' THEN b.user_id = $1 WHEN 'below' THEN b.user_id IN (SELECT user_id FROM down WHERE depth > 0)
        ELSE b.user_id IN (SELECT user_id FROM down) END)
      AND ($4::int IS NULL OR b.draw_id = $4) AND ($5::date IS NULL OR d.draw_date = $5::date))${more}`

/** Runs a list's totals query (its count as n) and its page of rows (placed_at and draw_date read back as the API writes them). */
async function pageOf (q: Queryable, p: BetRowQuery, sql: { more?: string, extra?: unknown[], rows: string, totals: string }): Promise<RowPage> {
  const params = [p.userId, p.scope, p.game, p.drawId, p.drawDate, ...sql.extra ?? []]
  const scoped = scopedSql(sql.more)
  const { rows: [sums] } = await q.query<Record<string, number | string>>(`${scoped} ${sql.totals}`, params)
  const { rows } = await q.query<Record<string, unknown> & { draw_date: string | Date, placed_at: Date }>(
    `${scoped} ${sql.rows} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, p.pageSize, (p.page - 1) * p.pageSize])
  const { n, ...totals } = sums ?? { n: 0 }
  const total = Number(n)
  return {
    rows: rows.map(({ draw_date: drawDate, placed_at: placedAt, ...r }) => ({ ...r, DrawDate: isoDateOf(drawDate), PlacedDate: zoneIso(new Date(placedAt)) })),
    total,
    totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Number(v ?? 0)])),
    page: p.page,
    pageSize: p.pageSize,
    nextPage: p.page * p.pageSize < total ? String(p.page + 1) : ''
  }
}

const live = (column: string, name: string) => `COALESCE(sum(${column}) FILTER (WHERE status <> 'void'), 0)::float8 AS "${name}"`

/**
 * bet/view2ByDate, view2ByDateFull, viewFull: the bet lines (one per ticket line and draw), newest ticket first; the sums count live bets only.
 * The full list adds who bet (UserName), who placed it and from where.
 */
export function betLines (q: Queryable, p: BetRowQuery): Promise<RowPage> {
  const full = p.scope !== 'own' ? ', u.alias_id AS "UserName", t.placed_by AS "PlacedBy", t.source AS "Source"' : ''
  return pageOf(q, p, {
    rows: `SELECT t.ticket_no AS "TicketNo", s.user_id AS "UserId", s.bet_id::int AS "BetId", s.draw_id AS "DrawId", d.draw_date, s.line_no + 1 AS "LineNo",
        s.number AS "Number", s.form AS "Form", s.numbers AS "Numbers", s.big::float8 AS "Big", s.small::float8 AS "Small", s.units::float8 AS "Units",
        s.combinations AS "Combinations", s.amount::float8 AS "Amount", s.status AS "Status", s.payout::float8 AS "Payout", t.placed_at${full}
      FROM scoped s JOIN tickets t ON t.ticket_id = s.ticket_id JOIN draws d ON d.draw_id = s.draw_id JOIN users u ON u.user_id = s.user_id
      ORDER BY t.placed_at DESC, s.ticket_id DESC, s.line_no, s.draw_id`,
    totals: `SELECT count(*) AS n, ${live('big', 'Big')}, ${live('small', 'Small')}, ${live('units', 'Units')}, ${live('amount', 'Amount')},
      COALESCE(sum(payout), 0)::float8 AS "Payout" FROM scoped`
  })
}

/**
 * bet/detailsFull, detailDownlineFull: the detail rows (one per bet and chain level) of the live bets listed, only the levels of `viewer`'s
 * group (its account's for a staff admin): an agent never reads its upline's share, commission or intake.
 */
export function betDetails (q: Queryable, p: BetRowQuery & { viewer: string }): Promise<RowPage> {
  const from = 'FROM scoped s JOIN bet_levels l ON l.bet_id = s.bet_id JOIN seen ON seen.user_id = l.user_id'
  return pageOf(q, p, {
    // $6 the viewer: its group's levels only.
    more: `, ${downlineCte('seen', { from: 'SELECT $6::text' })}`,
    extra: [p.viewer],
    rows: `SELECT t.ticket_no AS "TicketNo", s.user_id AS "UserId", s.bet_id::int AS "BetId", s.draw_id AS "DrawId", d.draw_date, s.number AS "Number", s.form AS "Type",
        l.level AS "Level", l.user_id AS "LevelUserId", l.share::float8 AS "Share", l.commission::float8 AS "Commission",
        l.big_in::float8 AS "ttBigIn", l.small_in::float8 AS "ttSmallIn", l.amount_in::float8 AS "ttAmountIn",
        l.big_intake::float8 AS "ttBigIntake", l.small_intake::float8 AS "ttSmallIntake", l.amount_intake::float8 AS "ttAmountIntake",
        l.big_out::float8 AS "ttBigOut", l.small_out::float8 AS "ttSmallOut", l.amount_out::float8 AS "ttAmountOut",
        l.max_payout::float8 AS "ttMaxPayout", l.intake_payout::float8 AS "IntakePayout", l.out_payout::float8 AS "OutPayout", t.placed_at
      ${from} JOIN tickets t ON t.ticket_id = s.ticket_id JOIN draws d ON d.draw_id = s.draw_id WHERE s.status <> 'void'
      ORDER BY t.placed_at DESC, s.bet_id DESC, l.level`,
    totals: `SELECT count(*) AS n, COALESCE(sum(l.commission), 0)::float8 AS "Commission", COALESCE(sum(l.amount_in), 0)::float8 AS "ttAmountIn",
        COALESCE(sum(l.amount_intake), 0)::float8 AS "ttAmountIntake", COALESCE(sum(l.amount_out), 0)::float8 AS "ttAmountOut",
        COALESCE(sum(l.intake_payout), 0)::float8 AS "IntakePayout", COALESCE(sum(l.out_payout), 0)::float8 AS "OutPayout"
      ${from} WHERE s.status <> 'void'`
  })
}
