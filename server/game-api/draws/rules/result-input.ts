// A result as it arrives: JSON, the form's flat fields, or a result file (the bin) of prize,number rows; read into the game's shape and checked.
import { fourDResultProblems, totoResultProblems, type FourDResult, type Game, type TotoResult } from '../../../../schemas/game/index.ts'
import { drawErrors } from '../errors.ts'

/** The numbers of a list written as text ("1000 1001, 1002"), as the result form sends them, or the list itself. */
const listOf = (v: unknown): unknown[] => Array.isArray(v) ? v : typeof v === 'string' && v.trim() !== '' ? v.trim().split(/[\s,]+/) : []

/** A result sent as the form's flat fields (First … Consolations, Winning and Additional), in the JSON result's shape. */
export function flatResult (game: Game, body: Record<string, unknown>): Record<string, unknown> {
  if (game === '4D') return { first: body.First, second: body.Second, third: body.Third, starters: listOf(body.Starters), consolations: listOf(body.Consolations) }
  return { winning: listOf(body.Winning), additional: body.Additional }
}

/** Reads a result sent as JSON into the game's shape, or answers every problem found (each naming its prize slot). */
export function resultOf (game: Game, raw: Record<string, unknown>): FourDResult | TotoResult {
  const text = (v: unknown) => typeof v === 'number' ? String(v).padStart(4, '0') : String(v ?? '').trim()
  if (game === '4D') {
    const list = (v: unknown) => listOf(v).map(text)
    const result: FourDResult = { first: text(raw.first), second: text(raw.second), third: text(raw.third), starters: list(raw.starters), consolations: list(raw.consolations) }
    const problems = fourDResultProblems(result)
    if (problems.length > 0) throw drawErrors.badResult(problems)
    return result
  }
  const result: TotoResult = { winning: listOf(raw.winning).map(Number), additional: Number(raw.additional) }
  const problems = totoResultProblems(result)
  if (problems.length > 0) throw drawErrors.badResult(problems)
  return result
}

/** The prize names a result file's rows may carry, per game (the file's first column). */
export const FILE_PRIZES: Record<Game, readonly string[]> = { '4D': ['first', 'second', 'third', 'starter', 'consolation'], TOTO: ['winning', 'additional'] }

/** A result file (CSV rows `prize,number`, a header row and blank or # lines skipped) as the flat JSON result; or the problem with the line number. */
export function resultFileRows (game: Game, content: string): { raw: Record<string, unknown> } | { problem: string } {
  const lists: Record<string, string[]> = Object.fromEntries(FILE_PRIZES[game].map((p) => [p, []]))
  const lines = content.split(/\r?\n/)
  for (const [i, line] of lines.entries()) {
    const text = line.trim()
    if (text === '' || text.startsWith('#') || (i === 0 && /^prize\s*,/i.test(text))) continue
    const [prize = '', number = '', ...rest] = text.split(',').map((c) => c.trim())
    const list = lists[prize.toLowerCase()]
    if (list === undefined || number === '' || rest.length > 0) return { problem: `line ${i + 1} "${text.slice(0, 40)}" must be prize,number with prize one of ${FILE_PRIZES[game].join(', ')}` }
    list.push(number)
  }
  if (game === '4D') return { raw: { first: lists.first?.[0], second: lists.second?.[0], third: lists.third?.[0], starters: lists.starter, consolations: lists.consolation } }
  return { raw: { winning: lists.winning, additional: lists.additional?.[0] } }
}
