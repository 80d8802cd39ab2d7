import type { ImpactColumnChange, ImpactGroup, ImpactMenuChange, ImpactPageChange, UserImpact } from '../../../schemas/config-impact.ts'
import type { MenuGroupView } from '../../../schemas/menu.ts'
import type { TableColumn } from '../../../schemas/widgets.ts'
import { pageView, userView, type PageView } from './draft-view.ts'
import { keptInOrder } from './keyed-diff.ts'
import type { LoadedConfig } from './load.ts'
import { resolvePage } from './pages.ts'
import { isTT, type RuleContext } from './rules.ts'

/** What a draft would change for one rule context: menu items and pages (with their columns). */
export interface ViewImpact { menu: ImpactMenuChange[], pages: ImpactPageChange[] }

/** Every page path either config serves (ttPath too); a route template's :Name segments read as Name, a plain segment that fits it. */
export function impactPaths (configs: readonly LoadedConfig[]): string[] {
  const paths = new Set<string>()
  for (const config of configs) {
    for (const { page } of config.pages) {
      for (const path of page.ttPath === undefined ? [page.path] : [page.path, page.ttPath]) paths.add(path.replace(/:([A-Za-z0-9_-]+)/g, '$1'))
    }
  }
  return [...paths].sort()
}

/** The profile fields the configs' rules read as numbers (flag, cmp): with Role, Granted and the admin alias, all a rule reads of a profile. */
export function ruleFields (configs: readonly LoadedConfig[]): string[] {
  const fields = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) { value.forEach(visit); return }
    if (value === null || typeof value !== 'object') return
    const object = value as Record<string, unknown>
    if (typeof object.flag === 'string') fields.add(object.flag)
    const cmp = object.cmp as { field?: unknown } | undefined
    if (cmp !== null && typeof cmp === 'object' && typeof cmp.field === 'string') fields.add(cmp.field)
    for (const child of Object.values(object)) visit(child)
  }
  for (const config of configs) {
    visit(config.menu)
    visit(config.pages.map((p) => p.page))
    visit([...config.columnSets.values()])
  }
  return [...fields].sort()
}

/**
 * The class of a rule context: two contexts of one class get the same menu and pages from any config whose rules read only
 * these fields (the rule leaves read the role, the grants, whether the alias is ADMIN, numeric fields, location flags, device and settings).
 */
export function contextClass (ctx: RuleContext, fields: readonly string[]): string {
  const profile = ctx.profile as unknown as Record<string, unknown>
  return JSON.stringify([ctx.profile.Role, [...ctx.profile.Granted].sort(), ctx.profile.AliasId === 'ADMIN', fields.map((f) => profile[f] ?? null), [...ctx.location.flags].sort(), ctx.mobile, ctx.settings?.mobileAppData ?? null])
}

/** Menu items by group/item key, with what a person sees of each (label, path, group label) and the order they come in. */
function menuItems (menu: MenuGroupView[]): { order: string[], seen: Map<string, string> } {
  const order: string[] = []
  const seen = new Map<string, string>()
  for (const group of menu) {
    for (const item of group.items) {
      const key = `${group.key}/${item.key}`
      order.push(key)
      seen.set(key, JSON.stringify([group.label, item]))
    }
  }
  return { order, seen }
}

/** The menu items gained, lost, changed or moved (out of the order the others kept) between the live and the draft menu. */
export function menuImpact (live: MenuGroupView[], draft: MenuGroupView[]): ImpactMenuChange[] {
  const before = menuItems(live)
  const after = menuItems(draft)
  const kept = keptInOrder(before.order.filter((k) => after.seen.has(k)), after.order.filter((k) => before.seen.has(k)))
  const changes: ImpactMenuChange[] = []
  for (const key of after.order) {
    const was = before.seen.get(key)
    if (was === undefined) changes.push({ key, kind: 'added' })
    else if (was !== after.seen.get(key)) changes.push({ key, kind: 'changed' })
    else if (!kept.has(key)) changes.push({ key, kind: 'moved' })
  }
  for (const key of before.order) if (!after.seen.has(key)) changes.push({ key, kind: 'removed' })
  return changes
}

/** The table widgets of a descriptor (inside tabs and access gates too), by widget id, with their columns. */
function tablesOf (view: PageView): Map<string, TableColumn[]> {
  const tables = new Map<string, TableColumn[]>()
  const visit = (widgets: unknown): void => {
    if (!Array.isArray(widgets)) return
    for (const widget of widgets as Array<Record<string, unknown>>) {
      if (widget.type === 'table' && typeof widget.id === 'string') tables.set(widget.id, widget.columns as TableColumn[])
      visit(widget.widgets)
      if (Array.isArray(widget.tabs)) for (const tab of widget.tabs as Array<{ widgets?: unknown }>) visit(tab.widgets)
    }
  }
  visit((view.descriptor as { widgets?: unknown } | undefined)?.widgets)
  return tables
}

/** The columns gained, lost or changed (label, width, type, sums…) in each table of a page, by table id and column field. */
export function columnImpact (live: PageView, draft: PageView): ImpactColumnChange[] {
  const before = tablesOf(live)
  const after = tablesOf(draft)
  const changes: ImpactColumnChange[] = []
  for (const table of [...new Set([...before.keys(), ...after.keys()])]) {
    const was = new Map((before.get(table) ?? []).map((c) => [c.field, JSON.stringify(c)]))
    const now = new Map((after.get(table) ?? []).map((c) => [c.field, JSON.stringify(c)]))
    for (const [field, column] of now) {
      const old = was.get(field)
      if (old === undefined) changes.push({ table, field, kind: 'added' })
      else if (old !== column) changes.push({ table, field, kind: 'changed' })
    }
    for (const field of was.keys()) if (!now.has(field)) changes.push({ table, field, kind: 'removed' })
  }
  return changes
}

/** What publishing the draft would change for one rule context: its menu, and every page it is served (gained, lost or changed, with the columns). */
export function viewImpact (live: LoadedConfig, draft: LoadedConfig, ctx: RuleContext, paths: readonly string[]): ViewImpact {
  const pages: ImpactPageChange[] = []
  for (const path of paths) {
    const before = pageView(resolvePage(live, ctx, path))
    const after = pageView(resolvePage(draft, ctx, path))
    const served = [before.status === 'ok', after.status === 'ok']
    if (!served[0] && !served[1]) continue
    if (served[0] && served[1] && JSON.stringify(before) === JSON.stringify(after)) continue
    pages.push({ path, kind: !served[0] ? 'added' : !served[1] ? 'removed' : 'changed', columns: columnImpact(before, after) })
  }
  return { menu: menuImpact(userView(live, ctx).menu, userView(draft, ctx).menu), pages }
}

/** One examined user at one location, with what the draft changes for them. */
export type ExaminedUser = Omit<UserImpact, 'tt'> & { ctx: RuleContext }

/** The users of each role at each location: who would see a change and the union of what changes (roles, then locations, in order). */
export function groupImpacts (examined: readonly ExaminedUser[]): ImpactGroup[] {
  const groups = new Map<string, ImpactGroup & { sets: { menu: Set<string>, pages: Set<string>, columns: Set<string> } }>()
  for (const user of examined) {
    const key = `${user.Role}\u0000${user.LocId}`
    let group = groups.get(key)
    if (!group) {
      group = { Role: user.Role, LocId: user.LocId, tt: isTT(user.ctx), users: [], affected: [], menu: [], pages: [], columns: [], sets: { menu: new Set(), pages: new Set(), columns: new Set() } }
      groups.set(key, group)
    }
    group.users.push(user.UserId)
    if (user.menu.length > 0 || user.pages.length > 0) group.affected.push(user.UserId)
    for (const m of user.menu) group.sets.menu.add(`${m.key} ${m.kind}`)
    for (const p of user.pages) {
      group.sets.pages.add(`${p.path} ${p.kind}`)
      for (const c of p.columns) group.sets.columns.add(`${p.path} ${c.table}.${c.field} ${c.kind}`)
    }
  }
  const ROLES = ['ADMIN', 'AG', 'MEM']
  const rank = (role: string) => { const i = ROLES.indexOf(role); return i < 0 ? ROLES.length : i }
  return [...groups.values()]
    .sort((a, b) => rank(a.Role) - rank(b.Role) || a.Role.localeCompare(b.Role) || a.LocId.localeCompare(b.LocId))
    .map(({ sets, ...group }) => ({ ...group, menu: [...sets.menu], pages: [...sets.pages], columns: [...sets.columns] }))
}
