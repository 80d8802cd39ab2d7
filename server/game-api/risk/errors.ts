// The risk domain's failures (out settings, throws, distributors, Limit Setting), with stable codes and messages that say how to fix the cause.
import { coded } from '../lib/errors.ts'

/** Every failure of the OutSet routes, by stable code. */
export const outsetErrors = {
  noOutSet: coded('GA_NO_OUTSET', 'Only a user granted OutSet (or an administrator) may do this; ask your upline to grant OutSet.', 403),
  memberKeepsNothing: coded<[string]>('GA_MEMBER_KEEPS_NOTHING', 'User %s is a member: members keep no intake, so an out setting applies only to agents and admins.', 400),
  badNumber: coded<[string, string]>('GA_BAD_OUT_NUMBER', 'Number "%s" is not %s.', 400),
  wrongField: coded<[string, string, string]>('GA_WRONG_LIMIT_FIELD', '%s does not apply to %s; %s.', 400),
  distributorNotFound: coded<[number]>('GA_DISTRIBUTOR_NOT_FOUND', 'Distributor %s does not exist (it may have been deleted already); pick one on Out Setting 3.', 404),
  distributorTaken: coded<[string]>('GA_DISTRIBUTOR_TAKEN', 'A distributor named %s exists already; choose another name.', 409),
  throwTooMuch: coded<[string, string, string, string]>('GA_THROW_TOO_MUCH', 'You keep %s of %s in this draw (after earlier throws) and cannot throw %s; throw at most %s.', 409),
  throwNothing: coded('GA_THROW_NOTHING', 'A throw needs an amount above 0: give Big or Small (4D) or Units (TOTO).', 400),
  drawSettled: coded<[number]>('GA_DRAW_SETTLED', 'Draw %s has its result entered: its intake can no longer be thrown out or taken back.', 409),
  noThrowIds: coded('GA_NO_THROW_IDS', 'Choose the throws to delete.', 400),
  noDraw: coded<[string]>('GA_NO_DRAW', 'There is no %s draw yet; create one under Draw Setting.', 404),
  jobNotFound: coded<[number]>('GA_OUTSET_JOB_NOT_FOUND', 'Job %s is not one of your out-setting processing jobs; start one on Out Setting 2.', 404),
  throwNotFound: coded<[string]>('GA_THROW_NOT_FOUND', 'Throw %s does not exist or is not yours; pick throws on Throw Number.', 404),
  betSpecialEmpty: coded('GA_BET_SPECIAL_EMPTY', 'Bet Special has nothing to place: choose patterns or numbers and a Big or Small amount under Setting 1.', 400),
  betSpecialDone: coded<[number, string]>('GA_BET_SPECIAL_DONE', 'The special bet of draw %s was generated already (ticket %s): a draw takes one special bet per level.', 409),
  betSpecialJobNotFound: coded<[number]>('GA_BET_SPECIAL_JOB_NOT_FOUND', 'Job %s is not one of your special-bet generations; start one on Bet Special.', 404),
  distributorNotOwner: coded<[number]>('GA_DISTRIBUTOR_NOT_OWNER', 'Distributor %s is shared with you by its owner: only the owner may change its partners or rules.', 403),
  partnerNotDownline: coded<[string]>('GA_PARTNER_NOT_DOWNLINE', 'User %s is not an agent or admin below you: a distributor is shared only with your downline\'s agents and admins.', 400),
  ruleNoCap: coded<[number]>('GA_RULE_NO_CAP', 'Rule %s takes nothing: give it a cap above 0 (Big or Small for 4D, Units for TOTO).', 400),
  ruleBadAmount: coded<[number, string]>('GA_RULE_BAD_AMOUNT', 'Rule %s: %s must be dollars and cents (at most 2 decimals).', 400),
  ruleWrongField: coded<[number, string, string]>('GA_RULE_WRONG_FIELD', 'Rule %s: %s does not apply to %s; give Big and Small for 4D, Units for TOTO.', 400),
  ruleBadPattern: coded<[number, string]>('GA_RULE_BAD_PATTERN', 'Rule %s: "%s" is not a 4-digit number or pattern (digits, and * for any digit, such as 12**); leave it empty for every number.', 400),
  noRules: coded<[number, string]>('GA_DISTRIBUTOR_NO_RULES', 'Distributor %s has no %s rule: add one under Out Setting 3 before throwing to it by its rules.', 409),
  ruleJobNone: coded<[number]>('GA_RULE_JOB_NONE', 'Distributor %s has no outset job of yours yet; start one from its rules.', 404),
  process2JobNotFound: coded<[number]>('GA_OUTSET2_JOB_NOT_FOUND', 'Job %s is not one of your by-rules processing jobs; start one on Out Setting 2.', 404)
} as const

const E = {
  limitCount: coded<[string, number, number]>('GA_LIMIT_NUMBER_COUNT', '%s takes %s numbers, but Numbers has %s.', 400),
  limitCountRange: coded<[string, number, number, number]>('GA_LIMIT_NUMBER_COUNT_RANGE', '%s takes %s to %s numbers, but Numbers has %s.', 400)
}

/** Every failure of the Limit Setting routes, by stable code. */
export const limitErrors = {
  limitNotFound: coded<[number]>('GA_LIMIT_NOT_FOUND', 'Limit %s does not exist (it may have been deleted already); pick one on Limit Setting.', 404),
  limitBadBetType: coded('GA_LIMIT_BAD_BET_TYPE', 'Bet type must be one of ORDINARY, SYSTEM, ROLL, 2*, 3*, 4*, *2, *3, *4, TO, TE, TT.', 400),
  limitBadNumber: coded<[string]>('GA_LIMIT_BAD_NUMBER', 'Numbers "%s" must be TOTO numbers from 01 to 49, spaces or commas between.', 400),
  limitNumberRepeats: coded<[string]>('GA_LIMIT_NUMBER_REPEATS', 'Numbers "%s" repeat a number; give each number once.', 400),
  // A bet type takes one count of numbers or a range of counts (SYSTEM): two sentences, so neither holds English in a value.
  limitNumberCount: (type: string, counts: readonly number[], held: number) => counts.length > 1
    ? E.limitCountRange(type, counts[0] ?? 0, counts[counts.length - 1] ?? 0, held)
    : E.limitCount(type, counts[0] ?? 0, held),
  limitNoKey: coded('GA_LIMIT_NO_KEY', 'Choose the limits to delete, or give the bet type (and numbers) of the limit to delete.', 400),
  limitNotSet: coded<[string, string]>('GA_LIMIT_NOT_SET', 'Number %s (%s) has no limit to delete.', 400),
  limitExists: coded<[string, string]>('GA_LIMIT_EXISTS', 'Number %s (%s) has a limit already; change its Max units per draw instead.', 409)
} as const
