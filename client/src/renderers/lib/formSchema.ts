// Descriptor fields → the JSON Schema and uiSchema react-jsonschema-form renders. Constraints stay out of the schema:
// the form rules check them and give translated sentences, so no raw schema text reaches the user.
import type { FormField, FormLines, LineField } from '../../../../schemas/widgets.ts'
import type { GamePrefix } from '../../../../schemas/domain/calendar.ts'
import { isRepeat } from './formRepeat.ts'

/** The JSON Schema subset this mapping produces. */
export interface FieldSchema { type: 'string' | 'number' | 'boolean' | 'array', title: string, oneOf?: { const: string, title: string }[], items?: { type: 'string', anyOf?: { const: string, title: string }[] }, uniqueItems?: boolean }
/** A line group: a fixed number of rows of the same cells (drawn by the lines field, not by rjsf's array buttons). */
export interface LinesSchema { type: 'array', title: string, minItems: number, maxItems: number, items: { type: 'object', properties: Record<string, FieldSchema> }, oneOf?: undefined }
/** A repeating group: items of the same fields, drawn (with add and remove buttons) by the repeat field, each item field by rjsf's own widgets. */
export interface RepeatSchema { type: 'array', title: string, items: { type: 'object', properties: Record<string, FieldSchema>, required: string[] }, oneOf?: undefined }
export interface FormSchema { type: 'object', properties: Record<string, FieldSchema | LinesSchema | RepeatSchema>, required: string[] }
export type UiSchema = Record<string, Record<string, unknown>>

// The rjsf widget drawing each field kind (custom widgets are registered under these names).
const WIDGETS: Record<FormField['kind'], string | undefined> = {
  text: undefined,
  password: 'password',
  textarea: 'textarea',
  number: 'updown',
  select: 'select',
  checkbox: 'checkbox',
  color: 'color',
  share: 'share',
  commission: 'commission',
  tax: 'tax',
  date: 'dateText',
  user: 'userSelect',
  drawDate: 'drawDate',
  file: 'fileInput',
  multiselect: 'select',
  checkboxes: 'checkboxes',
  repeat: undefined
}

const MULTI = new Set<FormField['kind']>(['multiselect', 'checkboxes'])
const CHOICE = new Set<FormField['kind']>(['select', 'multiselect', 'checkboxes'])

const typeOf = (kind: FormField['kind']): FieldSchema['type'] =>
  MULTI.has(kind) ? 'array' : kind === 'checkbox' ? 'boolean' : kind === 'number' || kind === 'share' || kind === 'commission' || kind === 'tax' ? 'number' : 'string'

const optionsOf = (f: FormField | LineField, t: (key: string) => string) => f.options?.map((o) => ({ const: o.value, title: t(o.labelKey) }))

/** One line cell's schema: numbers and number lists are typed as text and converted only when sent. */
function cellSchema (f: LineField, t: (key: string) => string): FieldSchema {
  const schema: FieldSchema = { type: f.kind === 'checkbox' ? 'boolean' : 'string', title: t(f.labelKey) }
  const options = f.kind === 'select' ? optionsOf(f, t) : undefined
  if (options) schema.oneOf = options
  return schema
}

/** Schema and uiSchema for a list of fields (and a line group after them); labels and option titles are translated through t. */
export function toRjsf (fields: readonly FormField[], t: (key: string) => string, game: GamePrefix = '4d', lines?: FormLines): { schema: FormSchema, uiSchema: UiSchema } {
  const properties: Record<string, FieldSchema | LinesSchema | RepeatSchema> = {}
  const uiSchema: UiSchema = {}
  for (const f of fields) {
    if (isRepeat(f)) {
      // The item's fields map as a form's do; the repeat field hands each one its schema and uiSchema.
      const item = toRjsf(f.fields, t, game)
      properties[f.name] = { type: 'array', title: t(f.labelKey), items: { type: 'object', properties: item.schema.properties as Record<string, FieldSchema>, required: item.schema.required } }
      uiSchema[f.name] = { 'ui:field': 'repeat', 'ui:options': { descriptor: f, game, items: item.uiSchema } }
      continue
    }
    const schema: FieldSchema = { type: typeOf(f.kind), title: t(f.labelKey) }
    const options = CHOICE.has(f.kind) ? optionsOf(f, t) : undefined
    if (MULTI.has(f.kind)) {
      // A set of option values, each titled (anyOf, not enum, so checkboxes read the translated label); options from data are drawn by the data widget, so the list stays open here.
      schema.items = { type: 'string', ...(options && !f.optionsFrom ? { anyOf: options } : {}) }
      schema.uniqueItems = true
    } else if (options && !f.optionsFrom) schema.oneOf = options
    properties[f.name] = schema
    // Options read from a call are drawn by the data-driven choice widgets (loading and error states of their own).
    const widget = f.optionsFrom ? (MULTI.has(f.kind) ? 'dataChoices' : 'dataSelect') : WIDGETS[f.kind]
    // A choice without a default starts empty, so a user (a bettor picking draw days) must make it.
    const placeholder = options && f.default === undefined && f.defaultFrom === undefined ? { 'ui:placeholder': t('renderers.select.placeholder') } : {}
    uiSchema[f.name] = { ...(widget ? { 'ui:widget': widget } : {}), ...placeholder, 'ui:options': { descriptor: f, game } }
  }
  if (lines) {
    const cells: Record<string, FieldSchema> = {}
    for (const f of lines.fields) cells[f.name] = cellSchema(f, t)
    properties[lines.name] = { type: 'array', title: t(lines.labelKey), minItems: lines.rows, maxItems: lines.rows, items: { type: 'object', properties: cells } }
    uiSchema[lines.name] = { 'ui:field': 'lines', 'ui:options': { lines } }
  }
  return { schema: { type: 'object', properties, required: fields.filter((f) => f.required).map((f) => f.name) }, uiSchema }
}
