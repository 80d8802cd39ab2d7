import t from 'tap'
import { DEFAULT_CLOSE_TIMES, addDays, closeTimeFor, dayOfDate, isWallTime, isIsoDate, nextClose, nextDraws, weekdayOf, zoneDateOf, zoneDayTime, zoneDisplay, zoneInstant, zoneIso, zoneOffsetMinutes } from '../../../schemas/domain/calendar.ts'

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

t.test('betting closes at the series\' close time GMT+8 on the draw day: 4D 18:00, TOTO 21:00 by default', async (t) => {
  t.equal(closeTimeFor('SG4D', '2026-11-21').toISOString(), '2026-11-21T10:00:00.000Z')
  t.equal(closeTimeFor('MG4D', '2027-01-01').toISOString(), '2027-01-01T10:00:00.000Z')
  t.equal(closeTimeFor('TOTO', '2026-11-23').toISOString(), '2026-11-23T13:00:00.000Z')
  t.equal(closeTimeFor('SG4D', '2026-11-21', { ...DEFAULT_CLOSE_TIMES, SG4D: '17:45' }).toISOString(), '2026-11-21T09:45:00.000Z', 'an operator\'s own close time')
  t.ok(isWallTime('18:00'))
  t.notOk(isWallTime('24:00'))
  t.notOk(isWallTime('6:00'))
})

t.test('next draws per series', async (t) => {
  const dates = (series: 'SG4D' | 'MG4D' | 'TOTO', from: Date, count: number): string[] => nextDraws(series, from, count).map((d) => d.date)
  t.same(dates('SG4D', saturdayNoon, 4), ['2026-11-21', '2026-11-22', '2026-11-25', '2026-11-28'], '4D: Wed, Sat, Sun')
  t.same(dates('TOTO', saturdayNoon, 3), ['2026-11-23', '2026-11-26', '2026-11-30'], 'TOTO: Mon and Thu')
  const magnum = nextDraws('MG4D', saturdayNoon, 5)
  t.same(magnum.map((d) => d.date), ['2026-11-21', '2026-11-22', '2026-11-24', '2026-11-25', '2026-11-28'], 'Magnum adds Tuesday')
  t.same(magnum.map((d) => d.special), [false, false, true, false, false], 'the Tuesday draw is the special one')
  t.equal(dates('SG4D', new Date('2026-11-21T09:59:59Z'), 1)[0], '2026-11-21', 'open one second before 18:00')
  t.equal(dates('SG4D', new Date('2026-11-21T10:00:00Z'), 1)[0], '2026-11-22', 'closed at 18:00 sharp')
  t.equal(dates('SG4D', new Date('2026-11-20T20:00:00Z'), 1)[0], '2026-11-21', 'Friday in UTC is already Saturday morning in Singapore')
  t.same(dates('SG4D', saturdayNoon, 0), [], 'count 0')
  t.same(nextDraws('TOTO', saturdayNoon, 2, [3]), [], 'a weekday the series does not draw on gives nothing')
  const draw = nextDraws('TOTO', saturdayNoon, 1)[0]
  t.same(draw, { series: 'TOTO', date: '2026-11-23', weekday: 1, special: false, closesAt: new Date('2026-11-23T13:00:00Z') })
})

t.test('times are written in GMT+8', async (t) => {
  t.equal(zoneIso(new Date('2030-01-01T16:05:09.123Z')), '2030-01-02T00:05:09+08:00')
  t.equal(zoneDisplay(new Date('2030-01-01T16:05:09Z')), '02/01/2030 00:05')
  t.equal(zoneDisplay(new Date('2030-12-31T20:30:00Z')), '01/01/2031 04:30', 'crosses midnight and the year')
  t.equal(zoneDayTime(new Date('2030-01-01T16:05:09Z')), '01/02/2030 00:05', 'a message writes the day as the tables do: month/day/year')
  t.equal(dayOfDate('2030-01-15'), '01/15/2030', 'a calendar date in a message: month/day/year too')
})

t.test('the next close the shell counts down to: 4D Wed, Sat, Sun at 18:00; TOTO Mon, Thu at 21:00 (GMT+8)', async (t) => {
  const at = (series: 'SG4D' | 'TOTO', iso: string) => zoneIso(nextClose(series, new Date(iso)))
  // 2030-01-02 is a Wednesday.
  t.equal(at('SG4D', '2030-01-02T10:00:00+08:00'), '2030-01-02T18:00:00+08:00', 'before close on a draw day: that day')
  t.equal(at('SG4D', '2030-01-02T17:59:59+08:00'), '2030-01-02T18:00:00+08:00')
  t.equal(at('SG4D', '2030-01-02T18:00:00+08:00'), '2030-01-05T18:00:00+08:00', 'at close: the next draw (Saturday)')
  t.equal(at('SG4D', '2030-01-05T20:00:00+08:00'), '2030-01-06T18:00:00+08:00', 'Saturday evening: Sunday')
  t.equal(at('SG4D', '2030-01-06T19:00:00+08:00'), '2030-01-09T18:00:00+08:00', 'Sunday evening: Wednesday')
  t.equal(at('SG4D', '2030-01-01T23:30:00Z'), '2030-01-02T18:00:00+08:00', 'UTC Tuesday is already Wednesday in GMT+8')
  t.equal(at('TOTO', '2030-01-02T10:00:00+08:00'), '2030-01-03T21:00:00+08:00', 'Wednesday: Thursday')
  t.equal(at('TOTO', '2030-01-03T20:59:59+08:00'), '2030-01-03T21:00:00+08:00', 'Thursday evening before close: that day')
  t.equal(at('TOTO', '2030-01-03T21:00:00+08:00'), '2030-01-07T21:00:00+08:00', 'Thursday at close: Monday')
  t.equal(at('TOTO', '2029-12-31T19:00:00+08:00'), '2029-12-31T21:00:00+08:00', 'Monday evening before close: that day')
  t.equal(zoneIso(nextClose('SG4D', new Date('2030-01-02T10:00:00+08:00'), { ...DEFAULT_CLOSE_TIMES, SG4D: '12:00' })), '2030-01-02T12:00:00+08:00', 'a setting moves the countdown')
})
