// The payments domain's refusals, with stable codes and messages that say how to fix the cause.
import { coded } from '../lib/errors.ts'

/** Refusals of the ledger calls, by stable code. */
export const paymentErrors = {
  // Only an ADMIN holds a super password, so deleting a ledger entry is the company's to do.
  deleteNeedsCompany: coded<[number]>('GA_LEDGER_DELETE_NEEDS_COMPANY', 'Deleting ledger entry %s needs the super password, which only the company holds; ask an administrator to delete it.', 403)
} as const
