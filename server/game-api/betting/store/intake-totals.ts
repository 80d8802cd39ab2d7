// Each level's intake per number and draw (number_intake), read under row locks so an out-setting limit holds across lines and tickets.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { compareKeys, intakeChanges, intakeKey, playedNumbers, type IntakeDelta, type IntakeKey, type Kept } from '../rules/intake-keys.ts'
import { sqlParams, type Read } from '../../../shared/sql-params.ts'

/** A level's limit on one number; undefined fields have no limit. */
export interface NumberLimit { big?: number | undefined, small?: number | undefined, units?: number | undefined }

/** Locks the rows of these keys (made at zero when missing), in key order so concurrent placements never deadlock; answers what each holds. */
export async function lockIntake (q: Queryable, keys: IntakeKey[]): Promise<Map<string, Kept>> {
  const unique = [...new Map(keys.map((k) => [intakeKey(k), k])).values()].sort(compareKeys)
  const kept = new Map<string, Kept>()
  if (unique.length === 0) return kept
  // One statement takes every row lock in the given order (an upsert that changes nothing still locks and answers the row).
  const { rows } = await q.query<{ draw_id: number, user_id: string, number: string, big: string, small: string, units: string }>(
    `INSERT INTO number_intake (draw_id, user_id, number)
     SELECT d, u, n FROM unnest($1::int[], $2::text[], $3::text[]) WITH ORDINALITY AS x (d, u, n, o) ORDER BY o
     ON CONFLICT (draw_id, user_id, number) DO UPDATE SET big = number_intake.big
     RETURNING draw_id, user_id, number, big, small, units`,
    [unique.map((k) => k.drawId), unique.map((k) => k.userId), unique.map((k) => k.number)])
  for (const r of rows) kept.set(intakeKey({ drawId: Number(r.draw_id), userId: r.user_id, number: r.number }), { big: Number(r.big), small: Number(r.small), units: Number(r.units) })
  return kept
}

/** The upsert adding deltas (none zero) to their rows in key order, with its parameters added by add (for a larger statement). */
export function intakeUpsert (add: (value: unknown, type: string) => string, deltas: readonly IntakeDelta[]): string {
  return `INSERT INTO number_intake (draw_id, user_id, number, big, small, units)
     SELECT d, u, n, b, s, un FROM unnest(${add(deltas.map((d) => d.key.drawId), 'int[]')}, ${add(deltas.map((d) => d.key.userId), 'text[]')}, ${add(deltas.map((d) => d.key.number), 'text[]')},
       ${add(deltas.map((d) => d.kept.big), 'numeric[]')}, ${add(deltas.map((d) => d.kept.small), 'numeric[]')}, ${add(deltas.map((d) => d.kept.units), 'numeric[]')}) WITH ORDINALITY AS x (d, u, n, b, s, un, o) ORDER BY o
     ON CONFLICT (draw_id, user_id, number) DO UPDATE SET big = number_intake.big + excluded.big, small = number_intake.small + excluded.small, units = number_intake.units + excluded.units`
}

/** Adds deltas to the rows (made when missing), in key order. */
export async function addIntake (q: Queryable, deltas: Iterable<IntakeDelta>): Promise<void> {
  const list = intakeChanges(deltas)
  if (list.length === 0) return
  const p = sqlParams()
  await q.query(intakeUpsert(p.add, list), p.values)
}

/** Every user's per-number limits on these numbers (rows of out_number_limits), by `user|number`, as one read of placement's statement. */
export function numberLimitsRead (game: Game, numbers: readonly string[]): Read<Map<string, NumberLimit>> {
  return {
    sql: (add) => `SELECT user_id, number, big_limit, small_limit, unit_limit FROM out_number_limits WHERE game = ${add(game, 'text')} AND number = ANY(${add(numbers, 'text[]')})`,
    parse: (rows) => {
      const num = (v: unknown) => v === null || v === undefined ? undefined : Number(v)
      return new Map(rows.map((r) => [`${String(r.user_id)}|${String(r.number)}`, { big: num(r.big_limit), small: num(r.small_limit), units: num(r.unit_limit) }]))
    }
  }
}

/** Undoes the intake of a ticket's bets (voiding it), taking the rows' locks in placement's order. */
export async function releaseTicketIntake (q: Queryable, ticketId: string | number): Promise<void> {
  const { rows } = await q.query<{ draw_id: number, user_id: string, game: Game, number: string, form: string, big_intake: string, small_intake: string, amount_intake: string }>(
    `SELECT l.draw_id, l.user_id, b.game, b.number, b.form, l.big_intake, l.small_intake, l.amount_intake
     FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id WHERE b.ticket_id = $1 AND l.amount_intake <> 0`, [ticketId])
  const deltas = new Map<string, IntakeDelta>()
  for (const r of rows) {
    const numbers = playedNumbers(r.game, r)
    for (const number of numbers) {
      const key = { drawId: Number(r.draw_id), userId: r.user_id, number }
      const d = deltas.get(intakeKey(key)) ?? { key, kept: { big: 0, small: 0, units: 0 } }
      if (r.game === 'TOTO') d.kept.units -= Number(r.amount_intake)
      else {
        d.kept.big -= Number(r.big_intake) / numbers.length
        d.kept.small -= Number(r.small_intake) / numbers.length
      }
      deltas.set(intakeKey(key), d)
    }
  }
  await addIntake(q, deltas.values())
}
