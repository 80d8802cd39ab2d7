import t from 'tap'
import { randomUUID } from 'node:crypto'
import { signedIn, startSessionProduct } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { testClock } from '../../helpers/clock.ts'
import { eventually } from '../../helpers/eventually.ts'
import { pathOf } from '../../helpers/page-data.ts'
import { catalogueOf, gameApiAs, pageOf, read, tableOf, type Row } from './report-tables.ts'
import { money } from '../../../client/src/lib/format.ts'
import { SAMPLE_RESULT } from '../../helpers/result-file.ts'

interface Widget { type: string, id: string, confirmKey?: string, status?: { messagePath?: string }, bodyKey?: string, data?: { endpoint: string }, rowActions?: Array<{ id: string, form?: { submit?: { successKey?: string, successValues?: Record<string, string> } } }> }

/** The i18n text of a dotted key in a catalogue. */
const text = (catalogue: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], catalogue)

// Control › Draw Setting's result step: saving a result says so, the preview names its draw, and Finalise asks first.
t.test('the result step speaks: saved message, the preview\'s draw, Finalise confirmed', async (t) => {
  const product = await startSessionProduct(t)
  const admin = await signedIn(product.serviceUrl, 'admin')
  const page = await admin.get('/ui/pages?path=/control/drawSetting')
  t.equal(page.status, 200)
  const widgets: Widget[] = page.json.widgets
  const en = (await admin.get('/ui/i18n/en')).json
  const zh = (await admin.get('/ui/i18n/zh')).json

  const finalise = widgets.find((w) => w.id === 'finalise')
  t.ok(finalise?.confirmKey, 'Finalise asks for a confirmation')
  t.match(text(en, finalise?.confirmKey ?? ''), /Finalise the chosen draw\?/)
  t.ok(text(zh, finalise?.confirmKey ?? ''), 'in Chinese too')
  t.equal(finalise?.status?.messagePath, 'Message', 'a failed finalise shows its reason')

  // A dialog's form closes on success unless its message shows values of the answer (FormDialog keepsAnswer): that is where it is seen.
  const draws = widgets.find((w) => w.type === 'table' && w.rowActions?.some((a) => a.id === 'result4d'))
  for (const id of ['result4d', 'resultToto']) {
    const submit = draws?.rowActions?.find((a) => a.id === id)?.form?.submit
    t.same(submit?.successValues, { draw: 'DrawId', date: 'DrawDate' }, `${id}: the saved message names the draw, so the dialog stays to show it`)
    t.match(text(en, submit?.successKey ?? ''), /\{\{draw\}\}.*\{\{date(, day)?\}\}/)
  }

  const preview = widgets.findIndex((w) => w.id === 'preview')
  const named = widgets.findIndex((w) => w.type === 'content' && w.data?.endpoint === '/api/v1/4d/draw/result')
  t.ok(named >= 0 && named < preview, 'a line above the preview names the draw it is for')
  const open = (await admin.get('/api/v1/4d/draw/activeLatest')).json.data[0]
  await admin.request('PUT', `/api/v1/4d/draw/${open.DrawId}/close`, { headers: { 'idempotency-key': randomUUID() } })
  const saved = await admin.request('POST', '/api/v1/4d/draw/result', {
    headers: { 'idempotency-key': randomUUID() },
    body: { DrawId: open.DrawId, Result: { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) } }
  })
  t.match(saved.json?.data, { DrawId: open.DrawId, DrawDate: open.DrawDate }, 'the save answers the values its message shows')
  const line = await admin.get(`/api/v1/4d/draw/result?DrawId=${open.DrawId}`)
  t.match(line.json?.data, { DrawId: open.DrawId, Series: open.Series, DrawDate: open.DrawDate }, 'and the preview line reads its draw through the service')
  t.match(text(en, widgets[named]?.bodyKey ?? ''), /\{\{DrawId\}\}.*\{\{Series\}\}.*\{\{DrawDate(, day)?\}\}/)
})

// Moved from the browser tier (tests/e2e/pages/fixed-finalise.test.ts, issue #31): admin finalises a draw from Draw Setting's
// finalise job and opens its Report from the finalise list (result/r5, result/r5/report); a draw not finalised offers no Report.

t.test('admin finalises a draw on Draw Setting; its Report in the finalise list shows result/r5/report', async (t) => {
  const clock = testClock()
  const product = await buildProduct(t, { now: clock.now })
  const draw = (await (await gameApiAs(product.gameApiUrl, 'admin'))('4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>).find((d) => d.Series === 'SG4D')!
  await (await gameApiAs(product.gameApiUrl, 'mem1'))('4d/bet', 'POST', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }] })
  // The game API's clock a minute past the draw's close, its result entered.
  clock.set(new Date(Date.parse(draw.CloseDate) + 60_000).toISOString())
  const gameAdmin = await gameApiAs(product.gameApiUrl, 'admin')
  await gameAdmin('4d/draw/result', 'POST', { DrawId: draw.DrawId, Result: SAMPLE_RESULT })

  const admin = await signedIn(product.serviceUrl, 'admin')
  const say = await catalogueOf(admin)
  const widgets = await pageOf(admin, '/control/drawSetting')
  const list = tableOf(widgets, 'finaliseDraws')
  const listRow = async () => (await read(admin, list)).rows.find((r) => r.DrawId === draw.DrawId)!
  const status = (row: Row) => say(list.columns.find((c) => c.field === 'Status')!.statusLabels![String(row.Status)])
  const report = list.rowActions!.find((a) => say((a as { labelKey?: string }).labelKey) === 'Report')!
  const before = await listRow()
  t.equal(status(before), 'Not started')
  t.not(before[report.when!.field], report.when!.equals, 'no Report before the draw is finalised')
  await t.rejects(gameAdmin('4d/result/r5/report', 'POST', { DrawId: draw.DrawId }), 'the game API refuses it too')

  // Preview / finalise on the draw's row chooses it (DrawId), and the finalise job starts with it.
  const choose = tableOf(widgets, 'draws').rowActions!.find((a) => say((a as { labelKey?: string }).labelKey) === 'Preview / finalise') as unknown as { set: Record<string, string> }
  t.same(choose.set, { DrawId: 'DrawId' }, 'Preview / finalise chooses the row\'s draw')
  const job = widgets.get('finalise') as unknown as { start: { endpoint: string, method: string }, status: { endpoint: string, idPath: string, statusPath: string, doneValues: string[] } }
  const started = await admin.request(job.start.method, job.start.endpoint, { body: { DrawId: draw.DrawId } })
  t.equal(started.status, 200, started.text)
  const statusUrl = job.status.endpoint.replace('{jobId}', String(pathOf(started.json.data, job.status.idPath)))
  await eventually(async () => job.status.doneValues.includes(String(pathOf((await admin.get(statusUrl)).json.data, job.status.statusPath))), { within: 90_000, what: 'the finalise job' })
  const after = await listRow()
  t.equal(status(after), 'Finalised', 'the finalise list says Finalised')
  t.equal(after[report.when!.field], report.when!.equals, 'and offers its Report')

  // Report sets ReportDrawId, which the totals and the tiers read.
  const chosen = Object.fromEntries(Object.entries((report as unknown as { set: Record<string, string> }).set).map(([filter, field]) => [filter, String(after[field])]))
  const expected = await gameAdmin('4d/result/r5/report', 'POST', { DrawId: draw.DrawId }) as { Bets: number, Winners: number, Strikes: number, Payout: number, Tiers: unknown[] }
  const totals = widgets.get('finaliseReportTotals') as unknown as { bodyKey: string, data: { endpoint: string, method: string, params: Record<string, { from: string, name: string }> } }
  const body = Object.fromEntries(Object.entries(totals.data.params).map(([name, source]) => [name, Number(chosen[source.name])]))
  const shown = await admin.request(totals.data.method, totals.data.endpoint, { body })
  t.equal(shown.status, 200, shown.text)
  const text = say(totals.bodyKey).replace(/\{\{(\w+)(, money)?\}\}/g, (_, field: string, asMoney?: string) => asMoney ? money(Number(shown.json.data[field])) : String(shown.json.data[field])).replace(/<[^>]+>/g, '')
  t.match(text, `Draw ${draw.DrawId} finalised: ${expected.Bets} bets settled, ${expected.Winners} of them won (${expected.Strikes} prize hits)`)
  t.equal(Number(/payout\D*([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '')), expected.Payout, 'the payout finalising booked')
  t.ok(expected.Payout >= 2000, 'mem1\'s 1st prize among it')
  const tiers = tableOf(widgets, 'finaliseReport')
  const tierRows = pathOf(shown.json.data, tiers.data.dataPath) as Row[]
  t.ok(tierRows.some((r) => say(tiers.columns.find((c) => c.field === 'Prize')!.statusLabels![String(r.Prize)]) === '1st'), 'the 1st prize tier is listed')
  t.equal(tierRows.length, expected.Tiers.length, 'one row per prize tier of the report')
})
