import { Type, type Static } from 'typebox'
import { I18nKey, Key, SchemaRef } from './common.ts'
import { Rule } from './rule.ts'

export const COLUMN_TYPES = ['text', 'number', 'money', 'percent', 'date', 'status'] as const

/** One table column as the operator writes it; its rule hides it (TT-only, share-dependent, …). */
export const ColumnConfig = Type.Object({
  key: Type.String({ minLength: 1, description: 'the field of the row this column shows' }),
  header: I18nKey,
  type: Type.Enum([...COLUMN_TYPES]),
  width: Type.Optional(Type.Integer({ minimum: 20, maximum: 1000, description: 'pixels' })),
  align: Type.Optional(Type.Enum(['left', 'center', 'right'])),
  footer: Type.Optional(Type.Enum(['sum'], { description: 'sum: the footer shows the column total' })),
  rule: Type.Optional(Rule)
}, { additionalProperties: false })
export type ColumnConfig = Static<typeof ColumnConfig>

/** menus/columns/<key>.json: a named column set that page widgets refer to. */
export const ColumnSetConfig = Type.Object({
  $schema: SchemaRef,
  key: Key,
  columns: Type.Array(ColumnConfig, { minItems: 1 })
}, { additionalProperties: false })
export type ColumnSetConfig = Static<typeof ColumnSetConfig>

/** A column as one user sees it (rule already applied). */
export const ColumnView = Type.Object({
  key: Type.String(),
  header: Type.String({ description: 'i18n key' }),
  type: Type.Enum([...COLUMN_TYPES]),
  width: Type.Optional(Type.Integer()),
  align: Type.Optional(Type.Enum(['left', 'center', 'right'])),
  footer: Type.Optional(Type.Enum(['sum']))
})
export type ColumnView = Static<typeof ColumnView>

/** The root of columns.schema.json. */
export const configFileSchema = ColumnSetConfig
