// A field's unit: the one place where a percent field's typed value (45) and the fraction the game API loads and takes (0.45) meet.
import type { FormField } from '../../../../schemas/widgets.ts'
import type { StepRule } from './steps.ts'

/** How many typed units one stored unit is: 100 for a percent field, else 1. */
export const scaleOf = (field: Pick<FormField, 'unit'>): number => field.unit === 'percent' ? 100 : 1

// Rounded to 9 decimals: 0.07 × 100 is 7.000000000000001 in binary, which would fail a whole-step check.
const tidy = (n: number): number => Math.round(n * 1e9) / 1e9

/** A stored number as the user types it (0.45 → 45 for percent); anything else as it is. */
export function toTyped (field: Pick<FormField, 'unit'>, value: unknown): unknown {
  return typeof value === 'number' && scaleOf(field) !== 1 ? tidy(value * scaleOf(field)) : value
}

/** A typed number as the game API stores it (45 → 0.45 for percent); text spelling a number is read first; anything else as it is. */
export function toStored (field: Pick<FormField, 'unit'>, value: unknown): unknown {
  if (scaleOf(field) === 1) return value
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  return Number.isFinite(n) ? tidy(n / scaleOf(field)) : value
}

/** A stored-unit step rule in typed units (share 0–1 by 0.01 → 0–100 by 1 for percent). */
export function typedRule (field: Pick<FormField, 'unit'>, rule: StepRule): StepRule {
  const s = scaleOf(field)
  return s === 1 ? rule : { min: tidy(rule.min * s), max: tidy(rule.max * s), step: tidy(rule.step * s) }
}

/** The form's values as sent: each unit field's value in the stored unit. */
export function storedValues (fields: readonly FormField[], data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data }
  for (const f of fields) if (f.unit !== undefined && f.name in out) out[f.name] = toStored(f, out[f.name])
  return out
}
