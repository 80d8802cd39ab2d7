// The SMS and Telegram bet text of seed 001 §5: `ID daycode bets…`, parsed into a ticket or into positioned errors.
import { limitWarnings } from './bet-text-limits.ts'
import { dayCodesOf, drawsForDayCode, resolveDayCode, type CloseOf, type Game } from '../../../../schemas/game/day-codes.ts'
import { parseFourDBody, type FourDBodyOptions } from './parse-four-d-body.ts'
import { parseTotoBody } from './parse-toto-body.ts'
import type { TextIssue, Ticket } from '../../../../schemas/game/ticket.ts'
import { tokenize } from './tokenize.ts'

/** Options of the bet text parser. */
export interface ParseBetTextOptions extends FourDBodyOptions {
  game: Game
  /** The instant the text is received; day codes resolve to the draws still open then. Defaults to now. */
  now?: Date
  /** When each draw closes (the draw rows' own closes through store/draw-closes.ts); defaults to the default close times. */
  closeOf?: CloseOf
}

/** The parser's answer: a ticket, or every error found; warnings (advisory limits) either way. */
export type ParseBetTextResult =
  | { ok: true, ticket: Ticket, warnings: TextIssue[] }
  | { ok: false, errors: TextIssue[], warnings: TextIssue[] }

const USER_ID = /^[A-Za-z0-9_]{1,30}$/

/** Parses one bet text; every error names its position and what is expected there. */
export function parseBetText (text: string, options: ParseBetTextOptions): ParseBetTextResult {
  const tokens = tokenize(text)
  const end = { position: text.length, length: 0 }
  const example = options.game === 'TOTO' ? 'mem1 1 010203040506 -1' : 'mem1 0 1234 1-'
  const [idToken, dayToken, ...body] = tokens
  if (idToken === undefined) return failed([{ ...end, message: `bet text is empty: expected ID, day code, numbers and amount, e.g. ${example}` }], [])
  const errors: TextIssue[] = []
  if (!USER_ID.test(idToken.text)) {
    errors.push({ position: idToken.position, length: idToken.text.length, message: `"${idToken.text}" is not a user ID: the text starts with the ID to bet for (letters, digits and _, up to 30), e.g. ${example}` })
  }
  if (dayToken === undefined) return failed([...errors, { ...end, message: `day code missing after the ID: expected one of ${dayCodesOf(options.game).join(', ')}` }], [])
  const meaning = resolveDayCode(options.game, dayToken.text)
  if (meaning === undefined) {
    errors.push({ position: dayToken.position, length: dayToken.text.length, message: `"${dayToken.text}" is not a ${options.game} day code: expected one of ${dayCodesOf(options.game).join(', ')}` })
  }
  if (body.length === 0) {
    const what = options.game === 'TOTO' ? 'two-digit numbers and an amount, e.g. 010203040506 -1' : 'a 4-digit number and an amount, e.g. 1234 1-'
    return failed([...errors, { ...end, message: `no bet after the day code: expected ${what}` }], [])
  }
  const now = options.now ?? new Date()
  const draws = meaning === undefined ? [] : drawsForDayCode(meaning, now, options.closeOf)
  const common = { userId: idToken.text, dayCode: dayToken.text.toUpperCase(), series: meaning?.series ?? 'SG4D', draws }
  if (options.game === 'TOTO') {
    const parsed = parseTotoBody(body)
    const warnings = limitWarnings(text, parsed.sets)
    errors.push(...parsed.errors)
    if (errors.length > 0) return failed(errors, warnings)
    return { ok: true, ticket: { ...common, game: 'TOTO', lines: parsed.lines }, warnings }
  }
  const parsed = parseFourDBody(body, options)
  const warnings = limitWarnings(text, parsed.sets)
  errors.push(...parsed.errors)
  if (errors.length > 0) return failed(errors, warnings)
  return { ok: true, ticket: { ...common, game: '4D', lines: parsed.lines }, warnings }
}

function failed (errors: TextIssue[], warnings: TextIssue[]): ParseBetTextResult {
  return { ok: false, errors: errors.sort((a, b) => a.position - b.position), warnings }
}
