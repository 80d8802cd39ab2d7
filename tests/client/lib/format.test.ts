import t from 'tap'
import { clockText, countdownParts, dayText, drawWeekday, intlLocale, maintenanceTime, money, readableOn } from '../../../client/src/lib/format.ts'

t.test('money: dollars with exactly 2 decimals', async (t) => {
  t.equal(money(50000), '$50,000.00')
  t.equal(money(1250.5), '$1,250.50')
  t.equal(money(-300), '-$300.00')
  t.equal(money(0.005), '$0.01')
  t.equal(money(null), '$0.00')
  t.match(money(12, 'MYR'), /^RM\s12\.00$/, 'in the currency getCurrencyCode names')
  t.equal(money(-0.001), '$0.00', 'no negative zero')
})

t.test('maintenance time: DD/MM/YYYY HH:mm in GMT+8, or null', async (t) => {
  t.equal(maintenanceTime('2030-01-01T04:05:00Z'), '01/01/2030 12:05')
  t.equal(maintenanceTime('2030-12-31T20:30:00Z'), '01/01/2031 04:30', 'crosses midnight and the year')
  t.equal(maintenanceTime('2030-06-05T09:00:00+08:00'), '05/06/2030 09:00')
  t.equal(maintenanceTime('nonsense'), 'null')
  t.equal(maintenanceTime(''), 'null')
  t.equal(maintenanceTime(null), 'null')
})

t.test('days in texts: MM/DD/YYYY as tables show them, a date-time\'s day, each of a list', async (t) => {
  t.equal(dayText('2026-11-28'), '11/28/2026')
  t.equal(dayText('2026-11-28T00:00:00.000Z'), '11/28/2026')
  t.equal(dayText(['2026-11-28', '2026-11-29']), '11/28/2026, 11/29/2026')
  t.equal(dayText('2026-11-28, 2026-12-02'), '11/28/2026, 12/02/2026')
  t.equal(dayText('draw 7'), 'draw 7', 'other text as it is')
})

t.test('clock like Mon, Jan 1, 2024, 1:02:03 PM (GMT+8)', async (t) => {
  t.equal(clockText(Date.parse('2024-01-01T13:02:03+08:00')), 'Mon, Jan 1, 2024, 1:02:03 PM')
  t.equal(clockText(Date.parse('2024-01-01T00:00:00Z')), 'Mon, Jan 1, 2024, 8:00:00 AM')
})

t.test('draw weekday and countdown', async (t) => {
  t.equal(drawWeekday('2024-01-03T18:30:00+08:00'), 'Wednesday')
  t.equal(drawWeekday(undefined), '')
  t.equal(drawWeekday('2024-01-03T18:30:00+08:00', intlLocale('zh')), '星期三', 'in Chinese the header says 星期三, not Wednesday')
  t.match(clockText(Date.parse('2024-01-01T13:02:03+08:00'), intlLocale('ch')), /2024年1月1日周一 下午1:02:03/, 'the clock in Chinese too')
  t.equal(intlLocale('en'), 'en-US')
  const now = Date.parse('2024-01-01T00:00:00Z')
  t.same(countdownParts(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now), { d: 2, h: 3, m: 4, s: 5 })
  t.equal(countdownParts(now, now), null, 'closed at zero')
  t.equal(countdownParts(now - 1000, now), null, 'closed once past')
})

t.test('readable text colour on announcement backgrounds', async (t) => {
  t.equal(readableOn('#fff3cd'), '#000000')
  t.equal(readableOn('#123'), '#ffffff')
  t.equal(readableOn('rgb(10, 20, 30)'), '#ffffff')
  t.equal(readableOn('lightyellow'), '#000000', 'named colours fall back to black text')
})
