// Bet summaries: what a group bet on one draw, per number and per user, and which draws and users have bets at all.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { MAX_REPORT_ROWS, type Report } from './scope.ts'
import { totalsOf } from '../rules/totals.ts'
import { downlineCte } from '../../lib/user-tree.ts'
import { drawById, isoDateOf } from '../../draws/api.ts'
import { formsOf } from '../../../../schemas/game/index.ts'

/** The caller's group: $1 and every user below it, with its depth and its branch (the direct downline it sits under; $1 for $1 itself). */
const GROUP = `WITH RECURSIVE ${downlineCte('grp', { from: 'SELECT $1::text, $1::text', carry: { branch: 'CASE WHEN p.depth = 0 THEN u.user_id ELSE p.branch END' } })}`

/** The filters of a bet summary: the group's root (the caller), the game, a draw (none: the newest draw with bets of the group) and optionally one bettor. */
export interface SummaryParams {
  root: string
  game: Game
  drawId?: number | null | undefined
  /** Only this user's own bets (a member of the group, checked by the route); none: every bet of the group. */
  userId?: string | null | undefined
}

/** A summary answer: the draw it is about (null when the group has no bets), its rows and the sums of their numeric columns. */
export interface Summary extends Report {
  DrawId: number | null
  DrawDate: string | null
}

/** summary/drawDate: the draws of the game that hold live (not voided) bets of the group, newest first. */
export async function summaryDraws (q: Queryable, root: string, game: Game): Promise<Array<Record<string, unknown>>> {
  const { rows } = await q.query<Record<string, unknown>>(`${GROUP}
    SELECT d.* FROM draws d
    WHERE d.game = $2 AND EXISTS (SELECT 1 FROM bets b JOIN grp ON grp.user_id = b.user_id WHERE b.draw_id = d.draw_id AND b.status <> 'void')
    ORDER BY d.draw_date DESC, d.draw_id DESC LIMIT 200`, [root, game])
  return rows
}

/** summary/userIds: the users of the group with live bets of the game (on one draw when given): the root first, then by depth and id. */
export async function summaryUsers (q: Queryable, root: string, game: Game, drawId: number | null): Promise<Array<{ UserId: string, UserName: string, Role: string, ParentId: string | null }>> {
  // On a draw: one pass over its bets; otherwise one index probe per user of the group (tickets by user).
  const { rows } = await q.query<{ UserId: string, UserName: string, Role: string, ParentId: string | null }>(`${GROUP},
    on_draw AS (SELECT DISTINCT b.user_id FROM bets b WHERE $3::int IS NOT NULL AND b.draw_id = $3 AND b.game = $2 AND b.status <> 'void')
    SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId"
    FROM grp JOIN users u ON u.user_id = grp.user_id
    WHERE CASE WHEN $3::int IS NULL THEN EXISTS (SELECT 1 FROM tickets t WHERE t.user_id = grp.user_id AND t.game = $2 AND t.status = 'active')
      ELSE grp.user_id IN (SELECT user_id FROM on_draw) END
    ORDER BY grp.depth, u.user_id`, [root, game, drawId])
  return rows
}

/** The draw a summary is about: the one asked for (of the game), else the newest with live bets of the group. */
async function summaryDraw (q: Queryable, p: SummaryParams): Promise<{ DrawId: number, DrawDate: string } | null> {
  if (p.drawId) {
    const asked = await drawById(q, p.drawId, { game: p.game })
    return asked ? { DrawId: Number(asked.draw_id), DrawDate: isoDateOf(asked.draw_date) } : null
  }
  const { rows: [draw] } = await q.query<{ DrawId: number, DrawDate: string }>(`${GROUP}
      SELECT d.draw_id AS "DrawId", to_char(d.draw_date, 'YYYY-MM-DD') AS "DrawDate" FROM draws d
      WHERE d.game = $2 AND EXISTS (SELECT 1 FROM bets b JOIN grp ON grp.user_id = b.user_id WHERE b.draw_id = d.draw_id AND b.status <> 'void' AND ($3::text IS NULL OR b.user_id = $3))
      ORDER BY d.draw_date DESC, d.draw_id DESC LIMIT 1`, [p.root, p.game, p.userId ?? null])
  return draw ?? null
}

/** Runs a summary's row query (and, for one that may cut its rows short, a totals query over every bet) on the live bets of its draw. */
async function summaryOf (q: Queryable, p: SummaryParams, select: string, options: { skip?: readonly string[], totals?: string, count?: string } = {}): Promise<Summary | undefined> {
  const draw = await summaryDraw(q, p)
  if (!draw) return p.drawId ? undefined : { DrawId: null, DrawDate: null, rows: [], totals: {}, count: 0 }
  const live = `${GROUP},
    live AS (SELECT b.*, grp.depth, grp.branch FROM bets b JOIN grp ON grp.user_id = b.user_id WHERE b.draw_id = $2 AND b.status <> 'void' AND ($3::text IS NULL OR b.user_id = $3))`
  const params = [p.root, draw.DrawId, p.userId ?? null]
  const { rows } = await q.query<Record<string, unknown>>(`${live} ${select}`, params)
  const totals = options.totals ? (await q.query<Record<string, number>>(`${live} ${options.totals}`, params)).rows[0] ?? {} : totalsOf(rows, options.skip)
  const count = options.count ? Number((await q.query<{ n: number }>(`${live} ${options.count}`, params)).rows[0]?.n ?? 0) : rows.length
  return { DrawId: draw.DrawId, DrawDate: draw.DrawDate, rows, totals, count }
}

/**
 * betSummaryFull: per number (4D) or entry (TOTO) and form, what was bet on one draw: Big and Small as written (4D), units (TOTO),
 * stake, bets and tickets, largest stake first (the 5,000 largest; totals count every bet of the draw). undefined when the asked draw is not of the game.
 */
export function betSummary (q: Queryable, p: SummaryParams): Promise<Summary | undefined> {
  const figures = `count(*)::int AS "Bets", count(DISTINCT ticket_id)::int AS "Tickets",
      COALESCE(sum(big), 0)::float8 AS "Big", COALESCE(sum(small), 0)::float8 AS "Small", COALESCE(sum(units), 0)::float8 AS "Units", COALESCE(sum(amount), 0)::float8 AS "Stake"`
  return summaryOf(q, p, `SELECT number AS "Number", form AS "Form", ${figures}
    FROM live GROUP BY number, form ORDER BY sum(amount) DESC, number, form LIMIT ${MAX_REPORT_ROWS}`,
  { totals: `SELECT ${figures} FROM live`, count: 'SELECT count(*)::int AS n FROM (SELECT 1 FROM live GROUP BY number, form) g' })
}

/**
 * betSummary3Full: per user of the group and form, what that user bet on one draw (own bets, not its downline's): tickets, bets,
 * Big, Small, units and stake; users by depth and id. A ticket with lines of two forms counts in both rows, so Tickets is not summed.
 * Each row names its draw (DrawId, not summed), so a row's action can move that user's tickets of the draw (bet/transfer).
 */
export function betSummaryByUser (q: Queryable, p: SummaryParams): Promise<Summary | undefined> {
  return summaryOf(q, p, `SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId", $2::int AS "DrawId", live.form AS "Form",
      count(DISTINCT live.ticket_id)::int AS "Tickets", count(*)::int AS "Bets",
      sum(live.big)::float8 AS "Big", sum(live.small)::float8 AS "Small", sum(live.units)::float8 AS "Units", sum(live.amount)::float8 AS "Stake"
    FROM live JOIN users u ON u.user_id = live.user_id
    GROUP BY live.depth, u.user_id, u.alias_id, u.role, u.parent_id, live.form ORDER BY live.depth, u.user_id, live.form`, { skip: ['Tickets', 'DrawId'] })
}

/** betSummaryUserIdByShare: the users of the group that hold a share of the game (dShare for 4D, tShare for TOTO), the root first, then by depth and id. */
export async function summaryShareUsers (q: Queryable, root: string, game: Game): Promise<Array<{ UserId: string, UserName: string, Role: string, ParentId: string | null, Share: number }>> {
  const { rows } = await q.query<{ UserId: string, UserName: string, Role: string, ParentId: string | null, Share: number }>(`${GROUP}
    SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId", (CASE WHEN $2 = 'TOTO' THEN u.t_share ELSE u.d_share END)::float8 AS "Share"
    FROM grp JOIN users u ON u.user_id = grp.user_id
    WHERE u.deleted_at IS NULL AND (CASE WHEN $2 = 'TOTO' THEN u.t_share ELSE u.d_share END) > 0
    ORDER BY grp.depth, u.user_id`, [root, game])
  return rows
}

/** The stake per form (4D) or bet type (TOTO) as one column each, named by the form, and their sum as Stake. */
const stakeByForm = (game: Game, alias = 'live') =>
  [...formsOf(game).map((f) => `COALESCE(sum(${alias}.amount) FILTER (WHERE ${alias}.form = '${f}'), 0)::float8 AS "${f}"`), `COALESCE(sum(${alias}.amount), 0)::float8 AS "Stake"`].join(', ')

/**
 * betSummaryByType: per user of the group, its own stake on one draw in a column per form (4D straight, roll, ibet, kbet) or bet type (TOTO),
 * and Stake, their sum; users by depth and id. The Bet Summary page's "by type" tab.
 */
export function betSummaryByType (q: Queryable, p: SummaryParams): Promise<Summary | undefined> {
  return summaryOf(q, p, `SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId", ${stakeByForm(p.game)}
    FROM live JOIN users u ON u.user_id = live.user_id
    GROUP BY live.depth, u.user_id, u.alias_id, u.role, u.parent_id ORDER BY live.depth, u.user_id`)
}

/**
 * betSummaryByTypeSum and bet/tally: per form (4D) or bet type (TOTO), what the group (or one user, own bets) bet on one draw: bettors, tickets,
 * bets, Big, Small, units, stake and what the bets won so far; forms in the game's order. The tally under a ticket list reads the same figures.
 */
export function betSummaryByTypeSum (q: Queryable, p: SummaryParams): Promise<Summary | undefined> {
  const figures = `count(DISTINCT user_id)::int AS "Users", count(DISTINCT ticket_id)::int AS "Tickets", count(*)::int AS "Bets",
      COALESCE(sum(big), 0)::float8 AS "Big", COALESCE(sum(small), 0)::float8 AS "Small", COALESCE(sum(units), 0)::float8 AS "Units",
      COALESCE(sum(amount), 0)::float8 AS "Stake", COALESCE(sum(payout), 0)::float8 AS "Payout"`
  const order = formsOf(p.game).map((f, i) => `WHEN '${f}' THEN ${i}`).join(' ')
  return summaryOf(q, p, `SELECT form AS "Form", ${figures} FROM live GROUP BY form ORDER BY CASE form ${order} ELSE 99 END, form`,
    { totals: `SELECT ${figures} FROM live` })
}

/**
 * betSummaryReportFull: the bet summary as a report: one row per direct downline of the root (its whole group's bets) and the root's own row,
 * with tickets, bets, Big, Small, units, stake, the stake per form and what was won; the rows add up to the group's totals.
 */
export function betSummaryReport (q: Queryable, p: SummaryParams): Promise<Summary | undefined> {
  const figures = `count(DISTINCT live.ticket_id)::int AS "Tickets", count(*)::int AS "Bets", COALESCE(sum(live.big), 0)::float8 AS "Big",
      COALESCE(sum(live.small), 0)::float8 AS "Small", COALESCE(sum(live.units), 0)::float8 AS "Units", ${stakeByForm(p.game)}, COALESCE(sum(live.payout), 0)::float8 AS "Payout"`
  return summaryOf(q, p, `SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", (u.user_id = $1) AS "Own", ${figures}
    FROM live JOIN users u ON u.user_id = live.branch
    GROUP BY u.user_id, u.alias_id, u.role ORDER BY (u.user_id = $1) DESC, u.user_id`, { totals: `SELECT ${figures} FROM live` })
}
