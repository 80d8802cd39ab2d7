// Bet page reports: the tickets of an upload page, or the user's own tickets, as report rows (per ticket and draw) with stake, commission, strike and net.
import type { Queryable } from '../../../shared/db.ts'
import { TIME_ZONE } from '../../../../schemas/domain/calendar.ts'
import { reportErrors } from '../errors.ts'
import { MAX_REPORT_ROWS, SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** Which tickets: of one upload page (FileId required) or any; of the report user alone or with its whole downline (the Full variants). */
export interface BetPageScope { page: boolean, group: boolean }

/** reportBetPage(Full) and reportPersonalBetPage(Full): per ticket and draw, the bettor, who placed it, its source and page, bets, stake, the bettor's commission, strike and net. */
export function betPageReport ({ page, group }: BetPageScope) {
  return (q: Queryable, params: ReportParams): Promise<Report> => {
    if (page && !params.fileId) throw reportErrors.fileRequired()
    return runReport(q, `${SCOPE}
      SELECT t.ticket_no AS "TicketNo", live.user_id AS "UserId", t.placed_by AS "PlacedBy", t.source AS "Source", t.file_id AS "FileId",
        live.draw_id AS "DrawId", ${dateText('live.draw_date')} AS "DrawDate", count(*)::int AS "Bets", sum(live.amount)::float8 AS "Stake",
        sum(l.commission)::float8 AS "Commission", sum(live.payout)::float8 AS "Strike", (sum(live.amount) - sum(l.commission) - sum(live.payout))::float8 AS "Net",
        to_char(t.placed_at AT TIME ZONE '${TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS') AS "PlacedDate"
      FROM live JOIN tickets t ON t.ticket_id = live.ticket_id JOIN bet_levels l ON l.bet_id = live.bet_id AND l.level = 0
      WHERE ($6::int IS NULL OR t.file_id = $6) AND ($7::boolean OR live.user_id = $1)
      GROUP BY t.ticket_id, live.user_id, live.draw_id, live.draw_date
      ORDER BY live.draw_date DESC, t.placed_at DESC, t.ticket_id DESC, live.draw_id`,
    [...scopeParams(params), page ? params.fileId : null, group], { skip: ['DrawId', 'FileId'], limit: MAX_REPORT_ROWS })
  }
}
