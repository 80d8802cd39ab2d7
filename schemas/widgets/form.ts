// Forms and filters: fields, line rows, layouts, submits, and the actions that open a form or make one call.
import { Type, type Static } from 'typebox'
import { FieldCondition } from '../field-condition.ts'
import { DataBinding, Endpoint, HttpMethod, I18nKey, ParamSource, RowCondition } from './binding.ts'

export const FieldKind = Type.Union([
  Type.Literal('text'), Type.Literal('password'), Type.Literal('textarea'), Type.Literal('number'), Type.Literal('select'),
  Type.Literal('checkbox'), Type.Literal('color'), Type.Literal('share'), Type.Literal('commission'), Type.Literal('tax'),
  Type.Literal('date'), Type.Literal('user'), Type.Literal('drawDate'), Type.Literal('file'),
  // Several choices: a multiple select, or a group of checkboxes (permission names); the value is an array of option values.
  Type.Literal('multiselect'), Type.Literal('checkboxes'),
  // A repeating group: a list of items, each the same few fields (a grouping's groups: a name and its members), with add and remove buttons.
  Type.Literal('repeat')
])
export type FieldKind = Static<typeof FieldKind>

/** The kinds a repeating group's item may hold (no repeat inside a repeat). */
export const ItemFieldKind = Type.Union([
  Type.Literal('text'), Type.Literal('textarea'), Type.Literal('number'), Type.Literal('select'), Type.Literal('checkbox'),
  Type.Literal('date'), Type.Literal('multiselect'), Type.Literal('checkboxes')
])
export type ItemFieldKind = Static<typeof ItemFieldKind>

/** Options read from a call (select, multiselect, checkboxes): the list at data's dataPath, each item's value and label fields. */
export const OptionsFrom = Type.Object({
  data: DataBinding,
  valueField: Type.String({ minLength: 1 }),
  // The label is shown as the data holds it (a name, not an i18n key); the value when absent.
  labelField: Type.Optional(Type.String({ minLength: 1 }))
}, { additionalProperties: false })
export type OptionsFrom = Static<typeof OptionsFrom>

/** A numeric bound: a number, or a dot path into the form's loaded record (a downline's share may not exceed its parent's). */
export const BoundSource = Type.Union([Type.Number(), Type.Object({ loaded: Type.String({ minLength: 1 }) }, { additionalProperties: false })])
export type BoundSource = Static<typeof BoundSource>

// The data-driven and conditional parts of a field, kept together so the forms work merges as one block.
const DataFieldProps = {
  optionsFrom: Type.Optional(OptionsFrom),
  // number, share, commission, tax: bounds narrower than the kind's own (seed 001 §5 steps stay the defaults).
  min: Type.Optional(BoundSource),
  max: Type.Optional(BoundSource),
  // Shown (and sent, and checked) only while the condition holds; required while requiredWhen holds.
  visibleWhen: Type.Optional(FieldCondition),
  requiredWhen: Type.Optional(FieldCondition)
}

// What a value must be: required, lengths, patterns, fixed options (a form's fields and a repeating group's item fields alike).
const ValueRules = {
  name: Type.String({ minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  labelKey: I18nKey,
  required: Type.Optional(Type.Boolean()),
  minLength: Type.Optional(Type.Integer({ minimum: 0 })),
  // Rules on the text: each pattern must match (or, with absent, must not), else its message key is shown.
  patterns: Type.Optional(Type.Array(Type.Object({ pattern: Type.String({ minLength: 1 }), messageKey: I18nKey, absent: Type.Optional(Type.Boolean()) }, { additionalProperties: false }))),
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), labelKey: I18nKey }, { additionalProperties: false }))),
  default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))
}

/** One field of a repeating group's item: checked like a form field (required, lengths, patterns, bounds), its options fixed or read from a call. */
export const ItemField = Type.Object({
  name: ValueRules.name,
  labelKey: ValueRules.labelKey,
  kind: ItemFieldKind,
  required: ValueRules.required,
  minLength: ValueRules.minLength,
  patterns: ValueRules.patterns,
  maxLength: ValueRules.maxLength,
  options: ValueRules.options,
  default: ValueRules.default,
  optionsFrom: Type.Optional(OptionsFrom),
  min: Type.Optional(BoundSource),
  max: Type.Optional(BoundSource)
}, { additionalProperties: false })
export type ItemField = Static<typeof ItemField>

/** A repeating group's own parts: its item's fields, the item's name on the add and remove buttons, and how many items it may hold (required: at least one). */
const RepeatProps = {
  fields: Type.Optional(Type.Array(ItemField, { minItems: 1 })),
  itemKey: Type.Optional(I18nKey),
  minItems: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })),
  maxItems: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 }))
}

/** One form or filter field. Options feed select; data feeds the user and draw-date drop-downs. */
export const FormField = Type.Object({
  name: ValueRules.name,
  labelKey: ValueRules.labelKey,
  kind: FieldKind,
  // percent: typed and checked as a percentage (45 for 45%), loaded and sent as the fraction (0.45) the game API stores.
  unit: Type.Optional(Type.Literal('percent')),
  // share, commission, tax: the game whose picker range applies when not the form's (a TOTO commission in a 4D form).
  game: Type.Optional(Type.Union([Type.Literal('4d'), Type.Literal('tt')])),
  required: ValueRules.required,
  // The field must equal this other field (error equalTo).
  equalTo: Type.Optional(Type.String({ minLength: 1 })),
  minLength: ValueRules.minLength,
  // The product's new-password rules (schemas/domain/password-rules.ts): each one broken shows its text, password.<rule id>.
  passwordRules: Type.Optional(Type.Boolean()),
  patterns: ValueRules.patterns,
  maxLength: ValueRules.maxLength,
  options: ValueRules.options,
  data: Type.Optional(DataBinding),
  // Initial value, or a binding (session, route query).
  default: ValueRules.default,
  defaultFrom: Type.Optional(ParamSource),
  ...DataFieldProps,
  ...RepeatProps
}, { additionalProperties: false })
export type FormField = Static<typeof FormField>

/** The kinds a line row's cell may have; numbers is a text of whole numbers (spaces or commas between) sent as an array of integers. */
export const LineFieldKind = Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('select'), Type.Literal('checkbox'), Type.Literal('numbers')])
export type LineFieldKind = Static<typeof LineFieldKind>

/** One cell of a line row (checked only when the row is not empty). */
export const LineField = Type.Object({
  name: Type.String({ minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  labelKey: I18nKey,
  kind: LineFieldKind,
  required: Type.Optional(Type.Boolean()),
  patterns: FormField.properties.patterns,
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  // number: the smallest and largest value allowed.
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  // numbers: the cell of the row holding the TOTO bet type, whose count of numbers (schemas/domain/toto-lines.ts) this cell must hold.
  totoCountBy: Type.Optional(Type.String({ minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' })),
  options: FormField.properties.options,
  default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))
}, { additionalProperties: false })
export type LineField = Static<typeof LineField>

/** A repeated group of line rows (bet lines): rows of the same cells, sent as an array of objects with empty rows dropped.
 * A row is empty when none of its text, number and numbers cells holds a value (selects and checkboxes alone do not make a line). */
export const FormLines = Type.Object({
  name: Type.String({ minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  labelKey: I18nKey,
  rows: Type.Integer({ minimum: 1, maximum: 200 }),
  fields: Type.Array(LineField, { minItems: 1 }),
  // At least one line must be filled in.
  required: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
export type FormLines = Static<typeof FormLines>

/** A pair of date fields where from must not be later than to. */
export const DateRange = Type.Object({ from: Type.String({ minLength: 1 }), to: Type.String({ minLength: 1 }) }, { additionalProperties: false })
export type DateRange = Static<typeof DateRange>

/** One part of a call's answer shown under the form: the value at path (an array gives one line per item), each line the itemKey interpolated with the item. */
export const ResultSection = Type.Object({
  path: Type.String(),
  labelKey: I18nKey,
  itemKey: I18nKey,
  tone: Type.Optional(Type.Union([Type.Literal('info'), Type.Literal('error'), Type.Literal('warning')]))
}, { additionalProperties: false })
export type ResultSection = Static<typeof ResultSection>

/** A titled group of fields in a column grid; sections and tab sets nest to any depth. Fields not placed in any section are drawn first. */
export const FormLayout = Type.Cyclic({
  FormSection: Type.Object({
    kind: Type.Literal('section'),
    titleKey: Type.Optional(I18nKey),
    columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
    // Field names of this form, drawn in this order.
    fields: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    children: Type.Optional(Type.Array(Type.Union([Type.Ref('FormSection'), Type.Ref('FormTabs')])))
  }, { additionalProperties: false }),
  FormTabs: Type.Object({
    kind: Type.Literal('tabs'),
    tabs: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }), labelKey: I18nKey, children: Type.Array(Type.Union([Type.Ref('FormSection'), Type.Ref('FormTabs')])) }, { additionalProperties: false }), { minItems: 1 })
  }, { additionalProperties: false })
}, 'FormSection')
export interface FormSection { kind: 'section', titleKey?: string, columns?: number, fields?: string[], children?: FormLayoutNode[] }
export interface FormTabs { kind: 'tabs', tabs: Array<{ id: string, labelKey: string, children: FormLayoutNode[] }> }
export type FormLayoutNode = FormSection | FormTabs

// A form that edits a record: the load fills it, the sections lay it out.
const RecordFormProps = {
  // A GET whose answer (at dataPath) fills the form before it is shown; a submit's success reads it again.
  load: Type.Optional(DataBinding),
  layout: Type.Optional(Type.Array(FormLayout))
}

/** Where a form is sent, and what its success shows and sets. */
export const FormSubmit = Type.Object({
  endpoint: Endpoint,
  method: HttpMethod,
  labelKey: I18nKey,
  successKey: Type.Optional(I18nKey),
  // Values of the success message read from the answer's data: interpolation name → dot path (e.g. ticket → TicketNo).
  successValues: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
  // Page filter values set from the answer after success (filter name → dot path), e.g. the uploaded file for a job.
  setFilters: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
  params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource))
}, { additionalProperties: false })

/** A form submitted to one endpoint; success shows the alert key. With a file field the form is sent as multipart/form-data. */
export const FormWidget = Type.Object({
  type: Type.Literal('form'),
  id: Type.String({ minLength: 1 }),
  fields: Type.Array(FormField, { minItems: 1 }),
  // Repeated line rows after the fields (bet lines), sent under lines.name.
  lines: Type.Optional(FormLines),
  dateRanges: Type.Optional(Type.Array(DateRange)),
  // Absent when the submit's rule fails for the user: the record is shown read-only.
  submit: Type.Optional(FormSubmit),
  // What the answer holds, shown under the form (a check call: errors, warnings, the parsed ticket); empty sections are left out.
  result: Type.Optional(Type.Array(ResultSection, { minItems: 1 })),
  // TOTO game: commission allows 0 to 0.3 in steps of 0.01.
  game: Type.Optional(Type.Union([Type.Literal('4d'), Type.Literal('tt')])),
  ...RecordFormProps
}, { additionalProperties: false })
export type FormWidget = Static<typeof FormWidget>

/** A form in a dialog (a row's edit, a page's create): a form widget without its type; its id names the dialog. */
export const DialogForm = Type.Object({ ...FormWidget.properties, type: Type.Optional(Type.Literal('form')), submit: FormSubmit }, { additionalProperties: false })
export type DialogForm = Static<typeof DialogForm>

/** An action that opens a form in a dialog: prefilled from the row (row actions) and from the form's load; success closes it and reloads the page's data. */
export const FormAction = Type.Object({
  kind: Type.Literal('form'),
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  // The dialog's title (the label when absent).
  titleKey: Type.Optional(I18nKey),
  when: Type.Optional(RowCondition),
  // Row fields copied into the form's values (field name → row field); the form's load may add more ({ from: 'row' } parameters).
  prefill: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
  form: DialogForm
}, { additionalProperties: false })
export type FormAction = Static<typeof FormAction>

/** A button that calls one endpoint (no fields) after an optional confirmation: Clear cache, Recalculate credit, Finalise draw. */
export const CallAction = Type.Object({
  kind: Type.Literal('call'),
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  endpoint: Endpoint,
  method: HttpMethod,
  params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
  confirmKey: Type.Optional(I18nKey),
  successKey: Type.Optional(I18nKey),
  successValues: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })))
}, { additionalProperties: false })
export type CallAction = Static<typeof CallAction>
