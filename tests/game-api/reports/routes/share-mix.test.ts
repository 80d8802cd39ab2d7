import t from 'tap'
import { gameApiHarness } from '../../harness.ts'

// PUT generateReportPlaceOutShareMix: per draw, a group's settled win/loss split into what the group kept, what levels above it held and what was placed out.
const h = await gameApiHarness(t, 'pglite')
const admin = await h.signIn('admin')
const ops = await h.signIn('ops')
const ag2 = await h.signIn('ag2')
interface Row { DrawId: number, DrawDate: string, Bets: number, WinLoss: number, Kept: number, Upline: number, PlacedOut: number, PlacedOutPart: number }
const cents = (n: number) => Math.round(n * 100)

t.test('the company\'s mix over the seeded settled draws adds up per draw', async (t) => {
  const res = await h.call('PUT', '/api/v1/4d/generateReportPlaceOutShareMix', { token: admin, payload: {} })
  t.equal(res.statusCode, 200, JSON.stringify(res.json()))
  const rows = res.json().data.rows as Row[]
  t.ok(rows.length > 0, 'the seed settled draws')
  for (const r of rows) {
    t.equal(cents(r.Kept) + cents(r.Upline) + cents(r.PlacedOut), cents(r.WinLoss), `draw ${r.DrawId}: the parts make the whole`)
    t.equal(r.Upline, 0, 'nothing sits above the company')
  }
  t.equal(res.json().data.totals.PlacedOutPart, undefined, 'a fraction is not totalled')
  const staff = await h.call('PUT', '/api/v1/4d/generateReportPlaceOutShareMix', { token: ops, payload: {} })
  t.same(staff.json().data.totals, res.json().data.totals, 'a staff admin sees the company\'s figures')
  const ag1 = (await h.call('PUT', '/api/v1/4d/generateReportPlaceOutShareMix', { token: admin, payload: { UserId: 'ag1', DrawFrom: rows[0]!.DrawDate, DrawTo: rows.at(-1)!.DrawDate } })).json().data.rows as Row[]
  t.ok(ag1.some((r) => r.Upline !== 0), 'the company holds part of ag1\'s group')
})

t.test('refusals: the view, the dates', async (t) => {
  const noView = await h.call('PUT', '/api/v1/4d/generateReportPlaceOutShareMix', { token: ag2, payload: {} })
  t.equal(noView.statusCode, 403)
  t.match(noView.json(), { code: 'GA_NO_SHARE_CLAIM_VIEW' })
  const bad = await h.call('PUT', '/api/v1/4d/generateReportPlaceOutShareMix', { token: admin, payload: { DrawFrom: '2026-02-30' } })
  t.match(bad.json(), { code: 'GA_FIELD_NOT_DATE', params: ['body/DrawFrom', '2026-02-30'] })
  t.equal((await h.call('PUT', '/api/v1/4d/generateReportPlaceOutShareMix', { token: admin, payload: { DrawId: 'x' } })).statusCode, 400)
})
