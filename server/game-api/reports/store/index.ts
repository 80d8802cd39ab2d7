// Every report by its game API name: a function (db, params) → { rows, totals } computed by SQL from bets, levels and strikes.
import type { Queryable } from '../../../shared/db.ts'
import { reportCollection } from './report-collection.ts'
import { reportFull } from './report-full.ts'
import { reportGroup, reportGroupBreakdown } from './report-group.ts'
import { memberReportSummary } from './report-member-summary.ts'
import { reportOut } from './report-out.ts'
import { resultReport } from './report-result.ts'
import { reportStake } from './report-stake.ts'
import { reportStrike, reportStrike2 } from './report-strike.ts'
import { reportSummary } from './report-summary.ts'
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
  reportSummary3: reportSummary
}
