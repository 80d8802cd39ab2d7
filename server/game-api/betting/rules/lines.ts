// Checks of bet lines sent as JSON (bet/, bet/t, bet/fixed): the same rules the bet text parser applies, with the field named.
import { bigProblem, smallProblem, type NumberForm, type TotoBetType } from './index.ts'
import { lineErrors } from '../errors.ts'
import { isTotoNumber, totoNumberCounts } from '../../../../schemas/domain/toto-lines.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'

const FORMS: Record<string, NumberForm> = { straight: 'straight', plain: 'straight', '': 'straight', roll: 'roll', r: 'roll', ibet: 'ibet', i: 'ibet', kbet: 'kbet', k: 'kbet' }

/** A 4D line as sent: Number (4 digits), Form (straight/plain, roll/r, ibet/i, kbet/k), Big and Small in dollars. */
export interface FourDLineBody { Number: string, Form?: string | undefined, Big?: number | undefined, Small?: number | undefined }
/** A TOTO line as sent: Type, Numbers (1..49) and Units per combination. */
export interface TotoLineBody { Type: string, Numbers?: number[] | undefined, Units: number }

/** Checks and normalises 4D lines; 400 naming the line and field on the first problem. */
export function fourDLinesOf (lines: FourDLineBody[]): FourDLineInput[] {
  return lines.map((line, i) => {
    if (!/^\d{4}$/.test(line.Number)) throw lineErrors.number(i, line.Number)
    const form = FORMS[(line.Form ?? '').toLowerCase()]
    if (form === undefined) throw lineErrors.form(i)
    const big = line.Big ?? 0
    const small = line.Small ?? 0
    if (bigProblem(big) !== undefined) throw lineErrors.big(i)
    if (smallProblem(small) !== undefined) throw lineErrors.small(i)
    if (big === 0 && small === 0) throw lineErrors.empty(i)
    return { number: line.Number, form, big, small }
  })
}

/** Checks and normalises TOTO lines: ORDINARY 6 numbers, SYSTEM 7-12, ROLL 5, pick-n n, TO/TE/TT none; numbers 1..49 without repeats. */
export function totoLinesOf (lines: TotoLineBody[]): TotoLineInput[] {
  return lines.map((line, i) => {
    const type = line.Type.toUpperCase() as TotoBetType
    const numbers = line.Numbers ?? []
    const expected = totoNumberCounts(type)
    if (expected === undefined) throw lineErrors.type(i)
    if (!expected.includes(numbers.length)) throw lineErrors.count(i, numbers.length, type, expected.length > 1 ? `${expected[0]}–${expected[expected.length - 1]}` : String(expected[0]))
    if (!numbers.every(isTotoNumber)) throw lineErrors.range(i)
    if (new Set(numbers).size !== numbers.length) throw lineErrors.repeat(i)
    if (!Number.isInteger(line.Units) || line.Units < 1) throw lineErrors.units(i)
    return { type, numbers: [...numbers].sort((a, b) => a - b), units: line.Units, ...(type === 'SYSTEM' ? { system: numbers.length } : {}) }
  })
}

const SUFFIX: Record<NumberForm, string> = { straight: '', roll: 'r', ibet: 'i', kbet: 'k' }
const two = (n: number) => String(n).padStart(2, '0')

/** Lines written back as bet text (1234r 1-2; 01 02 03 04 05 06 -2; SYSTEM 01 … 07 -1), so a list can show what a fixed bet plays. */
export function linesText (lines: ReadonlyArray<FourDLineInput | TotoLineInput>): string {
  return lines.map((line) => {
    if ('number' in line) return `${line.number}${SUFFIX[line.form]} ${line.big > 0 ? line.big : ''}-${line.small > 0 ? line.small : ''}`
    const numbers = line.numbers.map(two).join(' ')
    const written = line.type === 'ORDINARY' ? numbers : `${line.type} ${numbers}`.trim()
    return `${written} -${line.units}`
  }).join('; ')
}
