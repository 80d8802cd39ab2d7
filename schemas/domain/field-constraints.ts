// The one checker of a value against a field's constraints: the client's form, line and grid checks and the game API's
// field rules state a constraint here once, and each broken one is named by a rule whose message is in the catalogue.
import { inWholeCents } from './cents.ts'
import { TOTO_BALLS, isTotoNumber } from './toto-lines.ts'

/** A text rule: the value must match the pattern (or, absent, must not), else its own message is shown. */
export interface TextPattern { pattern: string, messageKey: string, absent?: boolean }

/** What a field's value must be; every constraint is optional, and an empty value meets all but required. */
export interface FieldConstraints {
  required?: boolean
  /** The value reads as a finite number (a number, or text spelling one). */
  number?: boolean
  min?: number
  max?: number
  /** The value is a whole number of steps from stepFrom (else min, else 0). */
  step?: number
  stepFrom?: number
  /** Money: at most two decimals. */
  cents?: boolean
  /** A TOTO ball: a whole number from 1 to 49. */
  totoNumber?: boolean
  /** Lengths in characters (code points, so an emoji counts once). */
  minLength?: number
  maxLength?: number
  patterns?: readonly TextPattern[]
  /** The only values allowed, compared as text. */
  options?: readonly string[]
}

/** Which constraint a value breaks; 'invalid' is a value outside options, 'number' one that reads as no number. */
export type ConstraintRule = 'required' | 'invalid' | 'minLength' | 'maxLength' | 'pattern' | 'number' | 'min' | 'max' | 'step' | 'cents' | 'totoNumber'

/** One broken constraint: its rule, the values its message names, and a pattern's own message key. */
export interface Violation { rule: ConstraintRule, values?: Record<string, number>, messageKey?: string }

/** A violation as a catalogue message: its i18n key (renderers.error.<rule>, or a pattern's own) and values. */
export interface ViolationMessage { key: string, values?: Record<string, string | number> }

/** The messages of a form's broken rules by field (a line cell as <group>.<row>.<cell>); a field without any is left out. */
export type MessagesByField = Record<string, ViolationMessage[]>

// Bounds are compared with a tolerance, as share and commission values are binary fractions (0.07 is not exactly 7 / 100).
const EPS = 1e-9

/** Whether a value counts as not given: nothing, blank text or an empty list. */
export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

/** The number a value reads as (a number, or text spelling one); NaN when none. */
export function numberOf (v: unknown): number {
  if (typeof v === 'number') return v
  return typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
}

/** Whether n is a whole number of steps from `from`, allowing for binary fractions (0.015 / 0.005 is not exactly 3). */
export function onStep (n: number, step: number, from = 0): boolean {
  const steps = (n - from) / step
  return Math.abs(steps - Math.round(steps)) < 1e-6
}

function textViolations (text: string, c: FieldConstraints): Violation[] {
  const found: Violation[] = []
  const length = [...text].length
  if (c.minLength !== undefined && length < c.minLength) found.push({ rule: 'minLength', values: { count: c.minLength } })
  if (c.maxLength !== undefined && length > c.maxLength) found.push({ rule: 'maxLength', values: { count: c.maxLength } })
  for (const rule of c.patterns ?? []) {
    if (new RegExp(rule.pattern, 'u').test(text) === (rule.absent === true)) found.push({ rule: 'pattern', messageKey: rule.messageKey })
  }
  return found
}

function numberViolations (n: number, c: FieldConstraints): Violation[] {
  if (!Number.isFinite(n)) return [{ rule: 'number' }]
  const found: Violation[] = []
  if (c.min !== undefined && n < c.min - EPS) found.push({ rule: 'min', values: { min: c.min } })
  if (c.max !== undefined && n > c.max + EPS) found.push({ rule: 'max', values: { max: c.max } })
  if (c.step !== undefined && !onStep(n, c.step, c.stepFrom ?? c.min ?? 0)) found.push({ rule: 'step', values: { step: c.step } })
  if (c.cents === true && !inWholeCents(n)) found.push({ rule: 'cents' })
  if (c.totoNumber === true && !isTotoNumber(n)) found.push({ rule: 'totoNumber', values: { min: 1, max: TOTO_BALLS } })
  return found
}

const isNumeric = (c: FieldConstraints) =>
  c.number === true || c.min !== undefined || c.max !== undefined || c.step !== undefined || c.cents === true || c.totoNumber === true

/** Every constraint a value breaks, in the order above (options, text, then number rules); empty when it meets them all. */
export function checkValue (value: unknown, c: FieldConstraints): Violation[] {
  if (isEmptyValue(value)) return c.required === true ? [{ rule: 'required' }] : []
  const found: Violation[] = []
  const text = typeof value === 'string' ? value : String(value)
  if (c.options !== undefined && !c.options.includes(text)) found.push({ rule: 'invalid' })
  found.push(...textViolations(text, c))
  if (isNumeric(c)) found.push(...numberViolations(numberOf(value), c))
  return found
}

/** The catalogue message of a violation. */
export function violationMessage (v: Violation): ViolationMessage {
  const key = v.messageKey ?? `renderers.error.${v.rule}`
  return v.values === undefined ? { key } : { key, values: v.values }
}

/** Every constraint a value breaks, as catalogue messages. */
export const constraintMessages = (value: unknown, c: FieldConstraints): ViolationMessage[] => checkValue(value, c).map(violationMessage)
