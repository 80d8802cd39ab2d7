import type { MenuConfig, MenuGroupView, MenuItemConfig, MenuItemView } from '../../../schemas/menu.ts'
import type { SettingPath } from '../../../schemas/rule.ts'
import { compileRule, isTT, settingValue, type CompiledRule, type RuleContext } from './rules.ts'

/** One entry of a user's menu: label is an i18n key; path is resolved to the TT or mobile variant (or is the external URL). */
export type MenuItem = MenuItemView
/** One group of a user's menu, only with visible items. */
export type MenuGroup = MenuGroupView

type Variant = 'base' | 'tt' | 'mobile'

interface CompiledItem {
  visible: CompiledRule
  /** The item per variant, built once; page items only. */
  views?: Readonly<Record<Variant, MenuItem>>
  external?: { setting: SettingPath, key: string, label: string }
  action?: MenuItem
}

interface CompiledGroup { key: string, label: string, visible: CompiledRule, items: CompiledItem[] }

/** The menu precomputed at load time: rules compiled to closures, item objects built once, and which items can yield a path. */
export interface CompiledMenu {
  groups: CompiledGroup[]
  byPath: ReadonlyMap<string, ReadonlyArray<{ group: CompiledGroup, item: CompiledItem, variants: Variant[] }>>
}

/** What the menu functions read of a loaded config (a LoadedConfig fits): the loader imports this module, not the other way round. */
export interface MenuSource { compiled: { menu: CompiledMenu } }

const variantOf = (ctx: RuleContext): Variant => isTT(ctx) ? 'tt' : ctx.mobile ? 'mobile' : 'base'

function view (item: MenuItemConfig, path: string): MenuItem {
  const query: Record<string, string> = {}
  if (item.query?.VW !== undefined) query.VW = item.query.VW
  if (item.query?.Choice !== undefined) query.Choice = item.query.Choice
  if (item.query?.ViewDay !== undefined) query.ViewDay = item.query.ViewDay
  return Object.freeze({ key: item.key, label: item.label, path, query: Object.freeze(query), ...(item.opensGroup === undefined ? {} : { opensGroup: item.opensGroup }) })
}

/** Precomputes the menu of a validated config (called by the loader). */
export function compileMenu (menu: MenuConfig): CompiledMenu {
  const byPath = new Map<string, Array<{ group: CompiledGroup, item: CompiledItem, variants: Variant[] }>>()
  const groups = menu.groups.map((group) => {
    const compiled: CompiledGroup = { key: group.key, label: group.label, visible: compileRule(group.rule), items: [] }
    for (const item of group.items) {
      const entry: CompiledItem = { visible: compileRule(item.rule) }
      if (item.path !== undefined) {
        // TT wins over mobile (spec: Place Bets).
        entry.views = Object.freeze({ base: view(item, item.path), tt: view(item, item.ttPath ?? item.path), mobile: view(item, item.mobilePath ?? item.path) })
        const paths = new Map<string, Variant[]>()
        for (const variant of ['base', 'tt', 'mobile'] as const) {
          const path = entry.views[variant].path
          paths.set(path, [...(paths.get(path) ?? []), variant])
        }
        for (const [path, variants] of paths) {
          const list = byPath.get(path) ?? []
          list.push({ group: compiled, item: entry, variants })
          byPath.set(path, list)
        }
      } else if (item.external !== undefined) {
        entry.external = { setting: item.external, key: item.key, label: item.label }
      } else if (item.action !== undefined) {
        entry.action = Object.freeze({ key: item.key, label: item.label, path: `/${item.action}`, query: Object.freeze({}), action: item.action })
      }
      compiled.items.push(entry)
    }
    return compiled
  })
  return { groups, byPath }
}

/** The menu of one user at one location: groups in order, empty groups dropped. Items are shared frozen objects: copy before changing. */
export function buildMenu (config: MenuSource, ctx: RuleContext): MenuGroup[] {
  const variant = variantOf(ctx)
  const out: MenuGroup[] = []
  for (const group of config.compiled.menu.groups) {
    if (!group.visible(ctx)) continue
    const items: MenuItem[] = []
    for (const item of group.items) {
      if (!item.visible(ctx)) continue
      if (item.views) items.push(item.views[variant])
      else if (item.external) {
        // An external link needs its URL, whatever its rule says.
        const url = settingValue(ctx, item.external.setting)
        if (url !== '') items.push({ key: item.external.key, label: item.external.label, path: url, query: {}, external: true })
      } else if (item.action) items.push(item.action)
    }
    if (items.length > 0) out.push({ key: group.key, label: group.label, items })
  }
  return out
}

/** Whether the menu links to this page path (external links and actions are not pages). */
export function menuHoldsPath (menu: MenuGroup[], path: string): boolean {
  for (const group of menu) {
    for (const item of group.items) if (item.path === path && item.external !== true && item.action === undefined) return true
  }
  return false
}

/** menuHoldsPath(buildMenu(config, ctx), path) without building the menu: the page gate. */
export function menuAllows (config: MenuSource, ctx: RuleContext, path: string): boolean {
  const candidates = config.compiled.menu.byPath.get(path)
  if (!candidates) return false
  const variant = variantOf(ctx)
  for (const { group, item, variants } of candidates) {
    if (variants.includes(variant) && group.visible(ctx) && item.visible(ctx)) return true
  }
  return false
}

/** The path of this user's variant of a menu item that serves path as another variant (the desktop Place Bets on a phone), when that item is in their menu and differs. */
export function menuVariantPath (config: MenuSource, ctx: RuleContext, path: string): string | undefined {
  const variant = variantOf(ctx)
  for (const { group, item } of config.compiled.menu.byPath.get(path) ?? []) {
    const to = item.views?.[variant].path
    if (to !== undefined && to !== path && group.visible(ctx) && item.visible(ctx)) return to
  }
  return undefined
}
