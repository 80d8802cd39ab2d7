// The settings domain's refusals (pay-rate tables of one user), with stable codes and messages that say how to fix the cause.
import { coded } from '../lib/errors.ts'

/** Refusals of the pay-rate table calls, by stable code. */
export const settingsErrors = {
  ownPayRatesExist: coded<[string]>('GA_OWN_PAY_RATES_EXIST', 'User %s has its own pay-rate table already; change its rows on Pay Rate instead.', 409),
  noOwnPayRates: coded<[string]>('GA_NO_OWN_PAY_RATES', 'User %s has no pay-rate table of its own; it is paid by the operator\'s table.', 404)
} as const
