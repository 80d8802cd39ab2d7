// Answer schemas of the betting routes.
import { Type } from 'typebox'

/** A draw. */
export const DrawSchema = Type.Object({
  DrawId: Type.Integer(),
  DrawDate: Type.String(),
  CloseDate: Type.String(),
  Series: Type.String(),
  Special: Type.Boolean(),
  IsFinalised: Type.Boolean(),
  HasResult: Type.Boolean()
})

/** A draw with its result (null before it is entered). */
export const DrawResultSchema = Type.Object({ ...DrawSchema.properties, Result: Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())]) })

/** A placed ticket. */
export const PlacedSchema = Type.Object({
  TicketId: Type.Integer(),
  TicketNo: Type.String(),
  UserId: Type.String(),
  StakePerDraw: Type.Number(),
  Stake: Type.Number(),
  Draws: Type.Array(DrawSchema),
  CreditLeft: Type.Number(),
  Warnings: Type.Array(Type.Object({ position: Type.Integer(), length: Type.Integer(), message: Type.String() }))
})

/** A position in a bet text with what is wrong there. */
export const IssueSchema = Type.Object({ position: Type.Integer(), length: Type.Integer(), message: Type.String() })

/** A ticket in lists. */
export const TicketSchema = Type.Object({
  TicketId: Type.Integer(),
  TicketNo: Type.String(),
  UserId: Type.String(),
  PlacedBy: Type.String(),
  Game: Type.String(),
  Series: Type.String(),
  DayCode: Type.Union([Type.String(), Type.Null()]),
  Source: Type.String(),
  Text: Type.Union([Type.String(), Type.Null()]),
  Stake: Type.Number(),
  Payout: Type.Number(),
  Status: Type.String(),
  // Active with every draw still open: it may be voided.
  Open: Type.Boolean(),
  PlacedDate: Type.String(),
  DrawIds: Type.Array(Type.Integer()),
  DrawDates: Type.Array(Type.String())
})

/** A report answer: rows, and the sums of their money columns. */
export const ReportSchema = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  totals: Type.Record(Type.String(), Type.Unknown())
})
