// The keys, order and deltas of number_intake rows as pure functions, so the store only reads and writes them.
import { expand4d, type Game } from './index.ts'

/** What one level keeps of one number in one draw: Big and Small dollars (4D) or units (TOTO). */
export interface Kept { big: number, small: number, units: number }
/** One row of number_intake. */
export interface IntakeKey { drawId: number, userId: string, number: string }
/** What one placement or void adds to one row. */
export interface IntakeDelta { key: IntakeKey, kept: Kept }

/** The map key of a row. */
export const intakeKey = (k: IntakeKey): string => `${k.drawId}|${k.userId}|${k.number}`

/** The one order every lock on number_intake is taken in: draw, user, number. */
export const compareKeys = (a: IntakeKey, b: IntakeKey): number =>
  a.drawId - b.drawId || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0) || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0)

/** The numbers a bet plays, each taking an equal part of its intake: a 4D form's expansion, or the TOTO entry itself. */
export function playedNumbers (game: Game, bet: { number: string, form: string }): string[] {
  if (game === 'TOTO') return [bet.number]
  return expand4d({ number: bet.number, form: bet.form as 'straight', big: 0, small: 0 }).map((p) => p.number)
}

/** The deltas that change something, in key order: the order lockIntake takes, so concurrent placements never deadlock. */
export function intakeChanges (deltas: Iterable<IntakeDelta>): IntakeDelta[] {
  return [...deltas].filter((d) => d.kept.big !== 0 || d.kept.small !== 0 || d.kept.units !== 0).sort((a, b) => compareKeys(a.key, b.key))
}
