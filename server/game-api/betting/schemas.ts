// Answer schemas of the betting routes.
import { Type } from 'typebox'
import { DAYS, type Day } from './rules/fixed-days.ts'
import { TICKET_STATUSES } from './rules/ticket-statuses.ts'
import { DrawSchema } from '../draws/schemas.ts'

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

/** An uploaded bet file (Bet Upload, a partner's file). */
export const FileSchema = Type.Object({
  FileId: Type.Integer(),
  UserId: Type.String(),
  FileName: Type.String(),
  Game: Type.String(),
  FileStatus: Type.String(),
  StrictNumber: Type.Boolean(),
  AcceptDecimals: Type.Boolean(),
  Remarks: Type.String(),
  Batch: Type.String(),
  Lines: Type.Integer(),
  Placed: Type.Integer(),
  Failed: Type.Integer(),
  UploadedDate: Type.String(),
  PartnerId: Type.Union([Type.Integer(), Type.Null()])
})
