import { Type, type Static } from 'typebox'
import { FieldCondition } from './field-condition.ts'

// The page-descriptor wire format: what the service sends for one route and the client's generic renderer draws.
// Every label is an i18n key (present in en and zh), never display text, so one descriptor serves every language.

/** An i18n key such as "page.profile.title". */
export const I18nKey = Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_.-]+$' })
export type I18nKey = Static<typeof I18nKey>

/** A path the browser calls through the service: a game API path such as /api/v1/4d/announcements, or one of the service's own /ui/ routes (/ui/audit, /ui/password); :Field segments take row values. */
export const Endpoint = Type.String({ pattern: '^/(api/v1|ui)/[A-Za-z0-9_./:{}-]+$' })
export type Endpoint = Static<typeof Endpoint>

export const HttpMethod = Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')])
export type HttpMethod = Static<typeof HttpMethod>

/** Session values a widget may bind to. */
export const SessionValue = Type.Union([Type.Literal('LocId'), Type.Literal('UserId'), Type.Literal('LoginId'), Type.Literal('Role'), Type.Literal('Rank')])
export type SessionValue = Static<typeof SessionValue>

/** Where one call parameter comes from: a filter field, the route query (VW, DrawId…), the session, or a constant. */
export const ParamSource = Type.Union([
  Type.Object({ from: Type.Literal('filter'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object({ from: Type.Literal('query'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object({ from: Type.Literal('session'), name: SessionValue }, { additionalProperties: false }),
  Type.Object({ from: Type.Literal('const'), value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false }),
  // A value of the page's route (/admin/agents/:UserId → UserId), from the descriptor's route.
  Type.Object({ from: Type.Literal('route'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  // A field of the row a dialog form was opened from (row actions only).
  Type.Object({ from: Type.Literal('row'), name: Type.String({ minLength: 1 }) }, { additionalProperties: false })
])
export type ParamSource = Static<typeof ParamSource>

/** A widget's data: the endpoint, its parameters, and where the rows sit inside the envelope's data (dot path; empty = data itself). */
export const DataBinding = Type.Object({
  endpoint: Endpoint,
  method: Type.Optional(HttpMethod),
  params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
  dataPath: Type.Optional(Type.String()),
  // Cache-buster parameter name (the seed's rand) added on every reload when set.
  cacheBuster: Type.Optional(Type.String({ minLength: 1 })),
  // Parameters that must have a value (a chosen filter, a route query) before anything is called; until then the widget shows no data.
  requires: Type.Optional(Type.Array(Type.String({ minLength: 1 })))
}, { additionalProperties: false })
export type DataBinding = Static<typeof DataBinding>

/** A row action shows only on rows whose field holds this value (Void only on open tickets). */
export const RowCondition = Type.Object({ field: Type.String({ minLength: 1 }), equals: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false })
export type RowCondition = Static<typeof RowCondition>

// ---------- form and filters ----------

export const FieldKind = Type.Union([
  Type.Literal('text'), Type.Literal('password'), Type.Literal('textarea'), Type.Literal('number'), Type.Literal('select'),
  Type.Literal('checkbox'), Type.Literal('color'), Type.Literal('share'), Type.Literal('commission'), Type.Literal('tax'),
  Type.Literal('date'), Type.Literal('user'), Type.Literal('drawDate'), Type.Literal('file'),
  // Several choices: a multiple select, or a group of checkboxes (permission names); the value is an array of option values.
  Type.Literal('multiselect'), Type.Literal('checkboxes')
])
export type FieldKind = Static<typeof FieldKind>

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

/** One form or filter field. Options feed select; data feeds the user and draw-date drop-downs. */
export const FormField = Type.Object({
  name: Type.String({ minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  labelKey: I18nKey,
  kind: FieldKind,
  required: Type.Optional(Type.Boolean()),
  // The field must equal this other field (error equalTo).
  equalTo: Type.Optional(Type.String({ minLength: 1 })),
  minLength: Type.Optional(Type.Integer({ minimum: 0 })),
  // The product's new-password rules (schemas/domain/password-rules.ts): each one broken shows its text, password.<rule id>.
  passwordRules: Type.Optional(Type.Boolean()),
  // Rules on the text: each pattern must match (or, with absent, must not), else its message key is shown.
  patterns: Type.Optional(Type.Array(Type.Object({ pattern: Type.String({ minLength: 1 }), messageKey: I18nKey, absent: Type.Optional(Type.Boolean()) }, { additionalProperties: false }))),
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), labelKey: I18nKey }, { additionalProperties: false }))),
  data: Type.Optional(DataBinding),
  // Initial value, or a binding (session, route query).
  default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  defaultFrom: Type.Optional(ParamSource),
  ...DataFieldProps
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

// ---------- table ----------

export const ColumnType = Type.Enum(['text', 'number', 'money', 'percent', 'date', 'status'])
export type ColumnType = Static<typeof ColumnType>

/** One table column: field name in the row, label key, type and fixed width in px. */
export const TableColumn = Type.Object({
  field: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  type: ColumnType,
  width: Type.Integer({ minimum: 20, maximum: 1000 }),
  sortable: Type.Optional(Type.Boolean()),
  // Footer sum of this column (number, money and percent columns).
  sum: Type.Optional(Type.Boolean()),
  // status columns: value → label key.
  statusLabels: Type.Optional(Type.Record(Type.String(), I18nKey))
}, { additionalProperties: false })
export type TableColumn = Static<typeof TableColumn>

/** A row action: open a route built from row values, call an endpoint (after an optional confirmation) and reload, or choose the row. */
export const RowAction = Type.Union([
  Type.Object({ kind: Type.Literal('link'), id: Type.String({ minLength: 1 }), labelKey: I18nKey, to: Type.String({ pattern: '^/' }), when: Type.Optional(RowCondition) }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('call'),
    id: Type.String({ minLength: 1 }),
    labelKey: I18nKey,
    when: Type.Optional(RowCondition),
    endpoint: Endpoint,
    method: HttpMethod,
    // Call parameters taken from the row (parameter name → row field): the query of a GET or DELETE (DELETE bet?TicketNo=), the body otherwise.
    rowParams: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
    confirmKey: Type.Optional(I18nKey)
  }, { additionalProperties: false }),
  // Chooses the row for other widgets: sets page filter values from row fields (filter name → row field), e.g. the file a job processes.
  Type.Object({ kind: Type.Literal('choose'), id: Type.String({ minLength: 1 }), labelKey: I18nKey, when: Type.Optional(RowCondition), set: Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })) }, { additionalProperties: false }),
  // Opens a form in a dialog, prefilled from the row.
  FormAction
])
export type RowAction = Static<typeof RowAction>

export const SortSpec = Type.Object({ field: Type.String({ minLength: 1 }), desc: Type.Boolean() }, { additionalProperties: false })
export type SortSpec = Static<typeof SortSpec>

/** A table's live source: a GET stream of server-sent events (gated like every call) whose events say the data moved. */
export const TableLive = Type.Object({
  endpoint: Endpoint,
  debounceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 5000, description: 'after an event, wait this long (gathering the events that follow) before reading again (default 150)' }))
}, { additionalProperties: false })
export type TableLive = Static<typeof TableLive>

/** A data table: columns, default sort (CreatedDate descending unless told), footer sums, row actions, exports, draw colours. */
export const TableWidget = Type.Object({
  type: Type.Literal('table'),
  id: Type.String({ minLength: 1 }),
  data: DataBinding,
  // A heading above the table (shown with it: not while a required parameter is missing).
  titleKey: Type.Optional(I18nKey),
  columns: Type.Array(TableColumn, { minItems: 1 }),
  rowKey: Type.Optional(Type.String({ minLength: 1 })),
  defaultSort: Type.Optional(SortSpec),
  rowActions: Type.Optional(Type.Array(RowAction)),
  // Field holding the draw type code (0-7, 9, 24, 25, IBET, KBET, RRRR) that colours the row.
  drawColourField: Type.Optional(Type.String({ minLength: 1 })),
  export: Type.Optional(Type.Object({
    csv: Type.Optional(Type.Boolean()),
    ara: Type.Optional(Type.Boolean()),
    fileName: Type.Optional(Type.String({ minLength: 1, pattern: '^[^/\\\\]+$' }))
  }, { additionalProperties: false })),
  print: Type.Optional(Type.Boolean()),
  // Cursor paging: the answer's nextPath holds the cursor of the next (older) page, sent back as the param parameter.
  paging: Type.Optional(Type.Object({ param: Type.String({ minLength: 1 }), nextPath: Type.String({ minLength: 1 }) }, { additionalProperties: false })),
  // The answer's count of every row the query finds: fewer rows shown says "Showing 500 of 1,008".
  totalPath: Type.Optional(Type.String({ minLength: 1 })),
  // The answer's sums over every row the query finds, shown in the footer instead of the sums of the rows shown.
  sumsPath: Type.Optional(Type.String({ minLength: 1 })),
  scrollWidth: Type.Optional(Type.Integer({ minimum: 100 })),
  height: Type.Optional(Type.Integer({ minimum: 100 })),
  // A server-sent-events stream: each event reads the table's data again (a burst of events once, after debounceMs), no reload.
  live: Type.Optional(TableLive)
}, { additionalProperties: false })
export type TableWidget = Static<typeof TableWidget>

/** Report filters: their values feed other widgets' { from: 'filter' } parameters when applied. */
export const FiltersWidget = Type.Object({
  type: Type.Literal('filters'),
  id: Type.String({ minLength: 1 }),
  fields: Type.Array(FormField, { minItems: 1 }),
  dateRanges: Type.Optional(Type.Array(DateRange)),
  applyKey: Type.Optional(I18nKey)
}, { additionalProperties: false })
export type FiltersWidget = Static<typeof FiltersWidget>

// ---------- countdown, content, announcements, job ----------

/** Notify points in seconds before zero: one positive number or a list. */
export const NotifyConfig = Type.Union([Type.Number(), Type.Array(Type.Number())])
export type NotifyConfig = Static<typeof NotifyConfig>

/** A countdown to a server close date (server mode) or a repeating simple countdown. */
export const CountdownWidget = Type.Object({
  type: Type.Literal('countdown'),
  id: Type.String({ minLength: 1 }),
  mode: Type.Union([Type.Literal('server'), Type.Literal('simple')]),
  // server mode: settings field with the close date, e.g. dClose.CloseDate, read from data.
  data: Type.Optional(DataBinding),
  targetPath: Type.Optional(Type.String({ minLength: 1 })),
  serverTimePath: Type.Optional(Type.String({ minLength: 1 })),
  // simple mode: seconds per round (default 60).
  seconds: Type.Optional(Type.Integer({ minimum: 1 })),
  format: Type.Optional(Type.String({ minLength: 1 })),
  notify: Type.Optional(NotifyConfig),
  demandStart: Type.Optional(Type.Boolean()),
  closedKey: Type.Optional(I18nKey),
  labelKey: Type.Optional(I18nKey),
  // Show start/pause/resume/stop/restart buttons.
  controls: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
export type CountdownWidget = Static<typeof CountdownWidget>

/** Translated rich text (sanitised before display). */
export const ContentWidget = Type.Object({
  type: Type.Literal('content'),
  id: Type.String({ minLength: 1 }),
  bodyKey: I18nKey,
  // Values interpolated into the text, e.g. an SMS number from a settings call.
  data: Type.Optional(DataBinding),
  // Shown only when this value of its data is non-empty and not false (the optional help-desk line of seed 001 §2; whether a secret is set).
  showWhen: Type.Optional(Type.String({ minLength: 1 }))
}, { additionalProperties: false })
export type ContentWidget = Static<typeof ContentWidget>

/** The announcements list (pop-up or banner), loaded after a short delay. */
export const AnnouncementsWidget = Type.Object({
  type: Type.Literal('announcements'),
  id: Type.String({ minLength: 1 }),
  data: DataBinding,
  delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  // The PopUp 'Y' ones also open together in one modal once they arrive (the home page, seed 001 §2).
  popups: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
export type AnnouncementsWidget = Static<typeof AnnouncementsWidget>

/** A long-running server job: one start call, then a status call polled until a done or failed value. */
export const JobWidget = Type.Object({
  type: Type.Literal('job'),
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  // :Name segments of the start endpoint take the parameter of that name (the button waits until it has a value).
  // requires: parameters that must have a value (a chosen draw) before the button may start the job, as :Name segments must.
  start: Type.Object({
    endpoint: Endpoint,
    method: HttpMethod,
    params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
    requires: Type.Optional(Type.Array(Type.String({ minLength: 1 })))
  }, { additionalProperties: false }),
  // The status endpoint may name the job id as {jobId}; the id is read from the start answer's idPath.
  status: Type.Object({
    endpoint: Endpoint,
    idPath: Type.Optional(Type.String({ minLength: 1 })),
    statusPath: Type.Optional(Type.String({ minLength: 1 })),
    progressPath: Type.Optional(Type.String({ minLength: 1 })),
    doneValues: Type.Array(Type.String(), { minItems: 1 }),
    failedValues: Type.Array(Type.String())
  }, { additionalProperties: false }),
  pollMs: Type.Optional(Type.Integer({ minimum: 100 })),
  // The message when done, with values read from the last status answer (name → dot path), e.g. lines placed and failed.
  result: Type.Optional(Type.Object({
    key: I18nKey,
    values: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
    // A list in the answer (e.g. the lines that failed), each item shown with itemKey and its own fields as values.
    listPath: Type.Optional(Type.String({ minLength: 1 })),
    itemKey: Type.Optional(I18nKey)
  }, { additionalProperties: false }))
}, { additionalProperties: false })
export type JobWidget = Static<typeof JobWidget>

// ---------- editable grid and tree ----------

/** The kinds a grid cell may have: read-only text, or edited in place as text, number, select or checkbox. */
export const GridCellKind = Type.Union([Type.Literal('readonly'), Type.Literal('text'), Type.Literal('number'), Type.Literal('select'), Type.Literal('checkbox')])
export type GridCellKind = Static<typeof GridCellKind>

/** One grid column: the row field it shows and, unless readonly, edits with per-cell checks (bounds and step, required, patterns, options). */
export const GridColumn = Type.Object({
  field: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  kind: GridCellKind,
  width: Type.Integer({ minimum: 20, maximum: 1000 }),
  required: Type.Optional(Type.Boolean()),
  // number: the smallest and largest value allowed, and the step a value must be a multiple of (from min, else 0).
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  step: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  patterns: FormField.properties.patterns,
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  options: FormField.properties.options
}, { additionalProperties: false })
export type GridColumn = Static<typeof GridColumn>

/** Saves the grid's changes: each changed row on its own (one call per row, :Field segments and rowParams from the row) or all changed rows in one call under rowsName. */
export const GridSaveAction = Type.Object({
  kind: Type.Literal('save'),
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  endpoint: Endpoint,
  method: HttpMethod,
  mode: Type.Union([Type.Literal('row'), Type.Literal('all')]),
  // all: the body property holding the changed rows (default rows).
  rowsName: Type.Optional(Type.String({ minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' })),
  // Extra body values taken from the row (body name → row field), e.g. the row's id; a row's editable fields are always sent.
  rowParams: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
  // Body values from filters, the route query, the session or constants (the LocId, a chosen user).
  params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
  successKey: Type.Optional(I18nKey)
}, { additionalProperties: false })
export type GridSaveAction = Static<typeof GridSaveAction>

/** "Reset to default" on one row: a call with row parameters that the game API answers by restoring the row (then the grid reloads), or the row's values copied from a defaults binding (matched by rowKey) as unsaved changes. */
export const GridResetAction = Type.Union([
  Type.Object({
    kind: Type.Literal('reset'),
    id: Type.String({ minLength: 1 }),
    labelKey: I18nKey,
    endpoint: Endpoint,
    method: HttpMethod,
    rowParams: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
    // Further values from filters, the route query, the session or constants (the chosen user whose row is reset).
    params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
    confirmKey: Type.Optional(I18nKey)
  }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('reset'), id: Type.String({ minLength: 1 }), labelKey: I18nKey, defaults: DataBinding }, { additionalProperties: false })
])
export type GridResetAction = Static<typeof GridResetAction>

/** A grid's actions; without a save action (its rule failed) the grid is read-only. */
export const GridAction = Type.Union([GridSaveAction, ...GridResetAction.anyOf])
export type GridAction = Static<typeof GridAction>

/** A table edited in place (pay rates, limits, out settings): changed cells are highlighted and checked, saved per row or all at once, discarded, or a row reset to its default. */
export const GridWidget = Type.Object({
  type: Type.Literal('grid'),
  id: Type.String({ minLength: 1 }),
  data: DataBinding,
  titleKey: Type.Optional(I18nKey),
  // The field that names a row (its changes, its defaults and its save are matched by it).
  rowKey: Type.String({ minLength: 1 }),
  columns: Type.Array(GridColumn, { minItems: 1 }),
  actions: Type.Optional(Type.Array(GridAction))
}, { additionalProperties: false })
export type GridWidget = Static<typeof GridWidget>

/** A hierarchy opened node by node: roots from data, a node's children from the children binding with the node's id as nodeParam; choosing a node sets page filters (filter name → node field) for the other widgets. */
export const TreeWidget = Type.Object({
  type: Type.Literal('tree'),
  id: Type.String({ minLength: 1 }),
  titleKey: Type.Optional(I18nKey),
  // The roots (e.g. mLoadDirectDownLine for the signed-in user).
  data: DataBinding,
  // One node's children: this binding with the node's id sent as nodeParam (mLoadDirectDownLine?UserId=).
  children: Type.Object({ ...DataBinding.properties, nodeParam: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  idField: Type.String({ minLength: 1 }),
  labelField: Type.String({ minLength: 1 }),
  // Shown after the label in brackets (the user's name).
  detailField: Type.Optional(Type.String({ minLength: 1 })),
  // A node opens only when this field is true or a number above 0 (a child count); without it every node may open.
  openableField: Type.Optional(Type.String({ minLength: 1 })),
  // Master–detail: choosing a node (click, Enter) sets these page filters from its fields.
  choose: Type.Optional(Type.Object({ set: Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })) }, { additionalProperties: false }))
}, { additionalProperties: false })
export type TreeWidget = Static<typeof TreeWidget>

// ---------- containers ----------

/** Widgets that hold no other widgets (what tabs and access gates contain; one level keeps the format flat). */
export const LeafWidget = Type.Union([TableWidget, FormWidget, FiltersWidget, CountdownWidget, ContentWidget, AnnouncementsWidget, JobWidget, GridWidget, TreeWidget])
export type LeafWidget = Static<typeof LeafWidget>

/** Shows its widgets only once a check call answers success true; 'Unauthorized Access' otherwise. */
export const AccessGateWidget = Type.Object({
  type: Type.Literal('accessGate'),
  id: Type.String({ minLength: 1 }),
  // A {UserId} segment in the check endpoint (checkMemberAccess/{UserId}) takes the id; otherwise it is sent as the UserId parameter.
  check: DataBinding,
  // The user id the check is about; the check reruns when it changes to a non-empty value.
  userIdFrom: Type.Optional(ParamSource),
  widgets: Type.Array(LeafWidget)
}, { additionalProperties: false })
export type AccessGateWidget = Static<typeof AccessGateWidget>

export const TabsWidget = Type.Object({
  type: Type.Literal('tabs'),
  id: Type.String({ minLength: 1 }),
  tabs: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }), labelKey: I18nKey, widgets: Type.Array(LeafWidget) }, { additionalProperties: false }), { minItems: 1 })
}, { additionalProperties: false })
export type TabsWidget = Static<typeof TabsWidget>

/** Any widget a page may hold. */
export const Widget = Type.Union([TableWidget, FormWidget, FiltersWidget, CountdownWidget, ContentWidget, AnnouncementsWidget, JobWidget, AccessGateWidget, TabsWidget, GridWidget, TreeWidget])
export type Widget = Static<typeof Widget>

/** Every widget type name. */
export type WidgetType = Widget['type']

// ---------- page ----------

/** A header action: a link, the print view, a call button, or a form in a dialog. */
export const HeaderAction = Type.Union([
  Type.Object({ kind: Type.Literal('link'), id: Type.String({ minLength: 1 }), labelKey: I18nKey, to: Type.String({ pattern: '^/' }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('print'), id: Type.String({ minLength: 1 }), labelKey: I18nKey }, { additionalProperties: false }),
  // A do-it button (Clear cache, Recalculate credit), and a create form in a dialog (when and prefill do not apply on a page).
  CallAction,
  FormAction
])
export type HeaderAction = Static<typeof HeaderAction>

export const Crumb = Type.Object({ labelKey: I18nKey, path: Type.Optional(Type.String({ pattern: '^/' })) }, { additionalProperties: false })
export type Crumb = Static<typeof Crumb>

/** A title chosen by a route query value (/outset/betsIn?Choice=2 is Bets Out): value → label key; other values keep the page's title. */
export const TitleByQuery = Type.Object({
  param: Type.String({ minLength: 1 }),
  titles: Type.Record(Type.String({ minLength: 1 }), I18nKey)
}, { additionalProperties: false })
export type TitleByQuery = Static<typeof TitleByQuery>

/** The title key a page shows for a route query: the titleByQuery match, else its own. */
export function titleKeyOf (page: { titleKey: string, titleByQuery?: TitleByQuery | undefined }, query: Readonly<Record<string, string | undefined>>): string {
  const value = page.titleByQuery === undefined ? undefined : query[page.titleByQuery.param]
  return (value === undefined ? undefined : page.titleByQuery?.titles[value]) ?? page.titleKey
}

/** One page as the client renders it: title, breadcrumb, Back button, header actions and widgets. */
export const PageDescriptor = Type.Object({
  path: Type.String({ pattern: '^/' }),
  // tt when the page was resolved for a TT (TOTO) location.
  variant: Type.Optional(Type.Union([Type.Literal('4d'), Type.Literal('tt')])),
  titleKey: I18nKey,
  titleByQuery: Type.Optional(TitleByQuery),
  breadcrumb: Type.Optional(Type.Array(Crumb)),
  back: Type.Optional(Type.Boolean()),
  // The route query value that names a drill-down (UserId on a report): when the URL has it, the breadcrumb adds it as one more crumb.
  drillParam: Type.Optional(Type.String({ minLength: 1 })),
  actions: Type.Optional(Type.Array(HeaderAction)),
  widgets: Type.Array(Widget),
  // The values of the template's :Name segments (/admin/agents/:UserId asked as /admin/agents/ag1 → { UserId: 'ag1' }).
  route: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String()))
}, { additionalProperties: false })
export type PageDescriptor = Static<typeof PageDescriptor>
