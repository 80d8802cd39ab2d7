import type { ColumnSetConfig, ColumnView } from '../../../schemas/columns.ts'
import type { PageConfig, ResolvedPage } from '../../../schemas/page.ts'
import type { LoadedConfig } from './load.ts'
import { menuAllows } from './menu.ts'
import { compileRule, isTT, type CompiledRule, type RuleContext } from './rules.ts'

export type { ResolvedPage }

/** The answer for one page path: the resolved page, 403 (the user's menu does not hold it) or 404 (no template has that path). */
export type PageResolution = { status: 'ok', page: ResolvedPage } | { status: 'forbidden' } | { status: 'not-found' }

interface CompiledColumn { visible: CompiledRule, view: ColumnView }
interface CompiledWidget { visible: CompiledRule, type: string, props: Record<string, unknown>, columns?: CompiledColumn[] }
interface CompiledPage {
  file: string
  path: string
  shell: boolean
  visible: CompiledRule
  title: string
  widgets: CompiledWidget[]
  actions: Array<{ visible: CompiledRule, view: { key: string, label: string } }>
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

function compileColumns (set: ColumnSetConfig): CompiledColumn[] {
  return set.columns.map(({ rule, ...view }) => ({ visible: compileRule(rule), view: Object.freeze(view) }))
}

/** Precomputes page templates of a validated config (called by the loader). */
export function compilePages (pages: ReadonlyArray<{ file: string, page: PageConfig }>, columnSets: ReadonlyMap<string, ColumnSetConfig>): CompiledPages {
  const byPath = new Map<string, CompiledPage>()
  for (const { file, page } of pages) {
    const compiled: CompiledPage = {
      file,
      path: page.path,
      shell: page.shell === true,
      visible: compileRule(page.rule),
      title: page.title,
      widgets: page.widgets.map((widget) => {
        const set = widget.columns === undefined ? undefined : columnSets.get(widget.columns)
        return { visible: compileRule(widget.rule), type: widget.type, props: deepFreeze(structuredClone(widget.props ?? {})), ...(set ? { columns: compileColumns(set) } : {}) }
      }),
      actions: (page.actions ?? []).map((action) => ({ visible: compileRule(action.rule), view: Object.freeze({ key: action.key, label: action.label }) }))
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

/** Resolves a page for one user at one location: the menu gate (shell pages: their rule), the TT variant, widgets, columns and actions filtered by their rules. */
export function resolvePage (config: LoadedConfig, ctx: RuleContext, path: string): PageResolution {
  const page = config.compiled.pages.get(path)
  if (!page) return { status: 'not-found' }
  const allowed = page.visible(ctx) && (page.shell || menuAllows(config, ctx, path))
  if (!allowed) return { status: 'forbidden' }
  const widgets: ResolvedPage['widgets'] = []
  for (const widget of page.widgets) {
    if (!widget.visible(ctx)) continue
    widgets.push(widget.columns
      ? { type: widget.type, props: widget.props, columns: widget.columns.filter((c) => c.visible(ctx)).map((c) => c.view) }
      : { type: widget.type, props: widget.props })
  }
  return {
    status: 'ok',
    page: {
      path,
      variant: isTT(ctx) ? 'tt' : '4d',
      titleKey: page.title,
      widgets,
      actions: page.actions.filter((a) => a.visible(ctx)).map((a) => a.view)
    }
  }
}
