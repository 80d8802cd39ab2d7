// The wire shapes of the payment calls (seed 001 §7 Payments).
import { Type } from 'typebox'
import { LocIdField } from '../lib/envelope.ts'

const UserRef = Type.String({ minLength: 1, maxLength: 50, description: 'a user id' })
const Day = Type.String({ maxLength: 10, description: 'a date written YYYY-MM-DD' })

export const PeriodQuery = Type.Object({ LocId: LocIdField, UserId: Type.Optional(UserRef), DrawFrom: Type.Optional(Day), DrawTo: Type.Optional(Day) })
export const PaymentBody = Type.Object({
  LocId: LocIdField,
  UserId: UserRef,
  Type: Type.Union([Type.Literal('IN'), Type.Literal('OUT')], { description: 'IN (the downline pays) or OUT (the downline is paid)' }),
  Amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'dollars above 0, in cents at most' }),
  Remarks: Type.Optional(Type.String({ maxLength: 200, description: 'at most 200 characters' }))
})

export const Entry = Type.Object({
  EntryId: Type.Integer(),
  UserId: Type.String(),
  Kind: Type.String(),
  Amount: Type.Number(),
  DrawId: Type.Union([Type.Integer(), Type.Null()]),
  Reverses: Type.Union([Type.Integer(), Type.Null()]),
  ReversedBy: Type.Union([Type.Integer(), Type.Null()]),
  Remarks: Type.String(),
  CreatedBy: Type.Union([Type.String(), Type.Null()]),
  CreatedDate: Type.String()
})
export const Statement = Type.Object({ UserId: Type.String(), DrawFrom: Type.String(), DrawTo: Type.String(), Opening: Type.Number(), Entries: Type.Array(Entry), Closing: Type.Number() })
export const StatementSum = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Role: Type.String(),
  Opening: Type.Number(),
  WinLoss: Type.Number({ description: 'payout less stake of the settled bets' }),
  Commission: Type.Number(),
  Tax: Type.Number({ description: 'negative: taken from the bettor' }),
  PaidIn: Type.Number(),
  PaidOut: Type.Number(),
  Adjusted: Type.Number({ description: 'statement adjustments (updateStatementSum) in the period' }),
  Expenses: Type.Number({ description: 'group expenses charged in the period (negative)' }),
  Closing: Type.Number(),
  GroupWinLoss: Type.Number({ description: 'WinLoss of the user and its whole downline' }),
  GroupCommission: Type.Number(),
  GroupTax: Type.Number(),
  AccBal: Type.Number()
})
export const PaymentUser = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), AccBal: Type.Number(), CreditLeft: Type.Number() })
export const MonthQuery = Type.Object({ LocId: LocIdField, UserId: Type.Optional(UserRef), Month: Type.Optional(Type.String({ maxLength: 7, description: 'a month written YYYY-MM; absent: this month' })) })
export const MonthStatement = Type.Object({ Month: Type.String(), UserId: Type.String(), DrawFrom: Type.String(), DrawTo: Type.String(), Opening: Type.Number(), Entries: Type.Array(Entry), Closing: Type.Number() })
export const StatementType = Type.Object({ Type: Type.String(), Name: Type.String(), Manual: Type.Boolean({ description: 'true: entered by hand (insertStatement2, insertStatements, updateStatementSum, groupExpense)' }) })
export const AdjustBody = Type.Object({
  LocId: LocIdField,
  UserId: UserRef,
  Amount: Type.Number({ minimum: -1e12, maximum: 1e12, description: 'dollars other than 0, in cents at most: positive raises the balance' }),
  Remarks: Type.String({ minLength: 1, maxLength: 200, description: 'why the sum is adjusted, 1 to 200 characters' }),
  DrawFrom: Type.Optional(Day),
  DrawTo: Type.Optional(Day)
})
export const PaymentsBody = Type.Object({
  LocId: LocIdField,
  Entries: Type.Array(Type.Omit(PaymentBody, ['LocId']), { minItems: 1, maxItems: 200, description: '1 to 200 payments, recorded all or none' }),
  Remarks: Type.Optional(Type.String({ maxLength: 200, description: 'the remarks of every entry that has none of its own (a batch\'s reason, written once)' }))
})
