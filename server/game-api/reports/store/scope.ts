// What every report shares: its parameters, the caller's tree (each user mapped to its row: the caller or a direct downline), the chosen draws, and totals.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { downlineCte } from '../../lib/user-tree.ts'
import { totalsOf } from '../rules/totals.ts'

/** The filters of a report: the user it is for (the caller or a downline, checked by the route), the game, and a draw, a draw date or a range of draw dates. */
export interface ReportParams {
  userId: string
  game: Game
  drawId?: number | null | undefined
  drawDate?: string | null | undefined
  drawFrom?: string | null | undefined
  drawTo?: string | null | undefined
  /** An upload page (files.file_id): only its tickets count (reportBetPage*). */
  fileId?: number | null | undefined
  /** A saved grouping (report_group_settings) that merges direct downlines into named rows (reportGroupFull). */
  settingId?: number | null | undefined
  /** The highest level whose figures the caller may see (its account): reportUplineFull answers the levels up to it, never above. */
  reach?: string | null | undefined
  /** The time of the request: the default statement period (dSelectStatementSummary). */
  now?: Date | undefined
}

/** A report's answer: its rows and the sums of their numeric columns. */
export interface Report<Row extends Record<string, unknown> = Record<string, unknown>> {
  rows: Row[]
  totals: Record<string, number>
  /** Every row the query found: more than rows.length when the rows were cut to MAX_REPORT_ROWS. */
  count: number
}

/**
 * The common CTEs; parameters $1 user, $2 game, $3 draw id, $4 from date, $5 to date.
 * tree: every user under $1 with row_user = the direct downline it sits under ($1 itself for $1). sel: the chosen draws of the game.
 * live: the bets of the chosen draws placed inside the tree and not voided, with the row they count in.
 */
export const SCOPE = `WITH RECURSIVE ${downlineCte('tree', { from: 'SELECT $1::text, $1::text', carry: { row_user: 'CASE WHEN p.depth = 0 THEN u.user_id ELSE p.row_user END' } })},
  sel AS (SELECT draw_id, draw_date FROM draws WHERE game = $2 AND ($3::int IS NULL OR draw_id = $3) AND ($4::date IS NULL OR draw_date >= $4::date) AND ($5::date IS NULL OR draw_date <= $5::date)),
  live AS NOT MATERIALIZED (SELECT b.*, tr.row_user, sel.draw_date FROM bets b JOIN sel ON sel.draw_id = b.draw_id JOIN tree tr ON tr.user_id = b.user_id WHERE b.status <> 'void')`

/** The positional parameters of SCOPE. */
export function scopeParams (p: ReportParams): unknown[] {
  return [p.userId, p.game, p.drawId ?? null, p.drawFrom ?? p.drawDate ?? null, p.drawTo ?? p.drawDate ?? null]
}

/** The most rows a per-number or per-strike report answers (largest first); its totals still count every row. */
export const MAX_REPORT_ROWS = 5000

/** Runs a report query and answers rows with totals; with limit, only the first rows are answered but the totals are of them all. */
export async function runReport<Row extends Record<string, unknown>> (q: Queryable, sql: string, params: unknown[], { skip, limit }: { skip?: readonly string[], limit?: number } = {}): Promise<Report<Row>> {
  const { rows } = await q.query<Row>(sql, params)
  return { rows: limit === undefined ? rows : rows.slice(0, limit), totals: totalsOf(rows, skip), count: rows.length }
}

/** A date column as YYYY-MM-DD text in SQL. */
export const dateText = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`
