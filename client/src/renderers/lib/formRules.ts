// Form validation as data: each broken rule is an i18n key plus values, so messages are translated sentences, never schema text.
import type { DateRange, FormField, FormLines } from '../../../../schemas/widgets.ts'
import { stepRule } from './steps.ts'
import { toTyped, typedRule } from './formUnits.ts'
import { fromIsoDay, isRangeOrdered, parseDateInput } from './dates.ts'
import { validateLines, type LineRow } from './formLines.ts'
import { countErrors, inGroup, invalidCells, isRepeat, itemCellKey, itemsOf, type RepeatField } from './formRepeat.ts'
import { brokenPasswordRules, passwordRuleKey } from '../../../../schemas/domain/password-rules.ts'
import { conditionFields, evaluateCondition } from '../../../../schemas/domain/field-conditions.ts'
import { getPath } from './binding.ts'
import { constraintMessages, isEmptyValue, numberOf, type FieldConstraints, type MessagesByField, type ViolationMessage } from '../../../../schemas/domain/field-constraints.ts'
import type { GamePrefix } from '../../../../schemas/domain/calendar.ts'

/** One broken rule: the i18n key and its interpolation values. */
export type FieldError = ViolationMessage
export type FormErrors = MessagesByField
export type FormData = Record<string, unknown>

// loaded: the record the form's load answered, which bounds may read ({ loaded: 'dShare' }).
export interface FormRuleContext { fields: readonly FormField[], dateRanges?: readonly DateRange[], game?: GamePrefix, lines?: FormLines | undefined, loaded?: unknown }

/** Whether a field is shown (and sent and checked): its visibleWhen holds over the values, or it has none. */
export const isVisible = (field: FormField, data: FormData): boolean => field.visibleWhen === undefined || evaluateCondition(field.visibleWhen, data)

/** Whether a field must be filled in now: required, or its requiredWhen holds. */
export const isRequired = (field: FormField, data: FormData): boolean => field.required === true || (field.requiredWhen !== undefined && evaluateCondition(field.requiredWhen, data))

/** A bound's number: a constant, or a number at a path of the loaded record (absent or not a number: no bound). */
export function boundOf (bound: FormField['min'], loaded: unknown): number | undefined {
  if (bound === undefined || typeof bound === 'number') return bound
  const n = numberOf(getPath(loaded, bound.loaded))
  return Number.isFinite(n) ? n : undefined
}

const isPicker = (kind: FormField['kind']): kind is 'share' | 'commission' | 'tax' => kind === 'share' || kind === 'commission' || kind === 'tax'

/** What a field's value must be now: required, lengths, patterns, and a number's bounds (a picker's seed 001 §5 steps, narrowed by min and max). */
export function fieldConstraints (field: FormField, data: FormData, ctx: FormRuleContext): FieldConstraints {
  const c: FieldConstraints = { required: isRequired(field, data), minLength: field.minLength, maxLength: field.maxLength, patterns: field.patterns }
  if (field.kind !== 'number' && !isPicker(field.kind)) return c
  // Bounds read from the loaded record are in the stored unit; a percent field checks what the user typed.
  const typed = (n: number | undefined) => n === undefined ? undefined : toTyped(field, n) as number
  const min = typeof field.min === 'number' ? field.min : typed(boundOf(field.min, ctx.loaded))
  const max = typeof field.max === 'number' ? field.max : typed(boundOf(field.max, ctx.loaded))
  if (field.kind === 'number') return { ...c, number: true, min, max }
  // Steps count from the picker's own lowest value, whatever narrower bound the field sets.
  const rule = typedRule(field, stepRule(field.kind, field.game ?? ctx.game))
  return { ...c, number: true, min: Math.max(rule.min, min ?? rule.min), max: Math.min(rule.max, max ?? rule.max), step: rule.step, stepFrom: rule.min }
}

/** The rules broken by one field's value (its constraints, the password rules, dates, equal-to, date ranges). */
export function validateField (field: FormField, data: FormData, ctx: FormRuleContext): FieldError[] {
  const value = data[field.name]
  if (!isVisible(field, data)) return []
  // A repeating group's own rules are its count; its items' fields are checked one by one (validateItems).
  if (field.kind === 'repeat') return countErrors(field, itemsOf(value))
  const errors: FieldError[] = constraintMessages(value, fieldConstraints(field, data, ctx))
  if (!isEmptyValue(value)) {
    if (typeof value === 'string' && field.passwordRules) for (const rule of brokenPasswordRules(value)) errors.push({ key: passwordRuleKey(rule.id) })
    if (field.kind === 'date' && (typeof value !== 'string' || !fromIsoDay(value))) {
      // Text the input could not take: ambiguous (03/04/2026 is 4 March or 3 April) or not a date at all.
      const ambiguous = typeof value === 'string' && parseDateInput(value, { y: 2000, m: 1, d: 1 }) === 'ambiguous'
      errors.push({ key: ambiguous ? 'renderers.error.dateAmbiguous' : 'renderers.error.date', values: { text: String(value) } })
    }
  }
  if (field.equalTo !== undefined && !isEmptyValue(value) && value !== data[field.equalTo]) {
    const other = ctx.fields.find((f) => f.name === field.equalTo)
    errors.push({ key: 'renderers.error.equalTo', values: { other: other?.labelKey ?? field.equalTo } })
  }
  for (const range of ctx.dateRanges ?? []) {
    if (range.from !== field.name) continue
    const from = data[range.from]
    const to = data[range.to]
    if (!isRangeOrdered(typeof from === 'string' ? from : undefined, typeof to === 'string' ? to : undefined)) {
      errors.push({ key: 'renderers.error.dateOrder' })
    }
  }
  return errors
}

/** The broken rules of a repeating group's items, each item field under <group>.<item>.<field>, checked as a form of the item's fields. */
export function validateItems (field: RepeatField, data: FormData, ctx: FormRuleContext): FormErrors {
  const errors: FormErrors = {}
  if (!isVisible(field, data)) return errors
  const itemCtx: FormRuleContext = { fields: field.fields, game: ctx.game, loaded: ctx.loaded }
  itemsOf(data[field.name]).forEach((item, i) => {
    for (const f of field.fields) {
      const broken = validateField(f, item, itemCtx)
      if (broken.length > 0) errors[itemCellKey(field.name, i, f.name)] = broken
    }
  })
  return errors
}

const linesOf = (data: FormData, lines: FormLines) => (Array.isArray(data[lines.name]) ? data[lines.name] : []) as LineRow[]

/** Every field's broken rules (line cells under <group>.<row>.<cell>); fields without errors are left out. */
export function validateForm (data: FormData, ctx: FormRuleContext): FormErrors {
  const errors: FormErrors = {}
  for (const field of ctx.fields) {
    const broken = validateField(field, data, ctx)
    if (broken.length > 0) errors[field.name] = broken
    if (isRepeat(field)) Object.assign(errors, validateItems(field, data, ctx))
  }
  return ctx.lines ? { ...errors, ...validateLines(linesOf(data, ctx.lines), ctx.lines) } : errors
}

/** Fields whose validity depends on the changed one: itself, fields equal-to it, and the from of a range it ends. */
export function dependentFields (changed: string, ctx: FormRuleContext): string[] {
  const names = new Set([changed])
  for (const f of ctx.fields) if (f.equalTo === changed) names.add(f.name)
  // A field whose condition reads the changed one may have been shown, hidden, required or freed.
  for (const f of ctx.fields) if (conditionFields(f.visibleWhen).has(changed) || conditionFields(f.requiredWhen).has(changed)) names.add(f.name)
  for (const r of ctx.dateRanges ?? []) if (r.to === changed || r.from === changed) names.add(r.from)
  return [...names]
}

/** Recomputes the errors of the changed field's dependents only, keeping the others as they were. */
export function revalidate (previous: FormErrors, changed: string, data: FormData, ctx: FormRuleContext): FormErrors {
  const next: FormErrors = { ...previous }
  const lines = ctx.lines
  if (lines && (changed === lines.name || changed.startsWith(`${lines.name}.`))) {
    // Whether a row counts depends on all its cells, so the group is checked again whole (a few dozen cells).
    for (const key of Object.keys(next)) if (key === lines.name || key.startsWith(`${lines.name}.`)) delete next[key]
    return { ...next, ...validateLines(linesOf(data, lines), lines) }
  }
  const group = ctx.fields.find((f) => isRepeat(f) && inGroup(f.name, changed))
  if (group && isRepeat(group)) {
    // An item added or removed moves the keys of the items after it, so the group is checked again whole.
    for (const key of Object.keys(next)) if (inGroup(group.name, key)) delete next[key]
    const own = validateField(group, data, ctx)
    return { ...next, ...(own.length > 0 ? { [group.name]: own } : {}), ...validateItems(group, data, ctx) }
  }
  for (const name of dependentFields(changed, ctx)) {
    const field = ctx.fields.find((f) => f.name === name)
    if (!field) continue
    const broken = validateField(field, data, ctx)
    if (broken.length > 0) next[name] = broken
    else delete next[name]
  }
  return next
}

/** The values a submit sends: hidden fields are left out. */
export function visibleValues (data: FormData, fields: readonly FormField[]): FormData {
  const out: FormData = { ...data }
  for (const f of fields) if (!isVisible(f, data)) delete out[f.name]
  return out
}

/** The first field (in form order) that has an error: where focus goes on submit. */
export function firstInvalid (errors: FormErrors, fields: readonly FormField[], lines?: FormLines): string | undefined {
  // A repeating group's item fields come before the group's own count message.
  const field = fields.map((f) => isRepeat(f) ? invalidCells(f, errors)[0] : (errors[f.name]?.length ?? 0) > 0 ? f.name : undefined).find((name) => name !== undefined)
  if (field || !lines) return field
  // Line cells in row order, then the group itself ("enter at least one line").
  for (let row = 0; row < lines.rows; row++) for (const f of lines.fields) if (errors[`${lines.name}.${row}.${f.name}`]) return `${lines.name}.${row}.${f.name}`
  return errors[lines.name] ? lines.name : undefined
}
