// The draws domain's own refusals (week job, result imports), with stable codes; draw and result refusals shared with betting stay in betting/errors.ts.
import { coded } from '../lib/errors.ts'

export const drawErrors = {
  weekJobNotFound: coded<[number]>('GA_WEEK_JOB_NOT_FOUND', 'Job %s is not a week job of this game; start one with Create next week\'s draws in Draw Setting.', 404),
  importNotFound: coded<[number]>('GA_BURST_IMPORT_NOT_FOUND', 'Result import %s does not exist; import the result file in Draw Setting first.', 404),
  importBadFile: coded<[string]>('GA_BURST_IMPORT_BAD_FILE', 'The result file could not be read: %s.', 400),
  importNotPreviewed: coded<[number]>('GA_BURST_IMPORT_NOT_PREVIEWED', 'Result import %s has no payout preview yet; preview its payout in Draw Setting first.', 409),
  importApplied: coded<[number]>('GA_BURST_IMPORT_APPLIED', 'Result import %s is applied already; import the file again to apply it again.', 409),
  notFinalised: coded<[number]>('GA_DRAW_NOT_FINALISED_YET', 'Draw %s is not finalised yet: its report is ready once it is finalised in Draw Setting (Finalise, or Confirm of a result file).', 409),
  importNotApplied: coded<[number]>('GA_BURST_IMPORT_NOT_APPLIED', 'Result import %s is not applied yet; apply it in Draw Setting and wait for it to end.', 409)
}
