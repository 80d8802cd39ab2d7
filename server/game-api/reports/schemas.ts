// The wire shapes the share-claim routes share: the period a call is about, and a recorded claim, listed and picked for a claim-back.
import { Type } from 'typebox'
import { LocIdField } from '../lib/envelope.ts'

const DateField = Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }))

/** The period fields of a share-claim query or body. */
export const PeriodFields = {
  UserId: Type.Optional(Type.String({ maxLength: 50, description: 'the upline (or, for the company view, the group) asked about; the caller when absent' })),
  DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  DrawFrom: DateField,
  DrawTo: DateField,
  LocId: LocIdField,
  // Sent by the client: a cache-buster and the view name; they do not change the answer.
  rand: Type.Optional(Type.String({ maxLength: 40 })),
  VW: Type.Optional(Type.String({ maxLength: 40 }))
}

/** A recorded share claim of one downline over one period. */
export const ClaimSchema = Type.Object({
  ClaimId: Type.Integer(),
  UplineId: Type.String(),
  UserId: Type.String({ description: 'the downline the claim is on' }),
  DrawFrom: Type.String(),
  DrawTo: Type.String(),
  Bets: Type.Integer(),
  WinLoss: Type.Number(),
  DownlineShare: Type.Number(),
  UplineShare: Type.Number(),
  AboveShare: Type.Number(),
  Claim: Type.Number({ description: 'UplineShare + AboveShare: positive, the downline pays the upline; negative, the upline pays' }),
  ClaimBackId: Type.Union([Type.Integer(), Type.Null()]),
  Status: Type.Union([Type.Literal('open'), Type.Literal('imported'), Type.Literal('settled')]),
  Label: Type.String({ description: 'downline, period and claim in one line, for a picker' })
})
