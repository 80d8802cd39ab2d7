import type { FieldCondition } from '../field-condition.ts'

// The one evaluator of field conditions (visibleWhen, requiredWhen): pure, so client validation and the service agree.

/** A value as compared: numbers typed into a text box equal the number they spell ("2" equals 2). */
const same = (a: unknown, b: string | number | boolean): boolean =>
  a === b || (typeof b === 'number' && typeof a === 'string' && a.trim() !== '' && Number(a) === b) || (typeof b === 'string' && typeof a === 'number' && String(a) === b)

/** Whether a condition holds over a form's values; a missing field equals nothing. */
export function evaluateCondition (condition: FieldCondition, values: Readonly<Record<string, unknown>>): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, values))
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, values))
  if ('not' in condition) return !evaluateCondition(condition.not, values)
  const value = values[condition.field]
  if ('in' in condition) return condition.in.some((v) => same(value, v))
  // A list field (ticked checkboxes) has a value when one of its items is that value.
  if ('has' in condition) return Array.isArray(value) && value.some((v) => same(v, condition.has))
  return same(value, condition.equals)
}

/** Every field name a condition reads: the fields whose change may show, hide or require another. */
export function conditionFields (condition: FieldCondition | undefined, into: Set<string> = new Set()): Set<string> {
  if (!condition) return into
  if ('all' in condition) condition.all.forEach((c) => conditionFields(c, into))
  else if ('any' in condition) condition.any.forEach((c) => conditionFields(c, into))
  else if ('not' in condition) conditionFields(condition.not, into)
  else into.add(condition.field)
  return into
}
