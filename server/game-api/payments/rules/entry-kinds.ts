// The statement entry types: every kind the ledger holds, and which of them a user enters by hand.
/** One statement entry type, as selectStatementType lists it. */
export interface StatementType { Type: string, Name: string, Manual: boolean }

/** Every kind, in the order a statement's legend shows them. */
export const STATEMENT_TYPES: readonly StatementType[] = [
  { Type: 'payment_in', Name: 'Payment in', Manual: true },
  { Type: 'payment_out', Name: 'Payment out', Manual: true },
  { Type: 'adjustment', Name: 'Adjustment', Manual: true },
  { Type: 'expense', Name: 'Group expense', Manual: true },
  { Type: 'reversal', Name: 'Reversal', Manual: false },
  { Type: 'settlement', Name: 'Settlement', Manual: false },
  { Type: 'opening', Name: 'Opening balance', Manual: false }
]
