import t from 'tap'
import { resultFileRows, resultOf } from '../../../../server/game-api/draws/rules/result-input.ts'
import { weekOf, drawDatesOfWeek } from '../../../../server/game-api/draws/rules/week.ts'

// The result file (bin) format per game, and the draw week's bounds.
t.test('a TOTO result file reads into the TOTO result; problems name the line', async (t) => {
  const read = resultFileRows('TOTO', '# TOTO 2030-01-03\nwinning,3\nwinning,8\nwinning,17\nwinning,22\nwinning,31\nwinning,45\nadditional,9\n')
  if (!('raw' in read)) throw new Error(read.problem)
  t.same(resultOf('TOTO', read.raw), { winning: [3, 8, 17, 22, 31, 45], additional: 9 })
  t.match(resultFileRows('TOTO', 'winning,3\nfirst,1234'), { problem: /^line 2 "first,1234" must be prize,number with prize one of winning, additional/ })
  t.match(resultFileRows('4D', 'first,1234,extra'), { problem: /^line 1/ }, 'a third column is refused')
  t.throws(() => resultOf('TOTO', (resultFileRows('TOTO', 'winning,3') as { raw: Record<string, unknown> }).raw), { code: 'GA_BAD_RESULT' }, 'a short TOTO result is refused by the result checks')
})

t.test('the week: Monday to Sunday, Sunday closing the week before', async (t) => {
  t.same(weekOf('2030-01-13'), { start: '2030-01-07', end: '2030-01-13' })
  t.same(weekOf('2030-01-07'), { start: '2030-01-07', end: '2030-01-13' })
  t.same(drawDatesOfWeek('TOTO', weekOf('2030-01-09')), ['2030-01-07', '2030-01-10'], 'TOTO draws Monday and Thursday')
})
