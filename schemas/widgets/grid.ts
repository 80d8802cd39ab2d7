// The editable grid (pay rates, limits, out settings) and the downline tree.
import { Type, type Static } from 'typebox'
import { DataBinding, Endpoint, HttpMethod, I18nKey, ParamSource } from './binding.ts'
import { FormField } from './form.ts'

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
    confirmKey: Type.Optional(I18nKey),
    successKey: Type.Optional(I18nKey)
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
