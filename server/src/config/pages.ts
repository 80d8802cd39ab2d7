import type { ColumnSetConfig } from '../../../schemas/columns.ts'
import type { PageConfig, ResolvedPage } from '../../../schemas/page.ts'
import type { Rule } from '../../../schemas/rule.ts'
import type { Crumb, TableWidget, TitleByQuery } from '../../../schemas/widgets.ts'
import { menuTrail } from '../../../schemas/domain/menu-trail.ts'
import { buildMenu, menuAllows, menuVariantPath, type CompiledMenu } from './menu.ts'
import { compileRule, isTT, type CompiledRule, type RuleContext } from './rules.ts'

export type { ResolvedPage }

/** The answer for one page path: the resolved page, moved (the user's menu holds another variant of its item: go there), 403 (the user's menu does not hold it) or 404 (no template has that path). */
export type PageResolution = { status: 'ok', page: ResolvedPage } | { status: 'moved', to: string } | { status: 'forbidden' } | { status: 'not-found' }

/** A template value compiled for one user's rules: fixed (no rule inside: shared, frozen) or a function of the rule context. */
type Compiled = { fixed: unknown } | { resolve: (ctx: RuleContext) => unknown }
/** What a resolved value is when its rule fails: its array leaves it out, its object loses the property. */
const DROPPED = Symbol('dropped')

interface CompiledPage {
  file: string
  path: string
  // The menu path that allows the page (its own path unless the template names menuPath).
  menuPath: string
  shell: boolean
  back: boolean | undefined
  drillParam: string | undefined
  visible: CompiledRule
  title: string
  titleByQuery: TitleByQuery | undefined
  widgets: Compiled
  actions: Compiled
}

/** Page templates precomputed at load time, by every path they serve (path and ttPath); templates with :Name segments are matched in order after the exact paths. */
export type CompiledPages = ReadonlyMap<string, CompiledPage> & { readonly routes?: ReadonlyArray<{ segments: readonly string[], page: CompiledPage }> }

/** What page resolution reads of a loaded config (a LoadedConfig fits): the loader imports this module, not the other way round. */
export interface PageSource { compiled: { menu: CompiledMenu, pages: CompiledPages } }

/** The values of a template's :Name segments in a path, or undefined when the path does not fit the template. */
export function matchRoute (segments: readonly string[], path: string): Record<string, string> | undefined {
  const parts = path.split('/').slice(1)
  if (parts.length !== segments.length) return undefined
  const values: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const want = segments[i] as string
    const part = parts[i] as string
    if (want.startsWith(':')) {
      // A value is one plain segment: no encoding, no dots (never a way to another path).
      if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined
      values[want.slice(1)] = part
    } else if (want !== part) return undefined
  }
  return values
}

/** The template serving a path and the values of its :Name segments: exact paths first, then templates in file order. */
function findPage (pages: CompiledPages, path: string): { page: CompiledPage, route?: Record<string, string> } | undefined {
  const exact = pages.get(path)
  if (exact) return { page: exact }
  for (const { segments, page } of pages.routes ?? []) {
    const route = matchRoute(segments, path)
    if (route) return { page, route }
  }
  return undefined
}

function deepFreeze<T> (value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

const run = (compiled: Compiled, ctx: RuleContext): unknown => 'fixed' in compiled ? compiled.fixed : compiled.resolve(ctx)

/** Compiles any template value generically: every object holding a `rule` (widget, column, row or header action, tab, section, submit…) is dropped for users who fail it, and the `rule` key never reaches the client. */
export function compileValue (value: unknown): Compiled {
  if (Array.isArray(value)) {
    const items = value.map(compileValue)
    if (items.every((item) => 'fixed' in item)) return { fixed: deepFreeze(items.map((item) => (item as { fixed: unknown }).fixed)) }
    return {
      resolve: (ctx) => {
        const out: unknown[] = []
        for (const item of items) { const v = run(item, ctx); if (v !== DROPPED) out.push(v) }
        return out
      }
    }
  }
  if (value === null || typeof value !== 'object') return { fixed: value }
  const { rule, ...rest } = value as Record<string, unknown> & { rule?: Rule }
  const entries = Object.entries(rest).map(([key, child]) => [key, compileValue(child)] as const)
  const inner: Compiled = entries.every(([, c]) => 'fixed' in c)
    ? { fixed: deepFreeze(Object.fromEntries(entries.map(([key, c]) => [key, (c as { fixed: unknown }).fixed]))) }
    : {
        resolve: (ctx) => {
          const out: Record<string, unknown> = {}
          for (const [key, c] of entries) { const v = run(c, ctx); if (v !== DROPPED) out[key] = v }
          return out
        }
      }
  if (rule === undefined) return inner
  const visible = compileRule(rule)
  return { resolve: (ctx) => visible(ctx) ? run(inner, ctx) : DROPPED }
}

/** A widget with its column set key replaced by the set's columns (at any depth: tabs, gates, sections). */
function withColumnSets (value: unknown, columnSets: ReadonlyMap<string, ColumnSetConfig>): unknown {
  if (Array.isArray(value)) return value.map((v) => withColumnSets(v, columnSets))
  if (value === null || typeof value !== 'object') return value
  const object = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(object)) out[key] = withColumnSets(child, columnSets)
  if (object.type === 'table' && typeof object.columns === 'string') out.columns = columnSets.get(object.columns)?.columns ?? []
  return out
}

/** A table widget (its own rule left to the caller) compiled with its column set, resolved per user: the columns and row actions that user gets. */
export function compileTable (table: Record<string, unknown>, columnSets: ReadonlyMap<string, ColumnSetConfig>): (ctx: RuleContext) => TableWidget | undefined {
  const { rule: _rule, ...rest } = table
  const compiled = compileValue(withColumnSets(rest, columnSets))
  return (ctx) => {
    const value = run(compiled, ctx)
    return value === DROPPED ? undefined : value as TableWidget
  }
}

/** Precomputes page templates of a validated config (called by the loader). */
export function compilePages (pages: ReadonlyArray<{ file: string, page: PageConfig }>, columnSets: ReadonlyMap<string, ColumnSetConfig>): CompiledPages {
  const byPath = new Map<string, CompiledPage>()
  const routes: Array<{ segments: readonly string[], page: CompiledPage }> = []
  for (const { file, page } of pages) {
    const compiled: CompiledPage = {
      file,
      path: page.path,
      menuPath: page.menuPath ?? page.path,
      shell: page.shell === true,
      back: page.back,
      drillParam: page.drillParam,
      visible: compileRule(page.rule),
      title: page.title,
      titleByQuery: page.titleByQuery,
      widgets: compileValue(withColumnSets(page.widgets, columnSets)),
      actions: compileValue(page.actions ?? [])
    }
    for (const path of page.ttPath === undefined ? [page.path] : [page.path, page.ttPath]) {
      if (path.includes(':')) routes.push({ segments: path.split('/').slice(1), page: compiled })
      else byPath.set(path, compiled)
    }
  }
  return Object.assign(byPath, { routes })
}

/** What decides a page path: its template's file and whether it is a shell page, and the menu path whose item must be shown (what resolvePage checks). */
export function pageGateOf (config: PageSource, path: string): { file: string, shell: boolean, menuPath: string } | undefined {
  const found = findPage(config.compiled.pages, path)
  if (!found) return undefined
  const { page, route } = found
  return { file: page.file, shell: page.shell, menuPath: route ? page.menuPath : path === page.path ? page.menuPath : path }
}

/** Whether a path is served by some page template (whoever asks). */
export function isKnownPage (config: PageSource, path: string): boolean {
  return findPage(config.compiled.pages, path) !== undefined
}

/** The breadcrumb of a page: the menu group holding it, the menu item it was reached from when that is an ancestor path (a route parameter, a drill-down), then its title. */
function breadcrumbOf (config: PageSource, ctx: RuleContext, path: string, title: string): Crumb[] {
  const trail = menuTrail(buildMenu(config, ctx), path)
  if (!trail) return [{ labelKey: title }]
  const { group, item } = trail
  if (item.path.split('?')[0] === path) return [{ labelKey: group.label }, { labelKey: title }]
  const query = new URLSearchParams(item.query).toString()
  return [{ labelKey: group.label }, { labelKey: item.label, path: query ? `${item.path}?${query}` : item.path }, { labelKey: title }]
}

/** Resolves a page for one user at one location: the menu gate (shell pages: their rule), the TT variant, widgets, columns and actions filtered by their rules. */
export function resolvePage (config: PageSource, ctx: RuleContext, path: string): PageResolution {
  const found = findPage(config.compiled.pages, path)
  if (!found) return { status: 'not-found' }
  const { page, route } = found
  const menuPath = route ? page.menuPath : path === page.path ? page.menuPath : path
  const allowed = page.visible(ctx) && (page.shell || menuAllows(config, ctx, menuPath))
  if (!allowed) {
    // A link to another variant of an item this user's menu holds (a desktop bookmark opened on a phone) leads to their variant.
    const to = page.shell ? undefined : menuVariantPath(config, ctx, menuPath)
    return to === undefined ? { status: 'forbidden' } : { status: 'moved', to }
  }
  return {
    status: 'ok',
    page: {
      path,
      variant: isTT(ctx) ? 'tt' : '4d',
      titleKey: page.title,
      ...(page.titleByQuery === undefined ? {} : { titleByQuery: page.titleByQuery }),
      breadcrumb: breadcrumbOf(config, ctx, path, page.title),
      ...(page.back === undefined ? {} : { back: page.back }),
      ...(page.drillParam === undefined ? {} : { drillParam: page.drillParam }),
      actions: run(page.actions, ctx) as ResolvedPage['actions'],
      widgets: run(page.widgets, ctx) as ResolvedPage['widgets'],
      ...(route ? { route } : {})
    }
  }
}
