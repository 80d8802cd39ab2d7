// The wire shapes the share-claim routes share: a recorded claim, listed and picked for a claim-back.
import { Type } from 'typebox'

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
