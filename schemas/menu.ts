import { Type, type Static } from 'typebox'
import { I18nKey, Key, RoutePath, SchemaRef } from './common.ts'
import { Rule, SETTING_PATHS } from './rule.ts'

/** Query values a menu link carries besides LocId and the timestamp (which the client adds). */
export const MenuQuery = Type.Object({
  VW: Type.Optional(Type.String({ pattern: '^[A-Z0-9]+$', description: 'the view code, e.g. RPTFULL' })),
  Choice: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  ViewDay: Type.Optional(Type.String({ pattern: '^[0-9]+$' }))
}, { additionalProperties: false })
export type MenuQuery = Static<typeof MenuQuery>

/** One menu entry as the operator writes it: a page link (path, with TT and mobile variants), an external settings link, or an action. */
export const MenuItemConfig = Type.Object({
  key: Key,
  label: I18nKey,
  path: Type.Optional(RoutePath),
  ttPath: Type.Optional(RoutePath),
  mobilePath: Type.Optional(RoutePath),
  external: Type.Optional(Type.Enum([...SETTING_PATHS], { description: 'the server setting holding the URL this item links to' })),
  action: Type.Optional(Type.Enum(['logout'])),
  query: Type.Optional(MenuQuery),
  opensGroup: Type.Optional(Type.String({ minLength: 1, description: 'the key of the group the menu opens on this page, when not its own (spec: /admin/home opens Bet)' })),
  rule: Type.Optional(Rule)
}, { additionalProperties: false, description: 'exactly one of path, external or action; ttPath wins over mobilePath' })
export type MenuItemConfig = Static<typeof MenuItemConfig>

/** A menu group: shown when its rule holds and at least one item is visible. */
export const MenuGroupConfig = Type.Object({
  key: Key,
  label: I18nKey,
  rule: Type.Optional(Rule),
  items: Type.Array(MenuItemConfig, { minItems: 1 })
}, { additionalProperties: false })
export type MenuGroupConfig = Static<typeof MenuGroupConfig>

/** menus/menu.json: the groups in display order. */
export const MenuConfig = Type.Object({
  $schema: SchemaRef,
  groups: Type.Array(MenuGroupConfig, { minItems: 1 })
}, { additionalProperties: false })
export type MenuConfig = Static<typeof MenuConfig>

/** A menu entry as one user sees it: path already resolved to its TT or mobile variant (or the external URL). */
export const MenuItemView = Type.Object({
  key: Type.String(),
  label: Type.String({ description: 'i18n key' }),
  path: Type.String(),
  query: Type.Record(Type.String(), Type.String()),
  external: Type.Optional(Type.Boolean()),
  action: Type.Optional(Type.Literal('logout')),
  opensGroup: Type.Optional(Type.String())
})
export type MenuItemView = Static<typeof MenuItemView>

/** A group of one user's menu (only visible items; empty groups are dropped). */
export const MenuGroupView = Type.Object({
  key: Type.String(),
  label: Type.String({ description: 'i18n key' }),
  items: Type.Array(MenuItemView)
})
export type MenuGroupView = Static<typeof MenuGroupView>

/** One user's menu for one location, in display order. */
export const MenuView = Type.Array(MenuGroupView)
export type MenuView = Static<typeof MenuView>

/** The root of menu.schema.json. */
export const configFileSchema = MenuConfig
