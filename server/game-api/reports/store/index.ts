// Every report by its game API name: a function (db, params) → { rows, totals } computed by SQL from bets, levels and strikes.
import type { Queryable } from '../../../shared/db.ts'
import { reportCollection } from './report-collection.ts'
import { betPageReport } from './report-bet-page.ts'
import { reportBreakdown, reportFull, reportFullRange } from './report-full.ts'
import { reportGroup, reportGroupBreakdown } from './report-group.ts'
import { memberReportSummary } from './report-member-summary.ts'
import { reportOut } from './report-out.ts'
import { resultReport } from './report-result.ts'
import { reportStake } from './report-stake.ts'
import { reportStrike, reportStrike2 } from './report-strike.ts'
import { statementSummary } from './report-statement-summary.ts'
import { intakeStrike, strikeDetail, strikeSummary } from './report-strike-summary.ts'
import { reportSummary } from './report-summary.ts'
import { reportUpline } from './report-upline.ts'
import type { Report, ReportParams } from './scope.ts'

export type { Report, ReportParams } from './scope.ts'
export { FULL_SQL } from './report-full.ts'

/** The reports by route name (seed 001 §7). */
export const reports: Record<string, (q: Queryable, params: ReportParams) => Promise<Report>> = {
  reportFull,
  reportCollectionFull: reportCollection,
  reportOutFull: reportOut,
  mMemberReportSummary: memberReportSummary,
  reportGroupFull: reportGroup,
  reportGroup2Full: reportGroupBreakdown,
  reportStakeFull: reportStake,
  reportStrike,
  reportStrike2,
  resultReport,
  reportSummary3: reportSummary,
  reportStrikeSummary1: strikeSummary('prize'),
  reportStrikeSummary2: strikeSummary('downline'),
  reportStrikeSummary3: strikeSummary('number'),
  reportStrikeResultDetail1: strikeDetail('line'),
  reportStrikeResultDetail2: strikeDetail('ticket'),
  selectReportInTakeStrike: intakeStrike,
  reportBetPage: betPageReport({ page: true, group: false }),
  reportBetPageFull: betPageReport({ page: true, group: true }),
  reportPersonalBetPage: betPageReport({ page: false, group: false }),
  reportPersonalBetPageFull: betPageReport({ page: false, group: true }),
  reportBreakdownFull: reportBreakdown,
  reportUplineFull: reportUpline,
  reportFull2: reportFullRange,
  dSelectStatementSummary: statementSummary
}
