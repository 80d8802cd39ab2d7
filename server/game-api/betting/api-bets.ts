// Betting's placing use cases for the web and text entry (lines, TOTO lines, bet text) and the bet text check, (db, caller, input) → result.
// Beside api.ts rather than in it: api.ts is long enough.
import type { Db } from '../../shared/db.ts'
import type { Game, TextIssue as Issue } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { subjectOf } from '../lib/downline-access.ts'
import { alertLines, preferencesOf, preferencesRead, type EnteredLine, type Preferences } from '../accounts/api.ts'
import { bettingErrors } from './errors.ts'
import { fourDLinesOf, totoLinesOf, type FourDLineBody, type TotoLineBody } from './rules/lines.ts'
import { placeOrder, type PlaceAnswer } from './store/service.ts'
import { parseText, userIdOf, type TextOptions } from './store/text.ts'
import { ticketSummary } from './rules/ticket-summary.ts'

/** A placed ticket as the placing calls answer it. */
export interface PlacedAnswer { TicketId: number, TicketNo: string, UserId: string, StakePerDraw: number, Stake: number, Draws: PlaceAnswer['drawRows'], CreditLeft: number, Warnings: Issue[], Alert: boolean, AlertLines: number[] }

const placedAnswer = (p: PlaceAnswer, alerts: number[], warnings: Issue[] = []): PlacedAnswer => ({
  TicketId: p.ticketId,
  TicketNo: p.ticketNo,
  UserId: p.userId,
  StakePerDraw: p.stakePerDraw,
  Stake: p.stake,
  Draws: p.drawRows,
  CreditLeft: p.creditLeft,
  Warnings: warnings,
  Alert: alerts.length > 0,
  AlertLines: alerts
})

/** The lines above the enterer's bet entry alert (PUT betEntryAlert). */
const alertsFor = async (db: Db, userId: string, lines: readonly EnteredLine[]) => alertLines(lines, (await preferencesOf(db, userId)).BetEntryAlert)

/** Lines of a game as the web form sends them (4D: Number, Form, Big, Small; TOTO: Type, Numbers, Units). */
export type WebLines = { game: '4D', lines: FourDLineBody[] } | { game: 'TOTO', lines: TotoLineBody[] }

/**
 * Places the web form's lines for the named bettor (the caller or a downline), else the caller's account (a staff admin bets on the company's,
 * placed by itself), on a day code or draws; answers the ticket with the lines above the caller's bet entry alert.
 */
export async function placeLines (db: Db, caller: Caller, input: WebLines & { userId?: string | undefined, dayCode?: string | undefined, drawIds?: number[] | undefined, locId?: string | undefined }): Promise<PlacedAnswer> {
  const { user } = caller
  const lines = input.game === '4D' ? { game: '4D' as const, fourD: fourDLinesOf(input.lines) } : { game: 'TOTO' as const, toto: totoLinesOf(input.lines) }
  const entered: readonly EnteredLine[] = lines.game === '4D' ? lines.fourD : lines.toto
  // The enterer's bet entry alert is read with the placement (in its one read when the ticket is placed alone).
  const placed = await placeOrder(db, {
    user, userId: await subjectOf(db, user, input.userId), dayCode: input.dayCode, drawIds: input.drawIds, source: 'web', locId: input.locId, reads: { preferences: preferencesRead(user.userId) }, ...lines
  }, caller.now)
  return placedAnswer(placed, alertLines(entered, (placed.read.preferences as Preferences).BetEntryAlert))
}

/** Places a bet text of the game for the user it names (the caller or a downline); answers the ticket with the text's warnings and alert lines. */
export async function placeBetText (db: Db, caller: Caller, input: TextOptions & { game: Game, text: string, locId?: string | undefined }): Promise<PlacedAnswer> {
  const { user } = caller
  const { game, text } = input
  const parsed = await parseText(db, game, text, { strictNumber: input.strictNumber, acceptDecimals: input.acceptDecimals }, caller.now)
  if (!parsed.ok) throw bettingErrors.badBetText(parsed.errors)
  const { ticket } = parsed
  const userId = await userIdOf(db, ticket.userId)
  if (userId === undefined) throw user.role === 'ADMIN' ? errors.userNotFound(ticket.userId) : errors.notYourDownline(ticket.userId)
  const placed = await placeOrder(db, {
    user,
    userId,
    game,
    dayCode: ticket.dayCode,
    draws: ticket.draws,
    source: 'sms',
    text,
    locId: input.locId,
    ...(ticket.game === '4D' ? { fourD: ticket.lines } : { toto: ticket.lines })
  }, caller.now)
  return placedAnswer(placed, await alertsFor(db, user.userId, ticket.lines), parsed.warnings)
}

/** Reads a bet text of the game without placing it: its errors and warnings with position and length, and the ticket it would place. */
export async function checkBetText (db: Db, caller: Caller, input: TextOptions & { game: Game, text: string }) {
  const parsed = await parseText(db, input.game, input.text, { strictNumber: input.strictNumber, acceptDecimals: input.acceptDecimals }, caller.now)
  const strip = (i: Issue): Issue => ({ position: i.position, length: i.length, message: i.message })
  return { ok: parsed.ok, errors: parsed.ok ? [] : parsed.errors.map(strip), warnings: parsed.warnings.map(strip), ticket: ticketSummary(parsed) }
}
