import t, { type Test } from 'tap'
import { readFileSync } from 'node:fs'
import { loadConfig, type LoadedConfig } from '../../../server/src/config/load.ts'
import { buildMenu, menuAllows } from '../../../server/src/config/menu.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { explain, type ExplainSubject } from '../../../server/src/config/explain.ts'
import { withChange, type RuleContext, type RuleTrace } from '../../../server/src/config/rules.ts'
import { bindingsOf } from '../../../server/src/config/endpoints.ts'
import { endpointAllowed } from '../../../server/src/proxy/allowlist.ts'
import { withoutGamePrefix } from '../../../server/src/proxy/upstream.ts'
import { ctxFor, profiles, shippedConfigDir } from './fixtures.ts'

// The explanation agrees with the gates it explains: for every demo user at each of their locations (desktop and mobile),
// every menu item, every page, every action of the pages they see, and every endpoint those pages bind. The change it
// names does flip the gate's decision.

const demo = JSON.parse(readFileSync(new URL('../../../server/game-api/seed/demo-users.json', import.meta.url), 'utf8')) as {
  users: Array<{ UserId: string, Locations: string[] }>
  locations: Array<{ LocId: string, flags: string[] }>
}

const loaded = await loadConfig(shippedConfigDir)
if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors))
const config: LoadedConfig = loaded.config

/** Every id under a value (actions, widgets, row actions, tabs…). */
function idsUnder (value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) { for (const v of value) idsUnder(v, out); return out }
  if (value === null || typeof value !== 'object') return out
  const object = value as Record<string, unknown>
  if (typeof object.id === 'string') out.add(object.id)
  for (const [key, child] of Object.entries(object)) if (key !== 'rule') idsUnder(child, out)
  return out
}

function leaves (tree: RuleTrace): RuleTrace[] {
  return tree.children ? tree.children.flatMap(leaves) : [tree]
}

const contexts: Array<{ name: string, ctx: RuleContext }> = []
for (const user of demo.users) {
  for (const LocId of user.Locations) {
    const location = demo.locations.find((l) => l.LocId === LocId) as { LocId: string, flags: string[] }
    for (const mobile of [false, true]) contexts.push({ name: `${user.UserId} at ${LocId}${mobile ? ' (mobile)' : ''}`, ctx: ctxFor(user.UserId, location, mobile) })
  }
}

/** Explains and checks: the tree's answer is the gate's, and the named change flips the gate. */
function check (t: Test, ctx: RuleContext, subject: ExplainSubject, expected: boolean, decide: (ctx: RuleContext) => boolean, what: string) {
  const result = explain(config, ctx, subject)
  if (!result.ok) { t.fail(`${what}: ${result.reason}`); return }
  const { decision, tree, flip, configVersion, files } = result.explanation
  if (decision !== expected || tree.held !== expected) t.fail(`${what}: explained ${decision}/${tree.held}, the gate says ${expected}`)
  if (configVersion !== config.version || files.length === 0) t.fail(`${what}: no config version or file`)
  for (const leaf of leaves(tree)) if (!leaf.file) t.fail(`${what}: a leaf without its file (${leaf.text})`)
  if (flip) {
    const changed = flip.changes.reduce((c, change) => withChange(c, change), ctx)
    if (decide(changed) === expected) t.fail(`${what}: "${flip.text}" does not flip it`)
  }
  return result.explanation
}

t.test('every menu item of every demo user at each location: the explanation agrees with the menu', async (t) => {
  let checked = 0
  let flips = 0
  for (const { name, ctx } of contexts) {
    const shown = new Set(buildMenu(config, ctx).flatMap((g) => g.items.map((i) => i.key)))
    for (const group of config.menu.groups) {
      for (const item of group.items) {
        const decide = (c: RuleContext) => buildMenu(config, c).some((g) => g.items.some((i) => i.key === item.key))
        const explanation = check(t, ctx, { kind: 'item', key: item.key }, shown.has(item.key), decide, `${name} item ${item.key}`)
        checked++
        if (explanation?.flip) flips++
      }
    }
  }
  t.ok(checked > 1000, `${checked} explanations agree with the menu`)
  t.ok(flips > checked / 2, `${flips} of them name a change that flips the decision`)
})

t.test('every page, and every action of the pages each user sees: the explanation agrees with the page gate', async (t) => {
  let actions = 0
  for (const { name, ctx } of contexts.filter((c) => !c.ctx.mobile)) {
    for (const { file, page } of config.pages) {
      if (page.path.includes(':')) continue
      const resolved = resolvePage(config, ctx, page.path)
      check(t, ctx, { kind: 'page', path: page.path }, resolved.status === 'ok', (c) => resolvePage(config, c, page.path).status === 'ok', `${name} page ${page.path}`)
      if (resolved.status !== 'ok') continue
      const held = idsUnder([resolved.page.actions, resolved.page.widgets])
      for (const id of idsUnder([page.actions ?? [], page.widgets])) {
        const decide = (c: RuleContext) => { const r = resolvePage(config, c, page.path); return r.status === 'ok' && idsUnder([r.page.actions, r.page.widgets]).has(id) }
        check(t, ctx, { kind: 'action', path: page.path, id }, held.has(id), decide, `${name} ${file} ${id}`)
        actions++
      }
    }
  }
  t.ok(actions > 500, `${actions} actions and widgets explained`)
})

t.test('every endpoint the pages bind: the explanation agrees with the API gate', async (t) => {
  let endpoints = 0
  for (const { name, ctx } of contexts.filter((c) => !c.ctx.mobile)) {
    for (const { file, page } of config.pages) {
      for (const binding of bindingsOf(file, page)) {
        const segments = withoutGamePrefix(binding.endpoint.slice('/api/v1/'.length).split('/'))
        const match = config.api.match(binding.method, segments)
        if (typeof match === 'string') { t.fail(`${binding.endpoint} not matched`); continue }
        const decide = (c: RuleContext) => endpointAllowed(match.endpoint, (p) => menuAllows(config, c, p), c)
        check(t, ctx, { kind: 'endpoint', method: binding.method, segments, shown: binding.endpoint }, decide(ctx), decide, `${name} ${binding.method} ${binding.endpoint}`)
        endpoints++
      }
    }
  }
  t.ok(endpoints > 1000, `${endpoints} bindings explained`)
})

t.test('the issue\'s example: ag2 cannot see Agents, for want of EnableCreateAgent', async (t) => {
  const ctx = ctxFor('ag2', { LocId: 'SG', flags: [] })
  const result = explain(config, ctx, { kind: 'item', key: 'agents' })
  if (!result.ok) throw new Error(result.reason)
  const { decision, tree, flip, files } = result.explanation
  t.equal(decision, false)
  const texts = leaves(tree).map((l) => `${l.text} ${l.held ? '✓' : '✗'}`)
  t.ok(texts.includes('EnableCreateDownline on ✓'), texts.join(', '))
  t.ok(texts.includes('EnableCreateAgent on ✗'))
  t.ok(texts.includes('role AG ✓'))
  t.equal(leaves(tree).find((l) => l.text === 'EnableCreateAgent on')?.read, profiles.ag2?.EnableCreateAgent)
  t.same(files, ['menu.json'])
  t.equal(flip?.text, 'set EnableCreateAgent to 1')
})

t.test('a rule that comes from a fragment is named where it is written: the fragment and its pointer', async (t) => {
  const result = explain(config, ctxFor('ag1', { LocId: 'SG', flags: [] }), { kind: 'action', path: '/admin/agents', id: 'createAgent' })
  if (!result.ok) throw new Error(result.reason)
  const flags = leaves(result.explanation.tree).filter((l) => l.text === 'EnableCreateAgent on' && l.file !== 'menu.json')
  t.match(flags, [{ file: 'fragments/agents.json', pointer: '/mayCreate/all/1' }], 'the action\'s leaf points into the fragment')
  t.ok(result.explanation.files.includes('fragments/agents.json'), result.explanation.files.join(', '))
})
