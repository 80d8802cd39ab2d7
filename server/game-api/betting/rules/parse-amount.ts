// The amount tokens of a bet text: 4D Big-Small amounts (1-, H-, 1H-, Q-, -1, 1-2) and TOTO units (-5).
import { bigProblem, smallProblem } from '../../../../schemas/game/bet-amounts.ts'
import type { TextIssue } from '../../../../schemas/game/ticket.ts'
import type { Token } from './tokenize.ts'

/** Either a parsed value or the issue that stopped it. */
export type Parsed<T> = { ok: true, value: T } | { ok: false, issue: TextIssue }

/** A 4D amount in dollars. */
export interface BigSmall {
  big: number
  small: number
}

/** Options shared by the amount parsers. */
export interface AmountOptions {
  /** Also accept plain decimals with up to 2 places (1.5-, -0.5); off by default, as on the SMS line. */
  acceptDecimals?: boolean
}

const EXAMPLES = 'e.g. 1- (1 big), H- (0.5 big), 1H- (1.5 big), Q- (0.25 big), -1 (1 small), 1-2 (1 big and 2 small)'

/** Parses a 4D amount token: Big before the '-', Small after it. */
export function parseFourDAmount (token: Token, options: AmountOptions = {}): Parsed<BigSmall> {
  const dash = token.text.indexOf('-')
  if (dash === -1 || token.text.indexOf('-', dash + 1) !== -1) {
    return fail(token.position, token.text.length, `amount "${token.text}" must hold exactly one '-', Big before it and Small after it: ${EXAMPLES}`)
  }
  const bigText = token.text.slice(0, dash)
  const smallText = token.text.slice(dash + 1)
  const big = parseBig(bigText, options)
  // The written forms are checked against the one amount rule every entry path uses.
  if (big === undefined || bigProblem(big, options) !== undefined) {
    return fail(token.position, bigText.length, `Big amount "${bigText}" is not understood: before '-' write whole dollars, H (half), nH (n and a half) or Q (quarter)${options.acceptDecimals === true ? ' or a decimal such as 1.25' : ''}`)
  }
  const small = parseSmall(smallText, options)
  if (small === undefined || smallProblem(small, options) !== undefined) {
    return fail(token.position + dash + 1, smallText.length, `Small amount "${smallText}" is not understood: after '-' write whole dollars only${options.acceptDecimals === true ? ' or a decimal such as 0.5' : ', e.g. -1 or 1-2'}`)
  }
  if (big === 0 && small === 0) {
    return fail(token.position, token.text.length, `amount "${token.text}" bets nothing: put a Big amount before '-' or a Small amount after it, ${EXAMPLES}`)
  }
  return { ok: true, value: { big, small } }
}

/** Parses a TOTO amount token (-units): a whole number of units per combination, at least 1. */
export function parseTotoAmount (token: Token): Parsed<number> {
  const units = token.text.slice(1)
  if (!token.text.startsWith('-') || !/^\d+$/.test(units) || Number(units) < 1) {
    return fail(token.position, token.text.length, `TOTO amount "${token.text}" is not understood: write '-' and a whole number of units per combination, e.g. -1 or -5`)
  }
  return { ok: true, value: Number(units) }
}

function parseBig (text: string, options: AmountOptions): number | undefined {
  if (text === '') return 0
  const fraction = /^(\d*)([HhQq])?$/.exec(text)
  if (fraction !== null) {
    const whole = fraction[1] === '' ? 0 : Number(fraction[1])
    const part = fraction[2] === undefined ? 0 : fraction[2].toUpperCase() === 'H' ? 0.5 : 0.25
    return whole + part
  }
  return decimal(text, options)
}

function parseSmall (text: string, options: AmountOptions): number | undefined {
  if (text === '') return 0
  if (/^\d+$/.test(text)) return Number(text)
  return decimal(text, options)
}

function decimal (text: string, options: AmountOptions): number | undefined {
  if (options.acceptDecimals !== true || !/^\d*\.\d{1,2}$/.test(text)) return undefined
  return Number(text)
}

function fail (position: number, length: number, message: string): { ok: false, issue: TextIssue } {
  return { ok: false, issue: { position, length, message } }
}
