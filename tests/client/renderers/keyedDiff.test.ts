import t from 'tap'
import { diffByFile, impactRows, isChangeList, isImpact, valueText, VALUE_TEXT_MAX } from '../../../client/src/renderers/lib/keyedDiffModel.ts'
import type { ImpactGroup } from '../../../schemas/config-impact.ts'

// The keyed diff widget's model: changes by file and key with their values before → after, and the impact table's rows.

t.test('changes are grouped by file, named by their keys, with the value before and after', async (t) => {
  const files = diffByFile([
    { file: 'columns/report-full.json', pointer: '/columns/3/width', path: ['columns', 'stake', 'width'], kind: 'changed', before: 110, after: 160 },
    { file: 'i18n/en.json', pointer: '/column/stake', path: ['column', 'stake'], kind: 'changed', before: 'Stake', after: 'Stake ($)' },
    { file: 'columns/report-full.json', pointer: '/columns/5', path: ['columns', 'net'], kind: 'moved', before: 5, after: 1 },
    { file: 'menu.json', pointer: '/groups/2/items/9', path: ['groups', 'report', 'items', 'reportOut'], kind: 'removed', before: { key: 'reportOut', path: '/report/out' } },
    { file: 'pages/new.json', pointer: '', path: [], kind: 'added', after: { path: '/new' } }
  ])
  t.same(files.map((f) => f.file), ['columns/report-full.json', 'i18n/en.json', 'menu.json', 'pages/new.json'], 'one table per file, in the order the changes came')
  t.match(files[0]!.rows, [
    { where: 'columns › stake › width', kind: 'changed', before: '110', after: '160' },
    { where: 'columns › net', kind: 'moved', before: '6', after: '2' }
  ], 'a column by its key; a move by its positions counted from 1')
  t.match(files[1]!.rows, [{ where: 'column › stake', before: 'Stake', after: 'Stake ($)' }], 'a text as it is')
  t.match(files[2]!.rows, [{ where: 'groups › report › items › reportOut', kind: 'removed', before: '{"key":"reportOut","path":"/report/out"}', after: '' }], 'a removed item: its value before, nothing after')
  t.match(files[3]!.rows, [{ where: '', kind: 'added', before: '', after: '{"path":"/new"}' }], 'a whole file added')
})

t.test('values are one line of text, long ones cut', async (t) => {
  t.equal(valueText(undefined), '')
  t.equal(valueText(null), 'null')
  t.equal(valueText(false), 'false')
  const long = valueText('x'.repeat(1000))
  t.equal(long.length, VALUE_TEXT_MAX)
  t.ok(long.endsWith('…'))
})

t.test('only the answers it knows are drawn', async (t) => {
  t.ok(isChangeList([]))
  t.ok(isChangeList([{ file: 'menu.json', path: [], kind: 'added' }]))
  t.notOk(isChangeList({ changes: [] }), 'the list itself (the binding\'s dataPath reads it)')
  t.notOk(isChangeList([{ file: 'menu.json' }]))
  t.ok(isImpact({ groups: [], users: { known: 0, examined: 0 } }))
  t.notOk(isImpact(undefined))
  t.notOk(isImpact({ groups: [] }))
})

t.test('impact rows: the groups with someone affected first, each with how many of its users', async (t) => {
  const group = (Role: string, LocId: string, users: string[], affected: string[], pages: string[] = []): ImpactGroup => ({ Role, LocId, tt: LocId === 'TT', users, affected, menu: [], pages, columns: [] })
  const rows = impactRows([group('ADMIN', 'SG', ['admin', 'ops', 'clerk'], ['admin', 'ops'], ['/report/full changed']), group('AG', 'SG', ['ag1'], []), group('AG', 'TT', ['ag1'], ['ag1']), group('MEM', 'SG', ['mem1'], [])])
  t.same(rows.map((r) => r.key), ['ADMIN/SG', 'AG/TT', 'AG/SG', 'MEM/SG'])
  t.match(rows[0], { Role: 'ADMIN', LocId: 'SG', tt: false, users: 3, affected: ['admin', 'ops'], pages: ['/report/full changed'] })
  t.match(rows[1], { tt: true })
})
