// The 4D part of a bet text after ID and day code: `num [num…] amount [num… amount]…`.
import { parseFourDAmount, type AmountOptions } from './parse-amount.ts'
import type { FourDLine, NumberForm, TextIssue } from '../../../../schemas/game/ticket.ts'
import { spanOf, type Token } from './tokenize.ts'

/** Options of the 4D body parser. */
export interface FourDBodyOptions extends AmountOptions {
  /** Numbers must be written with exactly 4 digits (default); when false, 1 to 3 digits are padded with leading zeros. */
  strictNumber?: boolean
}

/** What the 4D body yields: its lines, the issues found and the tokens that were number sets. */
export interface BodyResult<L> {
  lines: L[]
  errors: TextIssue[]
  sets: Token[]
}

const FORMS: Record<string, NumberForm> = { r: 'roll', i: 'ibet', k: 'kbet' }

/** Parses the tokens after the day code into 4D lines; every number written since the last amount takes the next amount. */
export function parseFourDBody (tokens: readonly Token[], options: FourDBodyOptions = {}): BodyResult<FourDLine> {
  const result: BodyResult<FourDLine> = { lines: [], errors: [], sets: [] }
  let pending: Array<{ token: Token, number: string, form: NumberForm }> = []
  let pendingBroken = false
  for (const token of tokens) {
    if (token.text.includes('-')) {
      const amount = parseFourDAmount(token, options)
      if (!amount.ok) result.errors.push(amount.issue)
      else if (pending.length === 0 && !pendingBroken) {
        result.errors.push({ position: token.position, length: token.text.length, message: `amount "${token.text}" has no number before it: write the 4-digit number(s) first, e.g. 1234 ${token.text}` })
      } else {
        for (const { token: numberToken, number, form } of pending) {
          result.lines.push({ number, form, big: amount.value.big, small: amount.value.small, position: numberToken.position, length: numberToken.text.length })
        }
      }
      pending = []
      pendingBroken = false
      continue
    }
    const number = parseFourDNumber(token, options)
    if ('issue' in number) {
      result.errors.push(number.issue)
      pendingBroken = true
      continue
    }
    result.sets.push(token)
    pending.push({ token, ...number })
  }
  if (pending.length > 0) {
    const span = spanOf(pending.map((p) => p.token))
    const written = pending.map((p) => p.token.text).join(' ')
    result.errors.push({ ...span, message: `${written} ${pending.length === 1 ? 'has' : 'have'} no amount: end the set with an amount such as 1- (1 big), -1 (1 small) or 1-2` })
  }
  return result
}

function parseFourDNumber (token: Token, options: FourDBodyOptions): { number: string, form: NumberForm } | { issue: TextIssue } {
  const match = /^(\d+)([A-Za-z]*)$/.exec(token.text)
  const at = { position: token.position, length: token.text.length }
  if (match === null) {
    return { issue: { ...at, message: `"${token.text}" is not understood: expected a 4-digit number (optionally followed by r, i or k) or an amount such as 1-, H-, 1H-, Q-, -1 or 1-2` } }
  }
  const digits = match[1] ?? ''
  const suffix = (match[2] ?? '').toLowerCase()
  const strict = options.strictNumber !== false
  if (digits.length > 4 || (strict && digits.length < 4)) {
    return { issue: { position: token.position, length: digits.length, message: `4D number "${digits}" has ${digits.length} digit${digits.length === 1 ? '' : 's'}: 4D numbers have exactly 4 digits, 0000 to 9999` } }
  }
  const form = suffix === '' ? 'straight' : FORMS[suffix]
  if (form === undefined) {
    return { issue: { position: token.position + digits.length, length: suffix.length, message: `suffix "${match[2]}" after ${digits} is not understood: expected r (roll), i (iBet) or k (kBet), or nothing` } }
  }
  return { number: digits.padStart(4, '0'), form }
}
