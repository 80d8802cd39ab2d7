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
  Closing: Type.Number(),
  GroupWinLoss: Type.Number({ description: 'WinLoss of the user and its whole downline' }),
  GroupCommission: Type.Number(),
  GroupTax: Type.Number(),
  AccBal: Type.Number()
})
export const PaymentUser = Type.Object({ UserId: Type.String(), UserName: Type.String(), Role: Type.String(), AccBal: Type.Number(), CreditLeft: Type.Number() })
