// Descriptor fields → the JSON Schema and uiSchema react-jsonschema-form renders. Constraints stay out of the schema:
// the form rules check them and give translated sentences, so no raw schema text reaches the user.
import type { FormField } from '../../../../schemas/widgets.ts'

/** The JSON Schema subset this mapping produces. */
export interface FieldSchema { type: 'string' | 'number' | 'boolean', title: string, oneOf?: { const: string, title: string }[] }
export interface FormSchema { type: 'object', properties: Record<string, FieldSchema>, required: string[] }
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
  drawDate: 'drawDate'
}

const typeOf = (kind: FormField['kind']): FieldSchema['type'] =>
  kind === 'checkbox' ? 'boolean' : kind === 'number' || kind === 'share' || kind === 'commission' || kind === 'tax' ? 'number' : 'string'

/** Schema and uiSchema for a list of fields; labels and option titles are translated through t. */
export function toRjsf (fields: readonly FormField[], t: (key: string) => string, game: '4d' | 'tt' = '4d'): { schema: FormSchema, uiSchema: UiSchema } {
  const properties: Record<string, FieldSchema> = {}
  const uiSchema: UiSchema = {}
  for (const f of fields) {
    const schema: FieldSchema = { type: typeOf(f.kind), title: t(f.labelKey) }
    if (f.kind === 'select' && f.options) schema.oneOf = f.options.map((o) => ({ const: o.value, title: t(o.labelKey) }))
    properties[f.name] = schema
    const widget = WIDGETS[f.kind]
    uiSchema[f.name] = { ...(widget ? { 'ui:widget': widget } : {}), 'ui:options': { descriptor: f, game } }
  }
  return { schema: { type: 'object', properties, required: fields.filter((f) => f.required).map((f) => f.name) }, uiSchema }
}
