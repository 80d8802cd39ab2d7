// The share-claim failures (claims, claim-backs, the company view), with stable codes and messages that say how to fix the cause.
import { dayOfDate, type IsoDate } from '../../../schemas/domain/calendar.ts'
import { coded } from '../lib/errors.ts'

const nothingToClaim = coded<[string, string, string]>('GA_SHARE_CLAIM_NOTHING', 'No bet of %s\'s group was settled from %s to %s: there is nothing to claim.', 404)

/** Every failure of the share-claim routes, by stable code. */
export const shareClaimErrors = {
  noCompanyView: coded('GA_NO_SHARE_CLAIM_VIEW', 'Share Claim (Company) is not open to you: ask your upline to tick Sees Share Claim (Company) for you on Share Claim Setting (an administrator needs DrawSetting granted instead).', 403),
  noPeriod: coded('GA_SHARE_CLAIM_NO_PERIOD', 'A share claim is recorded for a period: choose a draw, or both Draws from and Draws to.', 400),
  notDirectDownline: coded<[string, string]>('GA_SHARE_CLAIM_NOT_DIRECT', 'User %s is not a direct downline of %s: claims run between a level and the level just below it.', 400),
  // The period's days as the tables write them (MM/DD/YYYY).
  nothingToClaim: (downline: string, from: IsoDate, to: IsoDate) => nothingToClaim(downline, dayOfDate(from), dayOfDate(to)),
  claimNotFound: coded<[number]>('GA_SHARE_CLAIM_NOT_FOUND', 'Share claim %s does not exist or is not yours; pick one from the recorded claims on Share Claim.', 404),
  claimImported: coded<[number, number]>('GA_SHARE_CLAIM_IMPORTED', 'Share claim %s is part of claim-back %s already; delete that claim-back first to change it.', 409),
  mixedClaims: coded('GA_SHARE_CLAIM_MIXED', 'A claim-back settles the claims of one downline: choose claims of a single downline.', 400),
  noClaimIds: coded('GA_SHARE_CLAIM_NO_IDS', 'Choose at least one claim to import.', 400),
  claimBackNotFound: coded<[number]>('GA_CLAIM_BACK_NOT_FOUND', 'Claim-back %s does not exist or is not yours; pick one under Claim-backs on Share Claim.', 404),
  claimBackSettled: coded<[number]>('GA_CLAIM_BACK_SETTLED', 'Claim-back %s is settled already: a settled claim-back cannot be changed or deleted.', 409),
  badAmount: coded<[string]>('GA_CLAIM_BACK_BAD_AMOUNT', 'Amount %s must be an amount in cents other than 0: positive when the downline pays, negative when it is paid.', 400),
  settingOwn: coded('GA_SHARE_CLAIM_SETTING_OWN', 'You cannot change your own share-claim setting; ask your upline.', 403)
} as const

/** Refusals of the report calls (bet pages, full report over dates, group settings). */
export const reportErrors = {
  fileRequired: coded('GA_REPORT_FILE_REQUIRED', 'This report is of one upload page: choose the page on Bet Upload first.', 400),
  rangeRequired: coded('GA_REPORT_RANGE_REQUIRED', 'This report covers a range of dates: give both Draws from and Draws to (YYYY-MM-DD).', 400),
  settingNotFound: coded<[number]>('GA_REPORT_GROUP_SETTING_NOT_FOUND', 'Group setting %s does not exist or is not yours; pick one of your group settings on Group Report.', 404),
  settingNotDirect: coded<[string, string]>('GA_REPORT_GROUP_SETTING_NOT_DIRECT', 'User %s is not a direct downline of %s: a group setting joins rows of the Group Report, which are direct downlines.', 400),
  settingTwice: coded<[string]>('GA_REPORT_GROUP_SETTING_TWICE', 'User %s is listed twice: a direct downline belongs to one group of a setting.', 400)
} as const
