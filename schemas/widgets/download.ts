// File downloads: a call whose answer is a file (an .ara text), saved by the browser; for a page's header and a table's rows.
import { Type, type Static } from 'typebox'
import { Endpoint, HttpMethod, I18nKey, ParamSource, RowCondition } from './binding.ts'

// Saved under fileName, nothing reloaded. The header's form (params) and the row's (rowParams, when) share these fields; the
// client has one implementation for both.
const downloadFields = {
  kind: Type.Literal('download'),
  id: Type.String({ minLength: 1 }),
  labelKey: I18nKey,
  endpoint: Endpoint,
  method: HttpMethod,
  fileName: Type.Optional(Type.String({ minLength: 1, pattern: '^[^/\\\\]+$', description: 'the saved file\'s name (default exported.ara)' }))
}

/** A header button that downloads a call's answer; disabled until every parameter named in requires has a value (a draw chosen). */
export const DownloadAction = Type.Object({
  ...downloadFields,
  params: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ParamSource)),
  requires: Type.Optional(Type.Array(Type.String({ minLength: 1 })))
}, { additionalProperties: false })
export type DownloadAction = Static<typeof DownloadAction>

/** A row action that downloads a call's answer, its parameters taken from the row (parameter name → row field). */
export const RowDownloadAction = Type.Object({
  ...downloadFields,
  when: Type.Optional(RowCondition),
  rowParams: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })))
}, { additionalProperties: false })
export type RowDownloadAction = Static<typeof RowDownloadAction>
