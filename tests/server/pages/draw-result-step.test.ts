import t from 'tap'
import { randomUUID } from 'node:crypto'
import { signedIn, startSessionProduct } from '../../helpers/http-browser.ts'

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
