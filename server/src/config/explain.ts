import type { MenuGroupConfig, MenuItemConfig } from '../../../schemas/menu.ts'
import type { Rule } from '../../../schemas/rule.ts'
import { endpointAllowed, type GateEndpoint } from '../proxy/allowlist.ts'
import { writtenAt } from './fragments.ts'
import type { LoadedConfig } from './load.ts'
import { buildMenu, menuAllows } from './menu.ts'
import { pageGateOf, resolvePage } from './pages.ts'
import { isTT, traceRule, withChange, type FactChange, type RuleContext, type RuleTrace } from './rules.ts'

// "Why can (or can't) this user see that?": the decision the menu, the page gate or the API gate takes, as a tree of the
// rules that take it, each leaf read by the one rule evaluator (rules.ts). The tree's answer is checked against the gate's
// own, and the change that would flip the decision is found by asking the gate again on the changed facts.

/** What is explained: a menu item (by key), a page path, an action of a page (by id), or a game API call. */
export type ExplainSubject =
  | { kind: 'item', key: string }
  | { kind: 'page', path: string }
  | { kind: 'action', path: string, id: string }
  | { kind: 'endpoint', method: string, segments: readonly string[], shown: string }

/** An explanation: the gate's decision, the rules that take it, the files holding them, and the change (one, or the fewest) that would flip it. */
export interface Explanation {
  decision: boolean
  tree: RuleTrace
  configVersion: string
  files: string[]
  flip: { text: string, changes: FactChange[] } | null
}

export type ExplainResult = { ok: true, explanation: Explanation } | { ok: false, reason: string }

const all = (text: string, children: RuleTrace[], where: Partial<RuleTrace> = {}): RuleTrace => ({ op: 'all', text, held: children.every((c) => c.held), ...where, children })
const any = (text: string, children: RuleTrace[], where: Partial<RuleTrace> = {}): RuleTrace => ({ op: 'any', text, held: children.some((c) => c.held), ...where, children })
const fixed = (text: string, held: boolean, where: Partial<RuleTrace> = {}): RuleTrace => ({ op: held ? 'always' : 'never', text, held, ...where })
const titled = (trace: RuleTrace, text: string): RuleTrace => ({ ...trace, text: `${text}: ${trace.text}` })

type Variant = 'base' | 'tt' | 'mobile'
const variantOf = (ctx: RuleContext): Variant => isTT(ctx) ? 'tt' : ctx.mobile ? 'mobile' : 'base'
const pathFor = (item: MenuItemConfig, variant: Variant) => variant === 'tt' ? item.ttPath ?? item.path : variant === 'mobile' ? item.mobilePath ?? item.path : item.path
const VARIANT_CHANGE: Record<Variant, FactChange> = {
  base: { text: 'a location that is not TT, on a desktop browser', tt: false, mobile: false },
  tt: { text: 'a TT location', tt: true },
  mobile: { text: 'a location that is not TT, on a mobile browser', tt: false, mobile: true }
}

function groupTrace (group: MenuGroupConfig, g: number, ctx: RuleContext): RuleTrace {
  return titled(traceRule(group.rule, ctx, 'menu.json', `/groups/${g}/rule`), `group ${group.key}`)
}

/** Whether one menu item is shown: its group's rule, its own rule, and for an external link its URL. */
function itemTrace (config: LoadedConfig, ctx: RuleContext, g: number, i: number): RuleTrace {
  const group = config.menu.groups[g] as MenuGroupConfig
  const item = group.items[i] as MenuItemConfig
  const parts = [groupTrace(group, g, ctx), titled(traceRule(item.rule, ctx, 'menu.json', `/groups/${g}/items/${i}/rule`), `item ${item.key}`)]
  if (item.external !== undefined) parts.push(titled(traceRule({ setting: item.external }, ctx, 'menu.json', `/groups/${g}/items/${i}/external`), 'its link'))
  return all(`menu item ${item.key} (group ${group.key}) is shown`, parts, { file: 'menu.json', pointer: `/groups/${g}/items/${i}` })
}

/** Whether the menu links to a page path: some item serving it in the current variant (TT, mobile or base) and shown. */
function menuHoldsTrace (config: LoadedConfig, ctx: RuleContext, path: string): RuleTrace {
  const variant = variantOf(ctx)
  const ways: RuleTrace[] = []
  config.menu.groups.forEach((group, g) => group.items.forEach((item, i) => {
    if (item.path === undefined) return
    const variants = (['base', 'tt', 'mobile'] as const).filter((v) => pathFor(item, v) === path)
    if (variants.length === 0) return
    const held = variants.includes(variant)
    const other = held ? (['base', 'tt', 'mobile'] as const).find((v) => !variants.includes(v)) : variants[0]
    const leaf: RuleTrace = { op: 'variant', text: `item ${item.key} links ${path} ${variants.map((v) => v === 'base' ? 'on desktop outside TT' : v === 'tt' ? 'at TT' : 'on mobile outside TT').join(', ')}`, held, read: variant, file: 'menu.json', pointer: `/groups/${g}/items/${i}`, ...(other ? { change: VARIANT_CHANGE[other] } : {}) }
    ways.push(all(`item ${item.key} links ${path}`, [leaf, groupTrace(group, g, ctx), titled(traceRule(item.rule, ctx, 'menu.json', `/groups/${g}/items/${i}/rule`), `item ${item.key}`)]))
  }))
  if (ways.length === 0) return fixed(`no menu item links ${path}`, false, { file: 'menu.json' })
  return any(`the menu links ${path}`, ways)
}

/** Whether a page path is served: the template's rule and (unless it is a shell page) its menu item. */
function pageTrace (config: LoadedConfig, ctx: RuleContext, path: string): RuleTrace | undefined {
  const gate = pageGateOf(config, path)
  if (!gate) return undefined
  const page = config.pages.find((p) => p.file === gate.file)?.page
  const rule = titled(traceRule(page?.rule, ctx, gate.file, '/rule'), 'the page\'s rule')
  return all(`page ${path} is served`, [rule, gate.shell ? fixed('a shell page: no menu item needed', true, { file: gate.file, pointer: '/shell' }) : menuHoldsTrace(config, ctx, gate.menuPath)], { file: gate.file })
}

/** A place in a page template with every rule on the way to it and its own. */
interface Place { pointer: string, rules: Array<{ pointer: string, rule: Rule }> }

/** Every object with this id in a page template (a page may repeat an id in widgets that rules keep apart: a 4D and a TOTO table). */
function findInTemplate (value: unknown, id: string, pointer: string, rules: Place['rules'], found: Place[] = []): Place[] {
  if (Array.isArray(value)) {
    value.forEach((child, i) => findInTemplate(child, id, `${pointer}/${i}`, rules, found))
    return found
  }
  if (value === null || typeof value !== 'object') return found
  const object = value as Record<string, unknown>
  const here = object.rule === undefined ? rules : [...rules, { pointer: `${pointer}/rule`, rule: object.rule as Rule }]
  if (object.id === id) { found.push({ pointer, rules: here }); return found }
  for (const [key, child] of Object.entries(object)) if (key !== 'rule') findInTemplate(child, id, `${pointer}/${key}`, here, found)
  return found
}

/** The tree with each rule's file and pointer where it is written: a part that came from a fragment names the fragment. */
function whereWritten (tree: RuleTrace, origins: LoadedConfig['origins']): RuleTrace {
  const origin = tree.file !== undefined && tree.pointer !== undefined ? writtenAt(tree.pointer, origins.get(tree.file)) : undefined
  return {
    ...tree,
    ...(origin ? { file: origin.file, pointer: origin.pointer } : {}),
    ...(tree.children ? { children: tree.children.map((child) => whereWritten(child, origins)) } : {})
  }
}

/** Whether a resolved page holds an object with this id, in the same order findInTemplate looks. */
function holdsId (value: unknown, id: string): boolean {
  if (Array.isArray(value)) return value.some((v) => holdsId(v, id))
  if (value === null || typeof value !== 'object') return false
  const object = value as Record<string, unknown>
  return object.id === id || Object.values(object).some((v) => holdsId(v, id))
}

/** Whether the API gate lets a call through: shell or public, a listed page in the menu, or a binding whose rules pass on a page the menu holds. */
function endpointTrace (config: LoadedConfig, ctx: RuleContext, endpoint: GateEndpoint, shown: string): RuleTrace {
  const ways: RuleTrace[] = []
  if (endpoint.public) ways.push(fixed('public (api.json)', true, { file: 'api.json' }))
  if (endpoint.shell) ways.push(fixed('called by the application shell (api.json)', true, { file: 'api.json' }))
  for (const page of endpoint.pages ?? []) ways.push(titled(menuHoldsTrace(config, ctx, page), 'listed for the page in api.json'))
  for (const reach of endpoint.reaches ?? []) {
    const rules = reach.written.map((w) => traceRule(w.rule, ctx, reach.file, w.pointer))
    const page = reach.shell ? fixed('on a shell page', true, { file: reach.file }) : any(`a page of ${reach.file} is in the menu`, reach.paths.map((p) => menuHoldsTrace(config, ctx, p)))
    ways.push(all(`bound at ${reach.file} ${reach.pointer}`, [...rules, page], { file: reach.file, pointer: reach.pointer }))
  }
  return any(`${shown} goes through`, ways)
}

/** The leaves' changes of a tree, each once. */
function changesOf (tree: RuleTrace, out = new Map<string, FactChange>()): Map<string, FactChange> {
  if (tree.change) out.set(JSON.stringify(tree.change), tree.change)
  for (const child of tree.children ?? []) changesOf(child, out)
  return out
}

const merged = (a: FactChange, b: FactChange): FactChange => ({
  text: `${a.text}, and ${b.text}`,
  profile: { ...a.profile, ...b.profile },
  ...(a.tt ?? b.tt) === undefined ? {} : { tt: b.tt ?? a.tt },
  ...(a.mobile ?? b.mobile) === undefined ? {} : { mobile: b.mobile ?? a.mobile },
  settings: { ...a.settings, ...b.settings }
})

/** The change that flips the decision: one leaf's, else the first pair; asked of the gate itself on the changed facts. */
function flipOf (tree: RuleTrace, ctx: RuleContext, decide: (ctx: RuleContext) => boolean, decision: boolean): Explanation['flip'] {
  const changes = [...changesOf(tree).values()]
  for (const change of changes) if (decide(withChange(ctx, change)) !== decision) return { text: change.text, changes: [change] }
  for (let i = 0; i < changes.length; i++) {
    for (let j = i + 1; j < changes.length; j++) {
      const [a, b] = [changes[i] as FactChange, changes[j] as FactChange]
      if (decide(withChange(ctx, merged(a, b))) !== decision) return { text: `${a.text}, and ${b.text}`, changes: [a, b] }
    }
  }
  return null
}

function filesOf (tree: RuleTrace, out = new Set<string>()): Set<string> {
  if (tree.file) out.add(tree.file)
  for (const child of tree.children ?? []) filesOf(child, out)
  return out
}

/** Explains one subject for one user's rule context. */
export function explain (config: LoadedConfig, ctx: RuleContext, subject: ExplainSubject): ExplainResult {
  let tree: RuleTrace | undefined
  let decide: (ctx: RuleContext) => boolean
  switch (subject.kind) {
    case 'item': {
      const g = config.menu.groups.findIndex((group) => group.items.some((item) => item.key === subject.key))
      if (g === -1) return { ok: false, reason: `no menu item has the key ${subject.key} (menu.json)` }
      const i = (config.menu.groups[g] as MenuGroupConfig).items.findIndex((item) => item.key === subject.key)
      tree = itemTrace(config, ctx, g, i)
      decide = (c) => buildMenu(config, c).some((group) => group.items.some((item) => item.key === subject.key))
      break
    }
    case 'page':
      tree = pageTrace(config, ctx, subject.path)
      if (!tree) return { ok: false, reason: `no page template serves ${subject.path}` }
      decide = (c) => resolvePage(config, c, subject.path).status === 'ok'
      break
    case 'action': {
      const page = pageTrace(config, ctx, subject.path)
      if (!page) return { ok: false, reason: `no page template serves ${subject.path}` }
      const file = pageGateOf(config, subject.path)?.file as string
      const template = config.pages.find((p) => p.file === file)?.page
      const found = [...findInTemplate(template?.actions ?? [], subject.id, '/actions', []), ...findInTemplate(template?.widgets ?? [], subject.id, '/widgets', [])]
      if (found.length === 0) return { ok: false, reason: `${file} has no action or widget with the id ${subject.id}` }
      const placeTrace = (place: Place) => all(`${subject.id} at ${place.pointer}`, place.rules.map((r) => traceRule(r.rule, ctx, file, r.pointer)), { file, pointer: place.pointer })
      const offered = found.length === 1 ? placeTrace(found[0]!).children ?? [] : [any(`${subject.id} in any of its ${found.length} places`, found.map(placeTrace), { file })]
      tree = all(`${subject.id} on ${subject.path} is offered`, [page, ...offered], { file, pointer: found[0]!.pointer })
      decide = (c) => {
        const resolved = resolvePage(config, c, subject.path)
        return resolved.status === 'ok' && (holdsId(resolved.page.actions, subject.id) || holdsId(resolved.page.widgets, subject.id))
      }
      break
    }
    case 'endpoint': {
      const match = config.api.match(subject.method, subject.segments)
      if (typeof match === 'string') return { ok: false, reason: `${subject.method} ${subject.shown} is not in the allowlist (${match})` }
      tree = endpointTrace(config, ctx, match.endpoint, `${subject.method} ${subject.shown}`)
      decide = (c) => endpointAllowed(match.endpoint, (path) => menuAllows(config, c, path), c)
      break
    }
  }
  tree = whereWritten(tree, config.origins)
  const decision = decide(ctx)
  // The tree reads the same leaves the gate does; were it ever to disagree, the gate's answer stands and the tree says so.
  if (tree.held !== decision) tree = { ...tree, text: `${tree.text} (the gate answers ${decision ? 'yes' : 'no'}: this tree disagrees)` }
  return { ok: true, explanation: { decision, tree, configVersion: config.version, files: [...filesOf(tree)].sort(), flip: flipOf(tree, ctx, decide, decision) } }
}
