// A form's repeating group (a grouping's groups) as data: its items, what a new one holds, how many it must have, and its error keys.
import type { FormField, ItemField } from '../../../../schemas/widgets.ts'
import type { ViolationMessage } from '../../../../schemas/domain/field-constraints.ts'

/** One item as the form holds it: item field name → what its control holds. */
export type RepeatItem = Record<string, unknown>
/** A repeat field with its item's fields (the config check refuses a repeat without them). */
export type RepeatField = FormField & { kind: 'repeat', fields: ItemField[] }

export const isRepeat = (f: FormField): f is RepeatField => f.kind === 'repeat' && Array.isArray(f.fields)

/** The error key (and, after the form's id prefix and _, the control id) of one item's field: <group>.<item>.<field>. */
export const itemCellKey = (group: string, index: number, cell: string) => `${group}.${index}.${cell}`

/** Whether an error key or a changed field's name belongs to the group: the group itself or a field of one of its items. */
export const inGroup = (group: string, key: string) => key === group || key.startsWith(`${group}.`)

const isItem = (v: unknown): v is RepeatItem => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The items a value holds (anything else counts as no items). */
export const itemsOf = (value: unknown): RepeatItem[] => Array.isArray(value) ? value.filter(isItem) : []

/** A new item: each field at its default, a multiple choice with nothing chosen. */
export function blankItem (field: RepeatField): RepeatItem {
  const item: RepeatItem = {}
  for (const f of field.fields) {
    if (f.default !== undefined) item[f.name] = f.default
    else if (f.kind === 'multiselect' || f.kind === 'checkboxes') item[f.name] = []
  }
  return item
}

/** The fewest items the group may hold: minItems, and one when it is required. */
export const fewestItems = (field: FormField): number => Math.max(field.minItems ?? 0, field.required === true ? 1 : 0)

/** The items a new form starts with: as many blank ones as the group needs. */
export const initialItems = (field: RepeatField): RepeatItem[] => Array.from({ length: fewestItems(field) }, () => blankItem(field))

/** Whether one more item may be added, and whether one may be removed, with n items held. */
export const canAdd = (field: FormField, n: number): boolean => field.maxItems === undefined || n < field.maxItems
export const canRemove = (field: FormField, n: number): boolean => n > fewestItems(field)

/** The group's own broken rules: too few items, or too many. */
export function countErrors (field: FormField, items: readonly RepeatItem[]): ViolationMessage[] {
  const fewest = fewestItems(field)
  if (items.length < fewest) return [{ key: 'renderers.error.minItems', values: { count: fewest } }]
  if (field.maxItems !== undefined && items.length > field.maxItems) return [{ key: 'renderers.error.maxItems', values: { count: field.maxItems } }]
  return []
}

/** The group's error keys with errors, items in order and each item's fields in form order, then the group's own: where focus goes first. */
export function invalidCells (field: RepeatField, errors: Readonly<Record<string, readonly unknown[]>>): string[] {
  const order = new Map(field.fields.map((f, i) => [f.name, i]))
  const cells = Object.keys(errors)
    .filter((key) => key.startsWith(`${field.name}.`) && (errors[key]?.length ?? 0) > 0)
    .map((key) => { const [, index, cell] = key.split('.'); return { key, index: Number(index), at: order.get(cell ?? '') ?? 0 } })
    .sort((a, b) => a.index - b.index || a.at - b.at)
    .map((c) => c.key)
  return (errors[field.name]?.length ?? 0) > 0 ? [...cells, field.name] : cells
}
