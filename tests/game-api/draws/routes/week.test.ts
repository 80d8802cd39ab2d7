import t from 'tap'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../../betting/support.ts'

// The draw week (Mon–Sun around a date) and the week job that creates a week's scheduled draws (draw/insertProcess, draw/weekJob).
const h = await gameApiHarness(t, 'pglite')

t.test('week draws, the week job and its status, bad input and the ADMIN gate', async (t) => {
  // 2030-01-09 is a Wednesday: its week runs 2030-01-07 (Monday) to 2030-01-13.
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['admin', 'ag1'])
  const before = await api(h, 'GET', '/api/v1/4d/draw/week?Date=2030-01-09', tokens.admin)
  t.equal(before.status, 200, JSON.stringify(before.body))
  t.ok(before.body.data.every((d: { DrawDate: string }) => d.DrawDate >= '2030-01-07' && d.DrawDate <= '2030-01-13'), 'only the week\'s draws')

  t.equal((await api(h, 'POST', '/api/v1/4d/draw/insertProcess', tokens.ag1, { Date: '2030-01-09' })).status, 403, 'ADMIN only')
  t.equal((await api(h, 'GET', '/api/v1/4d/draw/weekJob', tokens.ag1)).status, 403, 'its status too')
  const bad = await api(h, 'POST', '/api/v1/4d/draw/insertProcess', tokens.admin, { Date: '2030-02-30' })
  t.match(bad, { status: 400, body: { code: 'GA_FIELD_NOT_DATE', params: ['body/Date', '2030-02-30'] } }, 'a date that does not exist is refused, naming the field')
  t.match(await api(h, 'GET', '/api/v1/4d/draw/week?Date=9', tokens.admin), { status: 400, body: { code: 'GA_FIELD_NOT_DATE' } })
  t.match(await api(h, 'GET', '/api/v1/tt/draw/week?Series=SG4D', tokens.admin), { status: 400, body: { code: 'GA_DRAW_BAD_SERIES' } }, 'a series of the other game is refused')
  t.match(await api(h, 'GET', '/api/v1/4d/draw/weekJob?JobId=999999', tokens.admin), { status: 404, body: { code: 'GA_WEEK_JOB_NOT_FOUND' } })

  const started = await api(h, 'POST', '/api/v1/4d/draw/insertProcess', tokens.admin, { Date: '2030-01-09' })
  t.equal(started.status, 200, JSON.stringify(started.body))
  t.match(started.body.data, { WeekStart: '2030-01-07' })
  const done = await eventually(async () => {
    const { body } = await api(h, 'GET', `/api/v1/4d/draw/weekJob?JobId=${started.body.data.JobId}`, tokens.admin)
    return ['done', 'failed'].includes(body.data.Status) && body.data
  }, { within: 30_000, what: 'the week job' })
  t.match(done, { Status: 'done', Progress: 100, WeekStart: '2030-01-07', Message: /^Week of 01\/07\/2030: \d+ draws created/ }, 'the week as the tables write days')
  t.match(done, { MessageCode: 'GA_JOB_WEEK_DONE', MessageValues: { week: '01/07/2030', created: Number, existed: Number } }, 'and as a code and values the page says in the user\'s language')
  const week = (await api(h, 'GET', '/api/v1/4d/draw/week?Date=2030-01-13', tokens.admin)).body.data as Array<{ Series: string, DrawDate: string }>
  // Singapore draws Wednesday, Saturday and Sunday; Magnum Wednesday, Saturday, Sunday and the special Tuesday.
  t.same(week.filter((d) => d.Series === 'SG4D').map((d) => d.DrawDate), ['2030-01-09', '2030-01-12', '2030-01-13'])
  t.ok(week.filter((d) => d.Series === 'MG4D').length >= 3, 'Magnum\'s week created too')
  t.same((await api(h, 'GET', '/api/v1/4d/draw/week?Date=2030-01-07&Series=SG4D', tokens.admin)).body.data.map((d: { Series: string }) => d.Series), ['SG4D', 'SG4D', 'SG4D'], 'one series when asked')
  t.notOk((await api(h, 'GET', '/api/v1/tt/draw/week?Date=2030-01-09', tokens.admin)).body.data.some((d: { Series: string }) => d.Series !== 'TOTO'), 'each prefix sees its own game')
  t.match((await api(h, 'GET', '/api/v1/tt/draw/weekJob', tokens.admin)).body.data, { JobId: null, Status: 'idle' }, 'TOTO has no week job yet')
})
