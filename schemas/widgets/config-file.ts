// The config console's file editor: one file of a config draft, checked against its schema while typed, saved with the revision read.
import { Type, type Static } from 'typebox'
import { I18nKey } from './binding.ts'

/** A value a config console widget reads from the page: a route value, a route query value or a filter. */
export const named = (from: 'route' | 'query' | 'filter') => Type.Object({ from: Type.Literal(from), name: Type.String({ minLength: 1 }) }, { additionalProperties: false })
/** Where a config console widget finds its draft's number. */
export const DraftFrom = Type.Union([named('route'), named('filter')])

/**
 * Edits the files of one config draft (GET and PUT /ui/config/drafts/:id…, fixed in the client: the descriptor names no endpoint).
 * The draft id comes from the page's route (/utilities/configuration/draft/:id) or a filter; pathFrom names the file opened first.
 */
export const ConfigFileWidget = Type.Object({
  type: Type.Literal('configFile'),
  id: Type.String({ minLength: 1 }),
  titleKey: Type.Optional(I18nKey),
  draftFrom: DraftFrom,
  // A route value, route query or filter holding a file path (pages/report-full.json); the draft's first file otherwise.
  pathFrom: Type.Optional(Type.Union([named('route'), named('query'), named('filter')]))
}, { additionalProperties: false })
export type ConfigFileWidget = Static<typeof ConfigFileWidget>
