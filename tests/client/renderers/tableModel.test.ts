import t from 'tap'
import type { TableColumn } from '../../../schemas/widgets.ts'
import { compareKeys, drawColour, DRAW_COLOURS, fillPath, footerSums, formatCell, sortKey } from '../../../client/src/renderers/lib/tableModel.ts'

t.test('cells by column type; money has exactly 2 decimals', async (t) => {
  t.equal(formatCell(1234.5, 'money'), '1,234.50')
  t.equal(formatCell('-0.005', 'money'), '-0.01')
  t.equal(formatCell(3, 'money'), '3.00')
  t.equal(formatCell(0.125, 'percent'), '12.50%')
  t.equal(formatCell(1234567, 'number'), '1,234,567')
  t.equal(formatCell('2026-03-07T18:30:00+08:00', 'date'), '03/07/2026 18:30:00')
  t.equal(formatCell('2026-03-07', 'date'), '03/07/2026')
  t.equal(formatCell('A', 'status'), 'A')
  t.equal(formatCell(null, 'money'), '')
  t.equal(formatCell('n/a', 'money'), 'n/a')
})

t.test('sort keys: numbers and dates numerically, text plainly', async (t) => {
  t.ok(compareKeys(sortKey('10', 'number'), sortKey('9', 'number')) > 0)
  t.ok(compareKeys(sortKey('2026-01-02T00:00:00Z', 'date'), sortKey('2026-01-01T23:00:00-02:00', 'date')) < 0, 'offsets respected')
  t.ok(compareKeys(sortKey('b', 'text'), sortKey('a', 'text')) > 0)
  t.equal(sortKey(undefined, 'money'), Number.NEGATIVE_INFINITY)
})

t.test('footer sums only for summed numeric columns, money in cents', async (t) => {
  const cols: TableColumn[] = [
    { field: 'A', labelKey: 'a', type: 'money', width: 80, sum: true },
    { field: 'B', labelKey: 'b', type: 'number', width: 80, sum: true },
    { field: 'C', labelKey: 'c', type: 'text', width: 80, sum: true },
    { field: 'D', labelKey: 'd', type: 'money', width: 80 }
  ]
  t.same(footerSums([{ A: 0.1, B: 2, D: 1 }, { A: 0.2, B: '3' }, { A: null }], cols), { A: 0.3, B: 5 })
})

t.test('draw colours cover every type code of the seed', async (t) => {
  for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '9', '24', '25', 'IBET', 'KBET', 'RRRR']) t.ok(drawColour(code), code)
  t.equal(drawColour('ibet'), DRAW_COLOURS.IBET)
  t.equal(drawColour(8), undefined)
  t.equal(new Set(Object.values(DRAW_COLOURS)).size, Object.keys(DRAW_COLOURS).length, 'every code has its own colour')
})

t.test('row paths take row values', async (t) => {
  t.equal(fillPath('/api/v1/4d/announcements/:AnnouncementId', { AnnouncementId: 7 }), '/api/v1/4d/announcements/7')
  t.equal(fillPath('/x/:Id', { Id: 'a/b' }), '/x/a%2Fb')
})
