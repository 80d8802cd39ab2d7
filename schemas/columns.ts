import { Type, type Static } from 'typebox'
import { Key, SchemaRef } from './common.ts'
import { Rule } from './rule.ts'
import { TableColumn } from './widgets.ts'

/** One table column as the operator writes it: the table widget's column (field, labelKey, type, width, sum…) plus a rule that hides it (TT-only, share-dependent, …). */
export const ColumnConfig = Type.Object({
  ...TableColumn.properties,
  rule: Type.Optional(Rule)
}, { additionalProperties: false })
export type ColumnConfig = Static<typeof ColumnConfig>

/** menus/columns/<key>.json: a named column set that table widgets refer to by key. */
export const ColumnSetConfig = Type.Object({
  $schema: SchemaRef,
  key: Key,
  columns: Type.Array(ColumnConfig, { minItems: 1 })
}, { additionalProperties: false })
export type ColumnSetConfig = Static<typeof ColumnSetConfig>

/** A column as one user gets it (rule applied): exactly the table widget's column. */
export const ColumnView = TableColumn
export type ColumnView = Static<typeof ColumnView>

/** Its files may use shared fragments ({ "$ref": "fragments/<name>.json#/pointer" }): the generated schema accepts them where an object or a list may be. */
export const acceptsFragments = true

/** The root of columns.schema.json. */
export const configFileSchema = ColumnSetConfig
