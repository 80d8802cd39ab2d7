import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// GET result/SMSString and GET result/feed: the results SMS string of a draw and the entered results as a feed (seeded: three weeks of results).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const mem1 = await h.signIn('mem1')

  t.test('feed: the entered results of the prefix\'s game, newest first, each with its SMS string', async (t) => {
    const feed = await api(h, 'GET', '/api/v1/4d/result/feed?Limit=5', mem1)
    t.equal(feed.status, 200, JSON.stringify(feed.body))
    const { rows, count } = feed.body.data
    t.equal(rows.length, 5)
    t.ok(count > 5, `all seeded results counted (${count})`)
    const { rows: [seeded] } = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM draws WHERE game = '4D' AND result IS NOT NULL")
    t.equal(count, seeded?.n)
    t.ok(rows.every((r: { DrawDate: string }, i: number) => i === 0 || r.DrawDate <= rows[i - 1].DrawDate), 'newest first')
    const first = rows[0]
    t.match(first.SMSString, new RegExp(`^${first.Series}( special)? ${first.DrawDate} \\w{3} 1\\)${first.Result.first} 2\\)${first.Result.second} 3\\)${first.Result.third} S:`))
    const toto = await api(h, 'GET', '/api/v1/tt/result/feed?Limit=2', mem1)
    t.ok(toto.body.data.rows.every((r: { Series: string, SMSString: string }) => r.Series === 'TOTO' && / \+\d\d$/.test(r.SMSString)), 'TOTO results on the tt prefix')
  })

  t.test('feed: by draw range and series; a reversed range or a bad date is refused', async (t) => {
    const all = (await api(h, 'GET', '/api/v1/4d/result/feed?Limit=500', mem1)).body.data.rows as Array<{ DrawDate: string, Series: string }>
    const from = all[all.length - 1]!.DrawDate
    const to = all[Math.floor(all.length / 2)]!.DrawDate
    const ranged = await api(h, 'GET', `/api/v1/4d/result/feed?DrawFrom=${from}&DrawTo=${to}&Series=SG4D&Limit=500`, mem1)
    const expected = all.filter((r) => r.DrawDate >= from && r.DrawDate <= to && r.Series === 'SG4D')
    t.equal(ranged.body.data.count, expected.length)
    t.ok(ranged.body.data.rows.every((r: { DrawDate: string, Series: string }) => r.DrawDate >= from && r.DrawDate <= to && r.Series === 'SG4D'))
    t.match(await api(h, 'GET', `/api/v1/4d/result/feed?DrawFrom=${to}&DrawTo=${from}`, mem1), from === to ? { status: 200 } : { status: 400, body: { code: 'GA_PERIOD_REVERSED' } })
    t.match(await api(h, 'GET', '/api/v1/4d/result/feed?DrawFrom=2030-13-01', mem1), { status: 400, body: { code: 'GA_FIELD_NOT_DATE' } })
    t.equal((await api(h, 'GET', '/api/v1/4d/result/feed?Limit=0', mem1)).status, 400, 'Limit is checked by the schema')
  })

  t.test('SMSString: one draw\'s string, within one SMS; a draw without a result or of the other game is refused', async (t) => {
    const [latest] = (await api(h, 'GET', '/api/v1/4d/result/feed?Limit=1', mem1)).body.data.rows
    const sms = await api(h, 'GET', `/api/v1/4d/result/SMSString?DrawId=${latest.DrawId}`, mem1)
    t.equal(sms.status, 200)
    t.same(sms.body.data, { DrawId: latest.DrawId, DrawDate: latest.DrawDate, Series: latest.Series, SMSString: latest.SMSString, Length: latest.SMSString.length })
    t.ok(sms.body.data.Length <= 160)
    const { rows: [open] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE game = '4D' AND result IS NULL ORDER BY draw_id LIMIT 1")
    t.match(await api(h, 'GET', `/api/v1/4d/result/SMSString?DrawId=${open?.draw_id}`, mem1), { status: 409, body: { code: 'GA_RESULT_NOT_ENTERED', message: /has no result yet/ } })
    t.match(await api(h, 'GET', `/api/v1/tt/result/SMSString?DrawId=${latest.DrawId}`, mem1), { status: 404, body: { code: 'GA_DRAW_NOT_FOUND' } })
    t.equal((await api(h, 'GET', '/api/v1/4d/result/SMSString', mem1)).status, 400, 'DrawId is required')
  })
})
