// The keyed diff: what differs between two versions of keyed JSON files, and whom it affects.
import { Type, type Static } from 'typebox'
import { DataBinding, I18nKey } from './binding.ts'

/**
 * The changes between two versions of JSON files by file and by the key of each menu item, widget, column or text (never by
 * text line), each with its value before → after; with impact, a table of whom they change, per role and location.
 * data reads a list of changes ({ file, path, kind, before, after }: schemas/config-versions.ts ConfigChange), e.g.
 * GET /ui/config/drafts/:id/diff at dataPath changes; impact reads an impact answer (schemas/config-impact.ts ConfigImpact),
 * e.g. GET /ui/config/drafts/:id/impact. Their :name segments take the page's route values.
 */
export const KeyedDiffWidget = Type.Object({
  type: Type.Literal('keyedDiff'),
  id: Type.String({ minLength: 1 }),
  titleKey: Type.Optional(I18nKey),
  data: DataBinding,
  impact: Type.Optional(DataBinding),
  impactTitleKey: Type.Optional(I18nKey)
}, { additionalProperties: false })
export type KeyedDiffWidget = Static<typeof KeyedDiffWidget>
