// The placed-out share mix: per draw, how a group's settled win/loss splits between the group itself, the levels above it and Out (placed beyond the top).
import type { Queryable } from '../../../shared/db.ts'
import { runReport, scopeParams, type Report, type ReportParams } from './scope.ts'
import { HOLDINGS } from './share-claim.ts'

/** One draw's mix; Kept + Upline + PlacedOut is WinLoss to the cent (each bet's holdings add up to its win/loss). */
export interface ShareMixRow extends Record<string, unknown> {
  DrawId: number
  DrawDate: string
  Bets: number
  WinLoss: number
  Kept: number
  Upline: number
  PlacedOut: number
  /** PlacedOut as a fraction of WinLoss, 6 places (0 when WinLoss is 0). */
  PlacedOutPart: number
}

const MIX_SQL = `${HOLDINGS}
  SELECT lv.draw_id AS "DrawId", to_char(lv.draw_date, 'YYYY-MM-DD') AS "DrawDate", count(DISTINCT h.bet_id)::int AS "Bets",
    sum(h.held)::float8 AS "WinLoss",
    COALESCE(sum(h.held) FILTER (WHERE th.user_id IS NOT NULL), 0)::float8 AS "Kept",
    COALESCE(sum(h.held) FILTER (WHERE th.user_id IS NULL AND h.holder <> ''), 0)::float8 AS "Upline",
    COALESCE(sum(h.held) FILTER (WHERE h.holder = ''), 0)::float8 AS "PlacedOut",
    CASE WHEN sum(h.held) = 0 THEN 0 ELSE round(COALESCE(sum(h.held) FILTER (WHERE h.holder = ''), 0) / sum(h.held), 6) END::float8 AS "PlacedOutPart"
  FROM holdings h JOIN live lv ON lv.bet_id = h.bet_id LEFT JOIN tree th ON th.user_id = h.holder
  GROUP BY lv.draw_id, lv.draw_date ORDER BY lv.draw_date, lv.draw_id`

/** generateReportPlaceOutShareMix: the mix per draw of the user's whole group (its own bets included) in the period. */
export function placeOutShareMix (q: Queryable, params: ReportParams): Promise<Report<ShareMixRow>> {
  return runReport<ShareMixRow>(q, MIX_SQL, scopeParams(params), { skip: ['DrawId', 'PlacedOutPart'] })
}
