// The data table and report filters: columns, row actions, live sources, sums, exports.
import { Type, type Static } from 'typebox'
import { DataBinding, Endpoint, HttpMethod, I18nKey, RowCondition } from './binding.ts'
import { DateRange, FormAction, FormField } from './form.ts'
import { RowDownloadAction } from './download.ts'

// html: rich text written upstream (an announcement); a cell shows its text, never its markup.
export const ColumnType = Type.Enum(['text', 'number', 'money', 'percent', 'date', 'status', 'html'])
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
  statusLabels: Type.Optional(Type.Record(Type.String(), I18nKey)),
  // A vocabulary shared by every column of that kind of value (common.betForm): the cell shows its entry for the value, each item's
  // for a list; characters a translation name cannot hold read as _ (api.call → api_call); a value it lacks shows as it is.
  valueLabels: Type.Optional(I18nKey),
  // What an empty cell (no value) means, in words: a draw without an opening time opens on creation.
  emptyKey: Type.Optional(I18nKey)
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
    confirmKey: Type.Optional(I18nKey),
    // What the write did, said after it succeeds (every write says so: tests/server/config/write-messages.test.ts), with values from the answer.
    successKey: Type.Optional(I18nKey),
    successValues: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })))
  }, { additionalProperties: false }),
  // Chooses the row for other widgets: sets page filter values from row fields (filter name → row field), e.g. the file a job processes.
  Type.Object({ kind: Type.Literal('choose'), id: Type.String({ minLength: 1 }), labelKey: I18nKey, when: Type.Optional(RowCondition), set: Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })) }, { additionalProperties: false }),
  // Opens a form in a dialog, prefilled from the row.
  FormAction,
  // Saves the call's answer as a file (a page's .ara).
  RowDownloadAction
])
export type RowAction = Static<typeof RowAction>

/**
 * An action on the rows the user ticks (the table shows a checkbox per row only when it has such actions): one call, after an
 * optional confirmation, with the ticked rows' field values as one array parameter (FileIds: [2, 5]), then the table reloads.
 */
export const SelectionAction = Type.Object({
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  endpoint: Endpoint,
  method: HttpMethod,
  // The body parameter that carries the values, and the row field each ticked row gives.
  param: Type.String({ minLength: 1 }),
  field: Type.String({ minLength: 1 }),
  // How many rows it needs and takes (the button is disabled outside that range).
  min: Type.Optional(Type.Integer({ minimum: 1, description: 'default 1' })),
  max: Type.Optional(Type.Integer({ minimum: 1 })),
  confirmKey: Type.Optional(I18nKey),
  successKey: Type.Optional(I18nKey),
  successValues: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
  // Only rows whose field holds this value may be ticked for it (processed files).
  when: Type.Optional(RowCondition)
}, { additionalProperties: false })
export type SelectionAction = Static<typeof SelectionAction>

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
  selectionActions: Type.Optional(Type.Array(SelectionAction)),
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
