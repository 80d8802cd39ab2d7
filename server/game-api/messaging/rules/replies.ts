// The texts sent back to a bettor by SMS: one short line per outcome, in English (the gateway's language; seed 001 §5).
import type { TextIssue } from '../../../../schemas/game/ticket.ts'

const money = (n: number) => n.toFixed(2)
const issues = (list: readonly TextIssue[]) => list.map((i) => `at position ${i.position}: ${i.message}`).join('; ')

/** Why a message placed nothing, keyed by the reason stored with it. */
export const rejectReplies = {
  unknownNumber: (to: string) => `Nothing placed: ${to} does not take bets; send your bet to the SMS number on the site's SMS page.`,
  unregistered: (from: string) => `Nothing placed: your number ${from} is not registered; register it on the site's Mobile page or ask your agent, then send the bet again.`,
  closed: (settings: { openDay: string, openTime: string, closeTime: string }) =>
    `Nothing placed: SMS betting is open ${settings.openDay} from ${settings.openTime} to ${settings.closeTime}; send the bet again then.`,
  badText: (errors: readonly TextIssue[]) => `Nothing placed: ${issues(errors)}`,
  unknownUser: (id: string) => `Nothing placed: user ${id} does not exist; start the text with your own ID.`,
  targetUnregistered: (id: string) => `Nothing placed: ${id} has no registered number; you may bet only for yourself or IDs with registered numbers.`,
  refused: (message: string) => `Nothing placed: ${message}`
} as const

/** The reply to a placed ticket: number, stake, credit left, then the advice for a long message. */
export function placedReply (p: { ticketNo: string, userId: string, stake: number, draws: number, creditLeft: number }, warnings: readonly TextIssue[]): string {
  const line = `Ticket ${p.ticketNo} for ${p.userId}: stake ${money(p.stake)} over ${p.draws} draw${p.draws === 1 ? '' : 's'}, credit left ${money(p.creditLeft)}.`
  return warnings.length === 0 ? line : `${line} Warning: ${issues(warnings)}`
}
