import { Type } from 'typebox'
import { SchemaRef } from './common.ts'

/** menus/fragments/<name>.json: named parts (a widget, a column, a field, a rule, a list…) that pages and column sets use through { "$ref": "fragments/<name>.json#/<part>" }; each part is checked where it is used. */
export const FragmentFile = Type.Object({
  $schema: SchemaRef
}, {
  additionalProperties: true,
  description: 'part name → the object or list that pages and column sets use by "$ref"; validated where it is used, after resolution'
})

/** The root of fragment.schema.json. */
export const configFileSchema = FragmentFile
