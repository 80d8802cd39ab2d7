import t from 'tap'
import { readConfigDir, validateOnce, type LoadedConfig } from '../../../server/src/config/load.ts'
import { contextClass, impactPaths, menuImpact, ruleFields, viewImpact } from '../../../server/src/config/impact.ts'
import { chooseUsers } from '../../../server/src/routes/config-impact-users.ts'
import type { MenuGroupView } from '../../../schemas/menu.ts'
import { ctxFor, profiles, shippedConfigDir, SG, TT } from './fixtures.ts'

// The impact's pure parts: which pages and facts it compares, a menu's and a page's changes for one rule context, and which
// users stand for the rest when the tree is larger than the limit. (Through the service: config-impact.test.ts.)

const { files } = await readConfigDir(shippedConfigDir)
const configOf = (change: (files: Map<string, string>) => void): LoadedConfig => {
  const copy = new Map(files)
  change(copy)
  const loaded = validateOnce(copy)
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors.slice(0, 3)))
  return loaded.config
}
const live = configOf(() => {})
const edit = (path: string, fn: (value: any) => void) => (copy: Map<string, string>) => { const value = JSON.parse(copy.get(path) ?? '{}'); fn(value); copy.set(path, JSON.stringify(value)) }

t.test('the pages compared: every path and ttPath, a route template\'s :Name read as a plain segment', async (t) => {
  const paths = impactPaths([live])
  t.ok(paths.includes('/report/full') && paths.includes('/report/tt/full'), 'a page and its TT path')
  t.ok(paths.includes('/utilities/configuration/draft/id'), 'a route template')
  t.notOk(paths.some((p) => p.includes(':')))
})

t.test('the facts rules read: Role, grants, the ADMIN alias and the numeric fields named by flag and cmp; nothing else tells two users apart', async (t) => {
  const fields = ruleFields([live])
  t.ok(['EnableCreateDownline', 'Rank', 'dShare', 'tShare'].every((f) => fields.includes(f)), 'flag and cmp fields')
  t.notOk(fields.includes('Credit'), 'a field no rule reads')
  t.equal(contextClass(ctxFor('mem1', SG), fields), contextClass(ctxFor('mem3', SG), fields), 'two members alike are one class')
  t.equal(contextClass(ctxFor('mem1', SG), fields), contextClass({ ...ctxFor('mem1', SG), profile: { ...profiles.mem1!, Credit: 99, UserId: 'x' } }, fields), 'whatever their credit and id')
  t.not(contextClass(ctxFor('mem1', SG), fields), contextClass(ctxFor('mem1', TT), fields), 'a TT location is another class')
  t.not(contextClass(ctxFor('ag1', SG), fields), contextClass(ctxFor('ag2', SG), fields), 'agents of other ranks and grants are not')
})

t.test('a menu\'s changes by group and item key: added, removed, changed, moved', async (t) => {
  const item = (key: string, label = key) => ({ key, label, path: `/${key}`, query: {} })
  const before: MenuGroupView[] = [{ key: 'g', label: 'G', items: [item('a'), item('b'), item('c'), item('d')] }]
  const after: MenuGroupView[] = [{ key: 'g', label: 'G', items: [item('c'), item('a'), item('b', 'B'), item('e')] }]
  t.same(menuImpact(before, after), [{ key: 'g/c', kind: 'moved' }, { key: 'g/b', kind: 'changed' }, { key: 'g/e', kind: 'added' }, { key: 'g/d', kind: 'removed' }], 'one move reported, not every item it passed')
  t.same(menuImpact(before, before), [])
})

t.test('one context\'s impact: the pages it is served (with their columns) and its menu', async (t) => {
  const paths = impactPaths([live])
  const narrower = configOf(edit('columns/report-full.json', (set) => { set.columns = set.columns.filter((c: any) => !String(c.$ref).endsWith('#/stake')) }))
  t.match(viewImpact(live, narrower, ctxFor('ag1', SG), paths), { menu: [], pages: [{ path: '/report/full', kind: 'changed', columns: [{ table: 'full', field: 'Stake', kind: 'removed' }, { table: 'range', field: 'Stake', kind: 'removed' }] }] }, 'a column taken out of the set')
  t.same(viewImpact(live, narrower, ctxFor('mem1', SG), paths), { menu: [], pages: [] }, 'nothing for a member')
  const gone = configOf(edit('menu.json', (menu) => { for (const g of menu.groups) g.items = g.items.filter((i: any) => i.key !== 'reportStake') }))
  t.match(viewImpact(live, gone, ctxFor('ag1', SG), paths), { menu: [{ key: 'report/reportStake', kind: 'removed' }], pages: [{ path: '/report/stake', kind: 'removed', columns: [] }] }, 'an item taken out: its page is lost too')
  t.same(viewImpact(gone, live, ctxFor('ag1', SG), paths).pages.map((p) => `${p.path} ${p.kind}`), ['/report/stake added'], 'and gained the other way round')
})

t.test('beyond the limit, users are taken in turn from each role and depth', async (t) => {
  const tree = [
    { UserId: 'admin', Role: 'ADMIN', Depth: 0 },
    ...Array.from({ length: 5 }, (_, i) => ({ UserId: `ag${i}`, Role: 'AG', Depth: 1 })),
    ...Array.from({ length: 20 }, (_, i) => ({ UserId: `mem${i}`, Role: 'MEM', Depth: 2 }))
  ]
  t.equal(chooseUsers(tree).length, tree.length, 'all of them within the limit')
  t.same(chooseUsers(tree, 7), ['admin', 'ag0', 'mem0', 'ag1', 'mem1', 'ag2', 'mem2'], 'every class represented first')
})
