import t from 'tap'
import { closeTimeFor, nextDraws } from '../../../server/game-api/betting/draw-calendar.ts'
import { dayCodesOf, drawsForDayCode, resolveDayCode } from '../../../server/game-api/betting/day-codes.ts'
import { addDays, isIsoDate, weekdayOf, zoneDateOf, zoneInstant, zoneOffsetMinutes } from '../../../server/game-api/betting/timezone.ts'

// Saturday 21 November 2026, 12:00 in Singapore.
const saturdayNoon = new Date('2026-11-21T04:00:00Z')

t.test('zone helpers read GMT+8 through Intl', async (t) => {
  t.equal(zoneOffsetMinutes(saturdayNoon), 480, 'Singapore is 8 hours ahead of UTC')
  t.equal(zoneDateOf(new Date('2026-11-21T15:59:59Z')), '2026-11-21', 'still Saturday at 23:59:59 GMT+8')
  t.equal(zoneDateOf(new Date('2026-11-21T16:00:00Z')), '2026-11-22', 'Sunday from midnight GMT+8')
  t.equal(zoneInstant('2026-11-25', '18:30').toISOString(), '2026-11-25T10:30:00.000Z')
  t.equal(weekdayOf('2026-11-25'), 3, 'a Wednesday')
  t.equal(addDays('2026-12-31', 1), '2027-01-01')
  t.equal(addDays('2028-03-01', -1), '2028-02-29', 'leap day')
  t.ok(isIsoDate('2026-02-28'))
  t.notOk(isIsoDate('2026-02-30'), 'no such date')
  t.notOk(isIsoDate('26-2-3'))
})

t.test('betting closes at 18:30 GMT+8 on the draw day', async (t) => {
  t.equal(closeTimeFor('2026-11-21').toISOString(), '2026-11-21T10:30:00.000Z')
  t.equal(closeTimeFor('2027-01-01').toISOString(), '2027-01-01T10:30:00.000Z')
})

t.test('next draws per series', async (t) => {
  const dates = (series: 'SG4D' | 'MG4D' | 'TOTO', from: Date, count: number): string[] => nextDraws(series, from, count).map((d) => d.date)
  t.same(dates('SG4D', saturdayNoon, 4), ['2026-11-21', '2026-11-22', '2026-11-25', '2026-11-28'], '4D: Wed, Sat, Sun')
  t.same(dates('TOTO', saturdayNoon, 3), ['2026-11-23', '2026-11-26', '2026-11-30'], 'TOTO: Mon and Thu')
  const magnum = nextDraws('MG4D', saturdayNoon, 5)
  t.same(magnum.map((d) => d.date), ['2026-11-21', '2026-11-22', '2026-11-24', '2026-11-25', '2026-11-28'], 'Magnum adds Tuesday')
  t.same(magnum.map((d) => d.special), [false, false, true, false, false], 'the Tuesday draw is the special one')
  t.equal(dates('SG4D', new Date('2026-11-21T10:29:59Z'), 1)[0], '2026-11-21', 'open one second before 18:30')
  t.equal(dates('SG4D', new Date('2026-11-21T10:30:00Z'), 1)[0], '2026-11-22', 'closed at 18:30 sharp')
  t.equal(dates('SG4D', new Date('2026-11-20T20:00:00Z'), 1)[0], '2026-11-21', 'Friday in UTC is already Saturday morning in Singapore')
  t.same(dates('SG4D', saturdayNoon, 0), [], 'count 0')
  t.same(nextDraws('TOTO', saturdayNoon, 2, [3]), [], 'a weekday the series does not draw on gives nothing')
  const draw = nextDraws('TOTO', saturdayNoon, 1)[0]
  t.same(draw, { series: 'TOTO', date: '2026-11-23', weekday: 1, special: false, closesAt: new Date('2026-11-23T10:30:00Z') })
})

t.test('day codes resolve to series and days', async (t) => {
  const table: Array<[string, '4D' | 'TOTO', string, number[]]> = [
    ['0', '4D', 'SG4D', [3, 6, 0]],
    ['2', '4D', 'SG4D', [6, 0]],
    ['3', '4D', 'SG4D', [3]],
    ['6', '4D', 'SG4D', [6]],
    ['7', '4D', 'SG4D', [0]],
    ['0M', '4D', 'MG4D', [3, 6, 0]],
    ['2m', '4D', 'MG4D', [6, 0]],
    ['3M', '4D', 'MG4D', [3]],
    ['6M', '4D', 'MG4D', [6]],
    ['7M', '4D', 'MG4D', [0]],
    ['9M', '4D', 'MG4D', [2]],
    ['1', 'TOTO', 'TOTO', [1]],
    ['4', 'TOTO', 'TOTO', [4]]
  ]
  for (const [code, game, series, weekdays] of table) {
    const meaning = resolveDayCode(game, code)
    t.equal(meaning?.series, series, `${code} bets on ${series}`)
    t.same(meaning?.weekdays, weekdays, `${code} days`)
  }
  for (const [code, game] of [['9', '4D'], ['1', '4D'], ['5', '4D'], ['0', 'TOTO'], ['1M', 'TOTO'], ['00', '4D'], ['M', '4D']] as const) {
    t.equal(resolveDayCode(game, code), undefined, `${code} is not a ${game} code`)
  }
  t.same(dayCodesOf('4D'), ['0', '2', '3', '6', '7', '0M', '2M', '3M', '6M', '7M', '9M'])
  t.same(dayCodesOf('TOTO'), ['1', '4'])
})

t.test('a day code bets on the next open draw of each of its days', async (t) => {
  const thursday = new Date('2026-11-26T02:00:00Z')
  const code0 = resolveDayCode('4D', '0')
  t.ok(code0)
  if (code0 === undefined) return
  t.same(drawsForDayCode(code0, thursday).map((d) => d.date), ['2026-11-28', '2026-11-29', '2026-12-02'], '0 on Thursday: Sat, Sun, next Wed')
  t.same(drawsForDayCode(code0, new Date('2026-11-25T10:29:00Z')).map((d) => d.date), ['2026-11-25', '2026-11-28', '2026-11-29'], '0 on Wednesday before close includes today')
  const code9m = resolveDayCode('4D', '9M')
  if (code9m === undefined) return t.fail('9M resolves')
  t.same(drawsForDayCode(code9m, thursday).map((d) => [d.date, d.series, d.special]), [['2026-12-01', 'MG4D', true]])
  const toto4 = resolveDayCode('TOTO', '4')
  if (toto4 === undefined) return t.fail('4 resolves')
  t.same(drawsForDayCode(toto4, new Date('2026-11-26T10:31:00Z')).map((d) => d.date), ['2026-12-03'], 'after Thursday close: next Thursday')
})
