// The advisory size of one SMS or Telegram message: warned about, never refused.
import type { TextIssue } from '../../../../schemas/game/ticket.ts'
import type { Token } from './tokenize.ts'

/** At most this many number sets per message are advised. */
export const MAX_NUMBER_SETS = 10

/** At most this many characters per message are advised. */
export const MAX_CHARACTERS = 150

/** Warnings for a text past the advised limits, each pointing at the first part beyond it. */
export function limitWarnings (text: string, sets: readonly Token[]): TextIssue[] {
  const warnings: TextIssue[] = []
  const extra = sets[MAX_NUMBER_SETS]
  if (extra !== undefined) {
    warnings.push({ position: extra.position, length: extra.text.length, message: `${sets.length} number sets in one message: at most ${MAX_NUMBER_SETS} are advised, so the operator may refuse those from here on` })
  }
  if (text.length > MAX_CHARACTERS) {
    warnings.push({ position: MAX_CHARACTERS, length: text.length - MAX_CHARACTERS, message: `${text.length} characters in one message: at most ${MAX_CHARACTERS} are advised, so the operator may refuse the text from here on` })
  }
  return warnings
}
