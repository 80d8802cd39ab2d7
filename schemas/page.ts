import { Type, type Static } from 'typebox'
import { I18nKey, Key, RoutePath, SchemaRef } from './common.ts'
import { ColumnView } from './columns.ts'
import { Rule } from './rule.ts'

/** One widget of a page: a renderer type, its props (props named *Key are i18n keys), an optional column set and rule. */
export const WidgetConfig = Type.Object({
  type: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the renderer type, e.g. table, text, announcements' }),
  props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  columns: Type.Optional(Key),
  rule: Type.Optional(Rule)
}, { additionalProperties: false })
export type WidgetConfig = Static<typeof WidgetConfig>

/** A page action (button) shown only when its rule holds. */
export const ActionConfig = Type.Object({
  key: Key,
  label: I18nKey,
  rule: Type.Optional(Rule)
}, { additionalProperties: false })
export type ActionConfig = Static<typeof ActionConfig>

/** menus/pages/<name>.json: the template of one route (and of its TT variant). Shell pages are served to every signed-in user whose rule holds; other pages only when the user's menu holds their path. */
export const PageConfig = Type.Object({
  $schema: SchemaRef,
  path: RoutePath,
  ttPath: Type.Optional(RoutePath),
  title: I18nKey,
  shell: Type.Optional(Type.Boolean()),
  rule: Type.Optional(Rule),
  widgets: Type.Array(WidgetConfig),
  actions: Type.Optional(Type.Array(ActionConfig))
}, { additionalProperties: false })
export type PageConfig = Static<typeof PageConfig>

/** A widget as one user gets it: rule applied, columns resolved and filtered. */
export const WidgetView = Type.Object({
  type: Type.String(),
  props: Type.Record(Type.String(), Type.Unknown()),
  columns: Type.Optional(Type.Array(ColumnView))
})
export type WidgetView = Static<typeof WidgetView>

/** GET /ui/pages: one page template resolved for one user and location (rules applied, TT variant chosen). */
export const ResolvedPage = Type.Object({
  path: Type.String(),
  variant: Type.Enum(['4d', 'tt'], { description: 'tt when the current location is a TT location' }),
  titleKey: Type.String({ description: 'i18n key' }),
  widgets: Type.Array(WidgetView),
  actions: Type.Array(Type.Object({ key: Type.String(), label: Type.String({ description: 'i18n key' }) }))
})
export type ResolvedPage = Static<typeof ResolvedPage>

/** The root of page.schema.json. */
export const configFileSchema = PageConfig
