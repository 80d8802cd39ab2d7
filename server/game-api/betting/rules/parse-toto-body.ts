// The TOTO part of a bet text after ID and day code: `entry [entry…] -units [entry… -units]…`.
import { parseTotoAmount } from './parse-amount.ts'
import type { BodyResult } from './parse-four-d-body.ts'
import type { TextIssue, TotoBetType, TotoLine } from '../../../../schemas/game/ticket.ts'
import { spanOf, type Token } from './tokenize.ts'
import { isTotoNumber } from '../../../../schemas/domain/toto-lines.ts'
import { TOTO_PICK_BETS, isParityBet, isPickBet } from '../../../../schemas/domain/toto-bets.ts'

type Entry = Omit<TotoLine, 'units'>

/** Parses the tokens after the day code into TOTO lines; every entry written since the last amount takes the next amount. */
export function parseTotoBody (tokens: readonly Token[]): BodyResult<TotoLine> {
  const result: BodyResult<TotoLine> = { lines: [], errors: [], sets: [] }
  let pending: Entry[] = []
  let pendingTokens: Token[] = []
  let pendingBroken = false
  let pick: { token: Token, type: TotoBetType, size: number } | undefined
  const unusedPick = (): void => {
    if (pick === undefined) return
    // The type stood for an entry, so a following amount is not also reported as having nothing before it.
    pendingBroken = true
    result.errors.push({ position: pick.token.position, length: pick.token.text.length, message: `bet type ${pick.type} must be followed by its ${pick.size} two-digit numbers, e.g. ${pick.type} ${'0102030405'.slice(0, pick.size * 2)}` })
    pick = undefined
  }
  for (const token of tokens) {
    const upper = token.text.toUpperCase()
    if (token.text.startsWith('-')) {
      unusedPick()
      const amount = parseTotoAmount(token)
      if (!amount.ok) result.errors.push(amount.issue)
      else if (pending.length === 0 && !pendingBroken) {
        result.errors.push({ position: token.position, length: token.text.length, message: `amount "${token.text}" has no entry before it: write the numbers first, e.g. 010203040506 ${token.text}` })
      } else result.lines.push(...pending.map((entry) => ({ ...entry, units: amount.value })))
      pending = []
      pendingTokens = []
      pendingBroken = false
      continue
    }
    if (isPickBet(token.text)) {
      unusedPick()
      pick = { token, type: token.text, size: TOTO_PICK_BETS[token.text] }
      continue
    }
    // Odd/even/tie bets are written alone, without numbers.
    if (isParityBet(upper)) {
      unusedPick()
      result.sets.push(token)
      pending.push({ type: upper, numbers: [], text: upper, position: token.position, length: token.text.length })
      pendingTokens.push(token)
      continue
    }
    const entry = parseEntry(token, pick)
    const pickToken = pick?.token
    pick = undefined
    if ('issue' in entry) {
      result.errors.push(entry.issue)
      pendingBroken = true
      continue
    }
    const start = pickToken ?? token
    result.sets.push(token)
    pending.push({ ...entry, position: start.position, length: token.position + token.text.length - start.position })
    pendingTokens.push(token)
  }
  unusedPick()
  if (pending.length > 0) {
    const written = pendingTokens.map((t) => t.text).join(' ')
    result.errors.push({ ...spanOf(pendingTokens), message: `${written} ${pending.length === 1 ? 'has' : 'have'} no amount: end the entries with -units, e.g. -1` })
  }
  return result
}

function parseEntry (token: Token, pick: { type: TotoBetType, size: number } | undefined): Omit<Entry, 'position' | 'length'> | { issue: TextIssue } {
  const at = { position: token.position, length: token.text.length }
  const match = /^(\d+)(\/.*)?$/.exec(token.text)
  if (match === null) {
    return { issue: { ...at, message: `"${token.text}" is not understood: expected two-digit numbers such as 010203040506 (optionally with / or /2 to /7), a bet type (2*, 3*, 4*, *2, *3, *4, TO, TE, TT) or an amount such as -1` } }
  }
  const digits = match[1] ?? ''
  const suffix = match[2]
  if (digits.length % 2 === 1) {
    return { issue: { position: token.position, length: digits.length, message: `TOTO numbers come in two-digit groups, but "${digits}" has ${digits.length} digits: write each number as two digits, 01 to 49` } }
  }
  const numbers: number[] = []
  for (let i = 0; i < digits.length; i += 2) {
    const value = Number(digits.slice(i, i + 2))
    const where = { position: token.position + i, length: 2 }
    if (!isTotoNumber(value)) return { issue: { ...where, message: `TOTO number ${digits.slice(i, i + 2)} is out of range: numbers run from 01 to 49` } }
    if (numbers.includes(value)) return { issue: { ...where, message: `TOTO number ${digits.slice(i, i + 2)} appears twice in "${digits}": each number may be chosen once per entry` } }
    numbers.push(value)
  }
  const text = token.text
  if (pick !== undefined) {
    if (suffix !== undefined) return { issue: { position: token.position + digits.length, length: suffix.length, message: `bet type ${pick.type} takes its numbers without "${suffix}": write ${pick.type} and ${pick.size} two-digit numbers` } }
    if (numbers.length !== pick.size) return { issue: { ...at, message: `bet type ${pick.type} takes exactly ${pick.size} numbers, found ${numbers.length}` } }
    return { type: pick.type, numbers, text: `${pick.type} ${text}` }
  }
  if (suffix === undefined) {
    if (numbers.length === 6) return { type: 'ORDINARY', numbers, text }
    const hint = numbers.length >= 7 && numbers.length <= 12 ? `; for System ${numbers.length} write /${numbers.length - 5} after the numbers` : numbers.length === 5 ? '; for a System Roll write / after the numbers' : ''
    return { issue: { ...at, message: `an ordinary TOTO entry has exactly 6 numbers, found ${numbers.length}${hint}` } }
  }
  const suffixAt = { position: token.position + digits.length, length: suffix.length }
  if (suffix === '/') {
    if (numbers.length !== 5) return { issue: { ...at, message: `a System Roll (/) has exactly 5 numbers and rolls the sixth over the other 44, found ${numbers.length}` } }
    return { type: 'ROLL', numbers, text }
  }
  const variant = /^\/([2-7])$/.exec(suffix)
  if (variant === null) return { issue: { ...suffixAt, message: `"${suffix}" is not a TOTO variant: write / (System Roll) or /2 to /7 (System 7 to System 12)` } }
  const system = Number(variant[1]) + 5
  if (numbers.length !== system) return { issue: { ...at, message: `${suffix} is System ${system} and needs exactly ${system} numbers, found ${numbers.length}` } }
  return { type: 'SYSTEM', numbers, system, text }
}
