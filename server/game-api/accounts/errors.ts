// The account domain's refusals (ids, positions, flags, locations, credit), with stable codes and messages that say how to fix the cause.
import { coded } from '../lib/errors.ts'

/** Every refusal of the rules a parent cannot break when it creates or changes a downline, by stable code. */
export const accountErrors = {
  badUserId: coded<[string]>('GA_BAD_USER_ID', 'User ID "%s" must be a letter followed by 2 to 19 letters, digits or underscores.', 400),
  playerNoDownline: coded<[string]>('GA_PLAYER_NO_DOWNLINE', '%s is a player and cannot have a downline.', 409),
  notParent: coded<[string, string, string]>('GA_NOT_PARENT', '%s is not %s\'s upline; its upline is %s.', 400),
  // GA_FIELD_*: the field comes first, so a form names it in its own words.
  outOfRange: coded<[string, number, number]>('GA_FIELD_OUT_OF_RANGE', '%s %s is outside 0 to %s.', 400),
  offStep: coded<[string, number, number]>('GA_FIELD_NOT_STEP', '%s %s must be a multiple of %s.', 400),
  aboveParent: coded<[string, number, string, number]>('GA_FIELD_ABOVE_PARENT', '%s %s is more than %s has, %s.', 409),
  belowDownline: coded<[string, number, string, string, number]>('GA_FIELD_BELOW_DOWNLINE', '%s %s is less than %s\'s downline %s has, %s; lower theirs first.', 409),
  flagNotHeld: coded<[string, string]>('GA_FIELD_NOT_HELD', '%s cannot be given: %s does not have it.', 409),
  noLocations: coded('GA_LOCATIONS_EMPTY', 'Choose at least one location.', 400),
  locationsNotParents: coded<[string, string, string]>('GA_LOCATIONS_NOT_PARENTS', 'Locations %s are not among %s\'s locations (%s).', 409),
  creditNegative: coded<[string]>('GA_CREDIT_NEGATIVE', 'Credit %s must not be negative.', 400),
  creditOverParent: coded<[string, string, string]>('GA_CREDIT_OVER_PARENT', 'Credit %s is more than %s\'s credit left, %s.', 409),
  creditAddsOverParent: coded<[string, string, string, string]>('GA_CREDIT_ADDS_OVER_PARENT', 'Credit %s adds %s, more than %s\'s credit left, %s.', 409),
  creditBelowInUse: coded<[string, string, string]>('GA_CREDIT_BELOW_IN_USE', 'Credit %s is less than what %s has in use, %s.', 409),
  // Only an ADMIN holds a super password, so a delete that needs one is the company's to do.
  deleteNeedsCompany: coded<[string, string]>('GA_DELETE_NEEDS_COMPANY', 'User %s has %s: deleting it needs the super password, which only the company holds; ask an administrator to delete it.', 403)
} as const
