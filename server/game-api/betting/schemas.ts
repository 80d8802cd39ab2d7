// Answer schemas of the betting routes.
import { Type } from 'typebox'
import { DAYS, type Day } from './rules/fixed-days.ts'
import { TICKET_STATUSES } from './rules/ticket-statuses.ts'

/** A draw. */
export const DrawSchema = Type.Object({
  DrawId: Type.Integer(),
  Game: Type.Union([Type.Literal('4D'), Type.Literal('TOTO')]),
  DrawDate: Type.String(),
  CloseDate: Type.String(),
  Series: Type.String(),
  Special: Type.Boolean(),
  IsFinalised: Type.Boolean(),
  HasResult: Type.Boolean(),
  OpenDate: Type.Union([Type.String(), Type.Null()], { description: 'when betting opens (null: open from creation)' }),
  CloseTime: Type.String({ description: 'HH:mm GMT+8 on the draw date' }),
  ClosedByHand: Type.Boolean(),
  Status: Type.Union([Type.Literal('pending'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('result'), Type.Literal('finalised')])
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
  Warnings: Type.Array(Type.Object({ position: Type.Integer(), length: Type.Integer(), message: Type.String() })),
  Alert: Type.Boolean({ description: 'a line passed the enterer\'s bet entry alert (PUT betEntryAlert)' }),
  AlertLines: Type.Array(Type.Integer(), { description: 'those lines, numbered from 1' })
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
  Status: Type.Enum(TICKET_STATUSES, { description: 'from its bets: void when all are, active while one is open, then won (one paid) or lost' }),
  // Active with every draw still open: it may be voided.
  Open: Type.Boolean(),
  PlacedDate: Type.String(),
  DrawIds: Type.Array(Type.Integer()),
  DrawDates: Type.Array(Type.String())
})

/** A report answer: rows, and the sums of their money columns. */
export const ReportSchema = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  totals: Type.Record(Type.String(), Type.Unknown(), { description: 'sums over every row the query found' }),
  count: Type.Integer({ description: 'every row the query found; rows may be cut to the first 5,000' })
})

/** One user's fixed setting (selectFixedSetting, fixed/settings): its active standing orders, the switch and the draw days (Sun … Sat). */
export const FixedSettingSchema = Type.Object({
  UserId: Type.String(),
  FixedBets: Type.Integer(),
  StakePerDraw: Type.Number(),
  Enabled: Type.Boolean(),
  AllDays: Type.Boolean(),
  ...Object.fromEntries(DAYS.map((d) => [d, Type.Boolean()])) as Record<Day, ReturnType<typeof Type.Boolean>>
})
