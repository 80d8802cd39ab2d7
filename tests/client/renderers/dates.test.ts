import t from 'tap'
import { formatMDY, fromIsoDay, isRangeOrdered, parseDateInput, toIsoDay } from '../../../client/src/renderers/lib/dates.ts'

const today = { y: 2026, m: 3, d: 15 }

t.test('parses d and d/m, filling the rest from today, and full dates as shown or as d/m/y', async (t) => {
  t.same(parseDateInput('7', today), { y: 2026, m: 3, d: 7 })
  t.same(parseDateInput('7/4', today), { y: 2026, m: 4, d: 7 }, 'the short form is day/month, as the seed says')
  t.same(parseDateInput('11/20/2026', today), { y: 2026, m: 11, d: 20 }, 'what the placeholder shows (MM/DD/YYYY) is accepted')
  t.same(parseDateInput('20/11/2026', today), { y: 2026, m: 11, d: 20 }, 'and d/m/y')
  t.same(parseDateInput('20/11/26', today), { y: 2026, m: 11, d: 20 }, 'two-digit years are 20yy')
  t.same(parseDateInput(' 31-12-2024 ', today), { y: 2024, m: 12, d: 31 }, 'dashes and spaces work too')
  t.same(parseDateInput('2025-03-04', today), { y: 2025, m: 3, d: 4 }, 'year first is year, month, day')
  t.same(parseDateInput('05/05/2025', today), { y: 2025, m: 5, d: 5 }, 'the same day both ways round is not ambiguous')
})

t.test('a full date that is a real day both ways round is refused as ambiguous, never read silently one way', async (t) => {
  t.equal(parseDateInput('7/4/2025', today), 'ambiguous')
  t.equal(parseDateInput('03/04/26', today), 'ambiguous')
})

t.test('rejects what is not a real day', async (t) => {
  for (const bad of ['', 'abc', '31/2', '29/2/2025', '0', '1/13', '1/2/3/4', '5/x']) t.equal(parseDateInput(bad, today), null, bad)
  t.same(parseDateInput('29/2/2024', today), { y: 2024, m: 2, d: 29 }, 'leap day')
})

t.test('shows MM/DD/YYYY padded and round-trips ISO days', async (t) => {
  t.equal(formatMDY({ y: 2026, m: 3, d: 7 }), '03/07/2026')
  t.equal(toIsoDay({ y: 2026, m: 3, d: 7 }), '2026-03-07')
  t.same(fromIsoDay('2026-03-07T10:00:00+08:00'), { y: 2026, m: 3, d: 7 })
  t.equal(fromIsoDay('2026-02-30'), null)
})

t.test('from must not be later than to', async (t) => {
  t.ok(isRangeOrdered('2026-01-01', '2026-01-02'))
  t.ok(isRangeOrdered('2026-01-02', '2026-01-02'))
  t.notOk(isRangeOrdered('2026-01-03', '2026-01-02'))
  t.ok(isRangeOrdered(undefined, '2026-01-02'), 'an open end is fine')
})
