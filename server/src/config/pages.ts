import type { ColumnSetConfig, ColumnView } from '../../../schemas/columns.ts'
import type { ActionConfig, LeafWidgetConfig, PageConfig, ResolvedPage, WidgetConfig } from '../../../schemas/page.ts'
import type { HeaderAction, LeafWidget, Widget } from '../../../schemas/widgets.ts'
import type { LoadedConfig } from './load.ts'
import { menuAllows } from './menu.ts'
import { compileRule, isTT, type CompiledRule, type RuleContext } from './rules.ts'

export type { ResolvedPage }

/** The answer for one page path: the resolved page, 403 (the user's menu does not hold it) or 404 (no template has that path). */
export type PageResolution = { status: 'ok', page: ResolvedPage } | { status: 'forbidden' } | { status: 'not-found' }

interface CompiledColumn { visible: CompiledRule, view: ColumnView }
/** A widget ready to resolve: its rule, its descriptor without columns, its compiled columns (tables) and children (tabs, gates). */
interface CompiledWidget {
  visible: CompiledRule
  widget: Widget
  columns?: CompiledColumn[]
  children?: CompiledWidget[][]
}
interface CompiledPage {
  file: string
  path: string
  shell: boolean
  back: boolean | undefined
  visible: CompiledRule
  title: string
  widgets: CompiledWidget[]
  actions: Array<{ visible: CompiledRule, view: HeaderAction }>
}

/** Page templates precomputed at load time, by every path they serve (path and ttPath). */
export type CompiledPages = ReadonlyMap<string, CompiledPage>

function deepFreeze<T> (value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

function compileColumns (columns: ColumnSetConfig['columns']): CompiledColumn[] {
  return columns.map(({ rule, ...view }) => ({ visible: compileRule(rule), view: deepFreeze(view) }))
}

function compileWidget (config: WidgetConfig | LeafWidgetConfig, columnSets: ReadonlyMap<string, ColumnSetConfig>): CompiledWidget {
  const { rule, ...rest } = structuredClone(config)
  const visible = compileRule(rule)
  if (rest.type === 'table') {
    const columns = typeof rest.columns === 'string' ? compileColumns(columnSets.get(rest.columns)?.columns ?? []) : compileColumns(rest.columns)
    return { visible, widget: deepFreeze({ ...rest, columns: [] }), columns }
  }
  if (rest.type === 'tabs') return { visible, widget: deepFreeze(rest as Widget), children: rest.tabs.map((tab) => tab.widgets.map((w) => compileWidget(w, columnSets))) }
  if (rest.type === 'accessGate') return { visible, widget: deepFreeze(rest as Widget), children: [rest.widgets.map((w) => compileWidget(w, columnSets))] }
  return { visible, widget: deepFreeze(rest) }
}

function compileAction (action: ActionConfig) {
  const { rule, ...view } = action
  return { visible: compileRule(rule), view: deepFreeze(view) }
}

/** Precomputes page templates of a validated config (called by the loader). */
export function compilePages (pages: ReadonlyArray<{ file: string, page: PageConfig }>, columnSets: ReadonlyMap<string, ColumnSetConfig>): CompiledPages {
  const byPath = new Map<string, CompiledPage>()
  for (const { file, page } of pages) {
    const compiled: CompiledPage = {
      file,
      path: page.path,
      shell: page.shell === true,
      back: page.back,
      visible: compileRule(page.rule),
      title: page.title,
      widgets: page.widgets.map((widget) => compileWidget(widget, columnSets)),
      actions: (page.actions ?? []).map(compileAction)
    }
    byPath.set(page.path, compiled)
    if (page.ttPath !== undefined) byPath.set(page.ttPath, compiled)
  }
  return byPath
}

/** Whether a path is served by some page template (whoever asks). */
export function isKnownPage (config: LoadedConfig, path: string): boolean {
  return config.compiled.pages.has(path)
}

/** One widget for one user: hidden by its rule, table columns filtered by theirs, children of tabs and gates resolved alike. */
function resolveWidget (compiled: CompiledWidget, ctx: RuleContext): Widget | undefined {
  if (!compiled.visible(ctx)) return undefined
  const { widget } = compiled
  if (widget.type === 'table') return { ...widget, columns: (compiled.columns ?? []).filter((c) => c.visible(ctx)).map((c) => c.view) }
  const leaves = (children: CompiledWidget[] | undefined) => (children ?? []).map((c) => resolveWidget(c, ctx)).filter((w): w is LeafWidget => w !== undefined)
  if (widget.type === 'tabs') return { ...widget, tabs: widget.tabs.map((tab, i) => ({ ...tab, widgets: leaves(compiled.children?.[i]) })) }
  if (widget.type === 'accessGate') return { ...widget, widgets: leaves(compiled.children?.[0]) }
  return widget
}

/** Resolves a page for one user at one location: the menu gate (shell pages: their rule), the TT variant, widgets, columns and actions filtered by their rules. */
export function resolvePage (config: LoadedConfig, ctx: RuleContext, path: string): PageResolution {
  const page = config.compiled.pages.get(path)
  if (!page) return { status: 'not-found' }
  const allowed = page.visible(ctx) && (page.shell || menuAllows(config, ctx, path))
  if (!allowed) return { status: 'forbidden' }
  const widgets = page.widgets.map((w) => resolveWidget(w, ctx)).filter((w): w is Widget => w !== undefined)
  return {
    status: 'ok',
    page: {
      path,
      variant: isTT(ctx) ? 'tt' : '4d',
      titleKey: page.title,
      ...(page.back === undefined ? {} : { back: page.back }),
      actions: page.actions.filter((a) => a.visible(ctx)).map((a) => a.view),
      widgets
    }
  }
}
