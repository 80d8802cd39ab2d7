import t from 'tap'
import { resultSections } from '../../../client/src/renderers/lib/formAnswer.ts'

t.test('result sections: arrays give one item each, objects one item, scalars { value }; empty parts are left out', async (t) => {
  const sections = [
    { path: 'errors', labelKey: 'k.errors', itemKey: 'k.error', tone: 'error' as const },
    { path: 'warnings', labelKey: 'k.warnings', itemKey: 'k.warning', tone: 'warning' as const },
    { path: 'ticket', labelKey: 'k.ticket', itemKey: 'k.summary' },
    { path: 'ticket.Lines', labelKey: 'k.lines', itemKey: 'k.line' }
  ]
  const bad = { ok: false, errors: [{ position: 9, length: 5, message: 'bad amount' }], warnings: [], ticket: null }
  t.same(resultSections(bad, sections), [{ labelKey: 'k.errors', itemKey: 'k.error', tone: 'error', items: [{ position: 9, length: 5, message: 'bad amount' }] }])

  const good = { ok: true, errors: [], warnings: [], ticket: { UserId: 'mem1', DrawDates: ['2026-11-25', '2026-11-28'], Stake: 4, Lines: [{ Number: '1234', Big: 1 }, { Number: '5678', Big: 1 }] } }
  const shown = resultSections(good, sections)
  t.same(shown.map((s) => s.labelKey), ['k.ticket', 'k.lines'], 'no error or warning section; the ticket and its lines')
  t.equal(shown[0]?.tone, 'info', 'info by default')
  t.equal(shown[0]?.items[0]?.DrawDates, '2026-11-25, 2026-11-28', 'a list inside an item reads as a comma-separated list')
  t.equal(shown[1]?.items.length, 2)
  t.same(resultSections({ count: 3 }, [{ path: 'count', labelKey: 'a', itemKey: 'b' }])[0]?.items, [{ value: 3 }])
  t.same(resultSections(undefined, sections), [], 'no answer, nothing shown')
})
