// The config console's form editors: parts of a config draft edited as forms rather than JSON text (issue #41).
import { Type, type Static } from 'typebox'
import { I18nKey } from './binding.ts'
import { DraftFrom, named } from './config-file.ts'

/** What every form editor of a config draft has: its id, its title, and where the draft's number comes from. */
const draftEditorFields = {
  id: Type.String({ minLength: 1 }),
  titleKey: Type.Optional(I18nKey),
  draftFrom: DraftFrom
}

/**
 * A column set of a config draft as a form: its columns in order (moved, added from the draft's fragments, removed), each one's
 * label in English and Chinese (the draft's catalogues, saved with it), width and who sees it. Saved with the revision read.
 */
export const ColumnSetEditorWidget = Type.Object({
  type: Type.Literal('columnSetEditor'),
  ...draftEditorFields,
  // A route query value or filter naming the set opened first (columns/report-full.json); the draft's first set otherwise.
  pathFrom: Type.Optional(Type.Union([named('query'), named('filter')]))
}, { additionalProperties: false })
export type ColumnSetEditorWidget = Static<typeof ColumnSetEditorWidget>

/** The English and Chinese catalogues of a config draft as one table (key, English, Chinese): missing translations flagged and filterable, saved together. */
export const TextsEditorWidget = Type.Object({
  type: Type.Literal('textsEditor'),
  ...draftEditorFields
}, { additionalProperties: false })
export type TextsEditorWidget = Static<typeof TextsEditorWidget>

/** The menu of a config draft (menu.json) as a tree of groups and items: reordered, each entry's label key and who sees it. */
export const MenuEditorWidget = Type.Object({
  type: Type.Literal('menuEditor'),
  ...draftEditorFields
}, { additionalProperties: false })
export type MenuEditorWidget = Static<typeof MenuEditorWidget>
