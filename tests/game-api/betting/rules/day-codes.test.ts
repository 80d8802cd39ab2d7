import t from 'tap'
import { dayCodeOfDates, dayCodesOf, drawsForDayCode, resolveDayCode } from '../../../../schemas/game/day-codes.ts'

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
  t.same(drawsForDayCode(code0, new Date('2026-11-25T09:59:00Z')).map((d) => d.date), ['2026-11-25', '2026-11-28', '2026-11-29'], '0 on Wednesday before the 18:00 close includes today')
  t.same(drawsForDayCode(code0, new Date('2026-11-25T10:00:00Z')).map((d) => d.date), ['2026-11-28', '2026-11-29', '2026-12-02'], '0 on Wednesday at 18:00: closed, next Wednesday')
  const code9m = resolveDayCode('4D', '9M')
  if (code9m === undefined) return t.fail('9M resolves')
  t.same(drawsForDayCode(code9m, thursday).map((d) => [d.date, d.series, d.special]), [['2026-12-01', 'MG4D', true]])
  const toto4 = resolveDayCode('TOTO', '4')
  if (toto4 === undefined) return t.fail('4 resolves')
  t.same(drawsForDayCode(toto4, new Date('2026-11-26T13:01:00Z')).map((d) => d.date), ['2026-12-03'], 'after the Thursday 21:00 close: next Thursday')
  t.same(drawsForDayCode(toto4, new Date('2026-11-26T12:59:00Z')).map((d) => d.date), ['2026-11-26'], 'TOTO still open at 20:59')
})

t.test('draws chosen by id read as the day code that bets on exactly their days', async (t) => {
  // 2030-01-02 is a Wednesday; 01-05 Saturday, 01-06 Sunday, 01-01 Tuesday, 01-07 Monday, 01-03 Thursday.
  t.equal(dayCodeOfDates('SG4D', ['2030-01-02']), '3', 'one Wednesday draw: 3')
  t.equal(dayCodeOfDates('SG4D', ['2030-01-05', '2030-01-06']), '2', 'Saturday and Sunday: 2')
  t.equal(dayCodeOfDates('SG4D', ['2030-01-02', '2030-01-05', '2030-01-06']), '0', 'Wednesday, Saturday and Sunday: 0')
  t.equal(dayCodeOfDates('MG4D', ['2030-01-06']), '7M', 'a Magnum Sunday: 7M')
  t.equal(dayCodeOfDates('MG4D', ['2030-01-01']), '9M', 'the Magnum Tuesday special: 9M')
  t.equal(dayCodeOfDates('TOTO', ['2030-01-07']), '1', 'a TOTO Monday: 1')
  t.equal(dayCodeOfDates('TOTO', ['2030-01-03']), '4', 'a TOTO Thursday: 4')
  t.equal(dayCodeOfDates('SG4D', ['2030-01-02', '2030-01-05']), undefined, 'Wednesday and Saturday: no code says that')
  t.equal(dayCodeOfDates('SG4D', ['2030-01-01']), undefined, 'a Singapore Tuesday (special draw): none')
  t.equal(dayCodeOfDates('SG4D', ['2030-01-02', '2030-01-09']), undefined, 'two Wednesdays: none')
  t.equal(dayCodeOfDates('SG4D', []), undefined, 'no draws: none')
})
