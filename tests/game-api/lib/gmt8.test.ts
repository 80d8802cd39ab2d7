import t from 'tap'
import { drawDays, nextClose, toGmt8Display, toGmt8Iso } from '../../../server/game-api/lib/gmt8.ts'

t.test('formats in GMT+8', async (t) => {
  t.equal(toGmt8Iso(new Date('2030-01-01T16:05:09.123Z')), '2030-01-02T00:05:09+08:00')
  t.equal(toGmt8Display(new Date('2030-01-01T16:05:09Z')), '02/01/2030 00:05')
})

t.test('4D closes Wed, Sat, Sun at 18:30 GMT+8', async (t) => {
  const at = (iso: string) => toGmt8Iso(nextClose(new Date(iso), drawDays['4D']))
  // 2030-01-02 is a Wednesday.
  t.equal(at('2030-01-02T10:00:00+08:00'), '2030-01-02T18:30:00+08:00', 'before close on a draw day: that day')
  t.equal(at('2030-01-02T18:29:59+08:00'), '2030-01-02T18:30:00+08:00')
  t.equal(at('2030-01-02T18:30:00+08:00'), '2030-01-05T18:30:00+08:00', 'at close: the next draw (Saturday)')
  t.equal(at('2030-01-03T09:00:00+08:00'), '2030-01-05T18:30:00+08:00', 'Thursday: Saturday')
  t.equal(at('2030-01-05T20:00:00+08:00'), '2030-01-06T18:30:00+08:00', 'Saturday evening: Sunday')
  t.equal(at('2030-01-06T19:00:00+08:00'), '2030-01-09T18:30:00+08:00', 'Sunday evening: Wednesday')
  t.equal(at('2030-01-01T23:30:00Z'), '2030-01-02T18:30:00+08:00', 'UTC Tuesday is already Wednesday in GMT+8')
})

t.test('TOTO closes Mon, Thu at 18:30 GMT+8', async (t) => {
  const at = (iso: string) => toGmt8Iso(nextClose(new Date(iso), drawDays.TOTO))
  t.equal(at('2030-01-02T10:00:00+08:00'), '2030-01-03T18:30:00+08:00', 'Wednesday: Thursday')
  t.equal(at('2030-01-03T18:30:00+08:00'), '2030-01-07T18:30:00+08:00', 'Thursday at close: Monday')
  t.equal(at('2030-01-07T08:00:00+08:00'), '2030-01-07T18:30:00+08:00', 'Monday morning: that day')
  t.equal(at('2029-12-31T19:00:00+08:00'), '2030-01-03T18:30:00+08:00', 'across the year end')
})

t.test('no weekday is a programming error', async (t) => {
  t.throws(() => nextClose(new Date(), []), /at least one weekday/)
})
