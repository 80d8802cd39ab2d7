// The payments domain's refusals, with stable codes and messages that say how to fix the cause.
import { coded } from '../lib/errors.ts'

/** Refusals of the ledger calls, by stable code. */
export const paymentErrors = {
  // Only an ADMIN holds a super password, so deleting a ledger entry is the company's to do.
  fieldNotMonth: coded<[string, string]>('GA_FIELD_NOT_MONTH', '%s must be a month written YYYY-MM, not "%s".', 400),
  adjustNothing: coded('GA_ADJUST_NOTHING', 'An adjustment needs an amount other than 0.', 400),
  expenseNotFound: coded<[number]>('GA_GROUP_EXPENSE_NOT_FOUND', 'Group expense %s does not exist (it may have been deleted already).', 404),
  expenseNotGroup: coded<[string]>('GA_GROUP_EXPENSE_NOT_GROUP', 'User %s is a player; group expenses are recorded against an agent\'s group.', 400),
  deleteNeedsCompany: coded<[number]>('GA_LEDGER_DELETE_NEEDS_COMPANY', 'Deleting ledger entry %s needs the super password, which only the company holds; ask an administrator to delete it.', 403)
} as const
