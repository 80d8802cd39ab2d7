import t from 'tap'
import type { FileMap } from '../../../schemas/config-versions.ts'
import { diffVersions, summariseChanges } from '../../../server/src/config/keyed-diff.ts'
import { mergeVersions, mergedOrder } from '../../../server/src/config/keyed-merge.ts'
import { resolveFragments } from '../../../server/src/config/fragments.ts'
import { readConfigDir } from '../../../server/src/config/load.ts'
import { shippedConfigDir } from './fixtures.ts'

// Keyed diff and three-way merge of config versions: changes by menu item, column, widget and i18n key, never by text line.

const files: FileMap = Object.fromEntries((await readConfigDir(shippedConfigDir)).files)
const fragments = new Map(Object.entries(files).filter(([file]) => file.startsWith('fragments/')).map(([file, text]) => [file, JSON.parse(text) as unknown]))
const OUT = 'columns/report-out.json'
/** The shipped config with Bet Out's column set written out in full, as an operator may write one: its columns are keyed by field (Full Report's by $ref). */
const shipped: FileMap = { ...files, [OUT]: JSON.stringify(resolveFragments(OUT, JSON.parse(files[OUT] ?? 'null'), fragments, [])?.value, null, 2) + '\n' }

type Edit = (value: any) => void
/** The files with each named file parsed, edited and written back as the config editor writes it. */
function edited (files: FileMap, edits: Record<string, Edit>): FileMap {
  const out: Record<string, string> = { ...files }
  for (const [file, edit] of Object.entries(edits)) {
    const value = JSON.parse(files[file] ?? 'null')
    edit(value)
    out[file] = JSON.stringify(value, null, 2) + '\n'
  }
  return out
}
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'
const parsed = (files: FileMap, file: string) => JSON.parse(files[file] ?? 'null')
const utilities = (menu: any) => menu.groups.find((g: any) => g.key === 'utilities')
const column = (set: any, field: string) => set.columns.find((c: any) => c.field === field)

t.test('the shipped config against itself, and files that only changed their spacing: no change', async (t) => {
  t.same(diffVersions(shipped, shipped), [])
  const respaced = { ...shipped, 'menu.json': JSON.stringify(JSON.parse(shipped['menu.json'] ?? '')) }
  t.same(diffVersions(shipped, respaced), [], 'the same JSON written differently is the same config')
})

t.test('edits of the shipped files are reported by key', async (t) => {
  const stake = 'fragments/report-full-columns.json#/stake'
  const after = edited(shipped, {
    'columns/report-full.json': (set) => { set.columns[5] = { $ref: stake, labelKey: 'column.Stake' } },
    'columns/report-out.json': (set) => { column(set, 'BigOut').labelKey = 'column.BigOut' },
    'menu.json': (menu) => { const items = utilities(menu).items; [items[3], items[4]] = [items[4], items[3]] },
    'i18n/en.json': (c) => { c.menu.auditTrail = 'Audit trail' },
    'i18n/zh.json': (c) => { c.menu.auditTrail = '审计记录' },
    'pages/report-full.json': (page) => { page.widgets.splice(2, 1) }
  })
  const fullTT = parsed(shipped, 'pages/report-full.json').widgets[2]
  const changes = diffVersions(shipped, after)
  t.same(changes, [
    { file: 'columns/report-full.json', pointer: '/columns/5/labelKey', path: ['columns', 'stake', 'labelKey'], kind: 'added', after: 'column.Stake' },
    { file: 'columns/report-out.json', pointer: '/columns/3/labelKey', path: ['columns', 'BigOut', 'labelKey'], kind: 'changed', before: 'common.bigOut', after: 'column.BigOut' },
    { file: 'i18n/en.json', pointer: '/menu/auditTrail', path: ['menu', 'auditTrail'], kind: 'added', after: 'Audit trail' },
    { file: 'i18n/zh.json', pointer: '/menu/auditTrail', path: ['menu', 'auditTrail'], kind: 'added', after: '审计记录' },
    { file: 'menu.json', pointer: '/groups/5/items/3', path: ['groups', 'utilities', 'items', 'auditLog'], kind: 'moved', before: 4, after: 3 },
    { file: 'pages/report-full.json', pointer: '/widgets/2', path: ['widgets', 'fullTT'], kind: 'removed', before: fullTT }
  ], 'one change per keyed unit: a fragment column by its reference, a column by field, an item by key, a widget by id; the widget after the removed one is not moved')
  t.equal(fullTT.id, 'fullTT', 'the removal carries the widget removed')

  const summary = summariseChanges(changes)
  t.same(summary.files, [
    { file: 'columns/report-full.json', added: 1, removed: 0, changed: 0, moved: 0 },
    { file: 'columns/report-out.json', added: 0, removed: 0, changed: 1, moved: 0 },
    { file: 'i18n/en.json', added: 1, removed: 0, changed: 0, moved: 0 },
    { file: 'i18n/zh.json', added: 1, removed: 0, changed: 0, moved: 0 },
    { file: 'menu.json', added: 0, removed: 0, changed: 0, moved: 1 },
    { file: 'pages/report-full.json', added: 0, removed: 1, changed: 0, moved: 0 }
  ], 'counts by kind per file')
  t.same(summary.lines, [
    'columns/report-full.json: column "stake" labelKey added',
    'columns/report-out.json: column "BigOut" labelKey changed',
    'i18n/en.json: menu.auditTrail added',
    'i18n/zh.json: menu.auditTrail added',
    'menu.json: group "utilities" item "auditLog" moved',
    'pages/report-full.json: widget "fullTT" removed'
  ], 'one English line per change')
})

t.test('a keyed element moved and changed is reported as both; moving one element past others reports only it', async (t) => {
  const before = { 'menu.json': json({ groups: [{ key: 'g', items: [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }] }] }) }
  const after = { 'menu.json': json({ groups: [{ key: 'g', items: [{ key: 'd', label: 'D' }, { key: 'a' }, { key: 'b' }, { key: 'c' }] }] }) }
  t.same(diffVersions(before, after), [
    { file: 'menu.json', pointer: '/groups/0/items/0', path: ['groups', 'g', 'items', 'd'], kind: 'moved', before: 3, after: 0 },
    { file: 'menu.json', pointer: '/groups/0/items/0/label', path: ['groups', 'g', 'items', 'd', 'label'], kind: 'added', after: 'D' }
  ])
})

t.test('hand-built versions: files added, removed, not JSON; arrays keyed by the first property that tells elements apart', async (t) => {
  const before: FileMap = {
    'api.json': json({ endpoints: [{ path: 'status', methods: ['GET'] }, { path: 'profile', methods: ['GET'] }] }),
    'columns/a.json': json({ key: 'a', columns: [{ field: 'X', name: 'same' }, { field: 'Y', name: 'same' }] }),
    'columns/b.json': json({ key: 'b', columns: [{ field: 'X' }, { field: 'X' }] }),
    'pages/old.json': json({ path: '/old' }),
    'pages/broken.json': '{ "path": '
  }
  const after: FileMap = {
    'api.json': json({ endpoints: [{ path: 'status', methods: ['GET', 'POST'] }, { path: 'profile', methods: ['GET'] }, { path: 'loc', methods: ['GET'] }] }),
    'columns/a.json': json({ key: 'a', columns: [{ field: 'X', name: 'same' }, { field: 'Y', name: 'other' }] }),
    'columns/b.json': json({ key: 'b', columns: [{ field: 'X' }, { field: 'X', width: 1 }] }),
    'pages/new.json': json({ path: '/new' }),
    'pages/broken.json': '{ "path": "/fixed" }'
  }
  const changes = diffVersions(before, after)
  t.same(changes, [
    { file: 'api.json', pointer: '/endpoints/0/methods', path: ['endpoints', 'status', 'methods'], kind: 'changed', before: ['GET'], after: ['GET', 'POST'] },
    { file: 'api.json', pointer: '/endpoints/2', path: ['endpoints', 'loc'], kind: 'added', after: { path: 'loc', methods: ['GET'] } },
    { file: 'columns/a.json', pointer: '/columns/1/name', path: ['columns', 'Y', 'name'], kind: 'changed', before: 'same', after: 'other' },
    { file: 'columns/b.json', pointer: '/columns', path: ['columns'], kind: 'changed', before: [{ field: 'X' }, { field: 'X' }], after: [{ field: 'X' }, { field: 'X', width: 1 }] },
    { file: 'pages/broken.json', pointer: '', path: [], kind: 'changed', before: '{ "path": ', after: '{ "path": "/fixed" }' },
    { file: 'pages/new.json', pointer: '', path: [], kind: 'added', after: { path: '/new' } },
    { file: 'pages/old.json', pointer: '', path: [], kind: 'removed', before: { path: '/old' } }
  ], 'endpoints by path, scalar lists whole, columns by field (name repeats), a list with a repeated field whole, broken JSON as text')
  t.same(summariseChanges(changes).lines, [
    'api.json: endpoint "status" methods changed',
    'api.json: endpoint "loc" added',
    'columns/a.json: column "Y" name changed',
    'columns/b.json: columns changed',
    'pages/broken.json: file changed',
    'pages/new.json: file added',
    'pages/old.json: file removed'
  ])
})

t.test('merge: only one side changed a file, or both the same way', async (t) => {
  const ours = edited(shipped, { 'menu.json': (menu) => { utilities(menu).items[0].label = 'menu.backup' } })
  const theirs = edited(shipped, { 'pages/report-full.json': (page) => { page.back = false } })
  const merged = mergeVersions(shipped, ours, theirs)
  t.same(merged.conflicts, [])
  t.equal(merged.files['menu.json'], ours['menu.json'], 'our menu as we wrote it')
  t.equal(merged.files['pages/report-full.json'], theirs['pages/report-full.json'], 'their page as they wrote it')
  t.equal(merged.files['columns/report-out.json'], shipped['columns/report-out.json'], 'an untouched file keeps its exact text')
  t.same(Object.keys(merged.files).sort(), Object.keys(shipped).sort(), 'no file gained or lost')

  const same = edited(shipped, { 'i18n/en.json': (c) => { c.menu.auditTrail = 'Audit trail' } })
  const sameRespaced = { ...same, 'i18n/en.json': JSON.stringify(JSON.parse(same['i18n/en.json'] ?? '')) }
  const both = mergeVersions(shipped, same, sameRespaced)
  t.same(both.conflicts, [], 'the same change on both sides, written differently, merges cleanly')
  t.equal(both.files['i18n/en.json'], sameRespaced['i18n/en.json'], 'and keeps the live side\'s text')

  const removed: Record<string, string> = { ...shipped }
  delete removed['pages/report-full.json']
  const removal = mergeVersions(shipped, removed, shipped)
  t.notOk('pages/report-full.json' in removal.files, 'a file removed on one side and untouched on the other is removed')
})

t.test('merge is idempotent: merging a version with itself answers it', async (t) => {
  const x = edited(shipped, {
    'menu.json': (menu) => { utilities(menu).items.reverse() },
    'columns/report-out.json': (set) => { set.columns.pop() }
  })
  const merged = mergeVersions(shipped, x, x)
  t.same(merged, { files: x, conflicts: [] })
  t.same(mergeVersions(shipped, shipped, shipped), { files: shipped, conflicts: [] })
})

t.test('merge of one column set both sides changed', async (t) => {
  const base = parsed(shipped, 'columns/report-out.json')
  const ours = edited(shipped, { 'columns/report-out.json': (set) => { column(set, 'BigOut').width = 120 } })
  const theirs = edited(shipped, { 'columns/report-out.json': (set) => { column(set, 'SmallOut').labelKey = 'column.SmallOut' } })
  const merged = mergeVersions(shipped, ours, theirs)
  t.same(merged.conflicts, [], 'edits of different columns merge')
  const set = parsed(merged.files, 'columns/report-out.json')
  t.equal(column(set, 'BigOut').width, 120, 'our width')
  t.equal(column(set, 'SmallOut').labelKey, 'column.SmallOut', 'their label')
  t.same(set.columns.map((c: any) => c.field), base.columns.map((c: any) => c.field), 'in the order both kept')
  t.equal(merged.files['columns/report-out.json'], json(set), 'a file merged from both sides is written as the editor writes JSON')

  const widths = mergeVersions(shipped, ours, edited(shipped, { 'columns/report-out.json': (set) => { column(set, 'BigOut').width = 90 } }))
  t.same(widths.conflicts, [{ file: 'columns/report-out.json', pointer: '/columns/3/width', path: ['columns', 'BigOut', 'width'], base: 100, ours: 120, theirs: 90 }], 'the same width changed differently: one conflict')
  t.equal(column(parsed(widths.files, 'columns/report-out.json'), 'BigOut').width, 90, 'the merged file keeps the live side')
})

t.test('merge: a keyed element removed on one side and changed on the other is a conflict', async (t) => {
  const smallOut = column(parsed(shipped, 'columns/report-out.json'), 'SmallOut')
  const removed = edited(shipped, { 'columns/report-out.json': (set) => { set.columns = set.columns.filter((c: any) => c.field !== 'SmallOut') } })
  const changed = edited(shipped, { 'columns/report-out.json': (set) => { column(set, 'SmallOut').width = 150 } })

  const oursRemoved = mergeVersions(shipped, removed, changed)
  t.same(oursRemoved.conflicts, [{ file: 'columns/report-out.json', pointer: '/columns/4', path: ['columns', 'SmallOut'], base: smallOut, theirs: { ...smallOut, width: 150 } }])
  t.equal(oursRemoved.files['columns/report-out.json'], changed['columns/report-out.json'], 'their changed column stays, and so their text')

  const theirsRemoved = mergeVersions(shipped, changed, removed)
  t.same(theirsRemoved.conflicts, [{ file: 'columns/report-out.json', pointer: '/columns/4', path: ['columns', 'SmallOut'], base: smallOut, ours: { ...smallOut, width: 150 } }], 'the other way round: where it would go')
  t.equal(theirsRemoved.files['columns/report-out.json'], removed['columns/report-out.json'], 'their removal stands')

  const both = mergeVersions(shipped,
    edited(removed, { 'columns/report-out.json': (set) => { column(set, 'Number').width = 95 } }),
    edited(shipped, { 'columns/report-out.json': (set) => { column(set, 'Form').width = 85 } }))
  const set = parsed(both.files, 'columns/report-out.json')
  t.same(both.conflicts, [], 'a removal of a column the other side left alone is no conflict')
  t.same([set.columns.map((c: any) => c.field), column(set, 'Number').width, column(set, 'Form').width], [['Number', 'Form', 'Bets', 'BigOut', 'AmountOut', 'OutStrike'], 95, 85])
})

t.test('merge order: the side that reordered keeps its order; additions follow the element they followed', async (t) => {
  const base = { 'menu.json': json({ groups: [{ key: 'g', items: [{ key: 'a' }, { key: 'b' }, { key: 'c' }] }] }) }
  const items = (files: FileMap) => parsed(files, 'menu.json').groups[0].items.map((i: any) => i.key + (i.label ? `:${i.label}` : ''))
  const withItems = (list: unknown[]) => ({ 'menu.json': json({ groups: [{ key: 'g', items: list }] }) })

  const added = mergeVersions(base, withItems([{ key: 'a' }, { key: 'x' }, { key: 'b' }, { key: 'c' }]), withItems([{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'y' }]))
  t.same(items(added.files), ['a', 'x', 'b', 'c', 'y'], 'our addition after the item it follows in ours, in their order')

  const reordered = mergeVersions(base, withItems([{ key: 'c' }, { key: 'a' }, { key: 'b' }]), withItems([{ key: 'a' }, { key: 'b', label: 'B' }, { key: 'c' }]))
  t.same([items(reordered.files), reordered.conflicts], [['c', 'a', 'b:B'], []], 'our reordering with their change')

  const theirsReordered = mergeVersions(base, withItems([{ key: 'a', label: 'A' }, { key: 'b' }, { key: 'c' }, { key: 'z' }]), withItems([{ key: 'b' }, { key: 'a' }, { key: 'c' }]))
  t.same(items(theirsReordered.files), ['b', 'a:A', 'c', 'z'], 'their reordering with our change and addition')

  t.same(mergedOrder(['a', 'b'], ['x', 'a', 'b'], ['a', 'b', 'y']), ['x', 'a', 'b', 'y'], 'an addition at the start stays first')
  t.same(mergedOrder(['a', 'b', 'c'], ['b', 'a', 'c'], ['c', 'b', 'a']), ['c', 'b', 'a'], 'both reordered: theirs')
})

t.test('merge across files and inside an i18n catalogue', async (t) => {
  const ours = edited(shipped, {
    'i18n/en.json': (c) => { c.menu.auditTrail = 'Audit trail' },
    'i18n/zh.json': (c) => { c.menu.auditTrail = '审计记录' }
  })
  const theirs = edited(shipped, { 'i18n/en.json': (c) => { c.menu.support = 'Help' } })
  const merged = mergeVersions(shipped, ours, theirs)
  const en = parsed(merged.files, 'i18n/en.json')
  t.same(merged.conflicts, [])
  t.same([en.menu.auditTrail, en.menu.support], ['Audit trail', 'Help'], 'both keys of the same catalogue')
  t.equal(merged.files['i18n/zh.json'], ours['i18n/zh.json'], 'a file only we changed')
  t.same(diffVersions(theirs, merged.files).map((c) => c.pointer), ['/menu/auditTrail', '/menu/auditTrail'], 'the merge adds to theirs exactly our change')
})

t.test('merge: files that are not JSON, and a file removed on one side and changed on the other', async (t) => {
  const base = { 'pages/x.json': json({ path: '/x' }), 'pages/y.json': json({ path: '/y', title: 't' }) }
  const ours = { 'pages/x.json': '{ "path": ', 'pages/y.json': json({ path: '/y', title: 'ours' }) }
  const theirs = { 'pages/x.json': json({ path: '/x2' }) }
  const merged = mergeVersions(base, ours, theirs)
  t.same(merged.conflicts, [
    { file: 'pages/x.json', pointer: '', path: [], base: base['pages/x.json'], ours: '{ "path": ', theirs: theirs['pages/x.json'] },
    { file: 'pages/y.json', pointer: '', path: [], base: { path: '/y', title: 't' }, ours: { path: '/y', title: 'ours' } }
  ], 'one conflict per file at its root')
  t.same(merged.files, theirs, 'theirs kept: their text, their removal')

  const added = mergeVersions({}, { 'pages/n.json': json({ path: '/n', title: 'a' }) }, { 'pages/n.json': json({ path: '/n', back: true }) })
  t.same(added, { files: { 'pages/n.json': json({ path: '/n', title: 'a', back: true }) }, conflicts: [] }, 'a file both sides added merges by property, ours after the property it follows')
})
