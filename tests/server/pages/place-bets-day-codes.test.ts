import t from 'tap'
import { Browser } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { testClock } from '../../helpers/clock.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import type { FormField, Widget } from '../../../schemas/widgets.ts'
import { narrowedOptions } from '../../../client/src/renderers/lib/choices.ts'

// Issue #39: Place Bets offers a day code only while its draws take bets. A draw closed early by hand drops its codes from the
// choice (the form's own labels, narrowed by bet/settings' DayCodes); a bet on it is refused without a future close time.

/** The DayCode field of each form on a page, as the user is served it. */
async function dayCodeFields (browser: Browser, path: string): Promise<FormField[]> {
  const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`)
  return (widgetsOf(page.json.widgets as Widget[]) as Array<{ type: string, fields?: FormField[] }>)
    .flatMap((w) => w.type === 'form' ? w.fields ?? [] : []).filter((f) => f.name === 'DayCode')
}

/** The day codes the field offers, as the form's select shows them: its own labels, narrowed to what its call answers. */
async function offered (browser: Browser, field: FormField): Promise<string[]> {
  const from = field.optionsFrom
  if (from === undefined || field.options === undefined) throw new Error('DayCode is not narrowed by a call')
  const answer = await browser.get(urlOf(from.data))
  if (answer.status !== 200) throw new Error(`${from.data.endpoint}: ${answer.status} ${answer.text}`)
  const data = pathOf(answer.json.data, from.data.dataPath) as Array<Record<string, unknown>>
  return narrowedOptions(field.options, data.map((d) => ({ value: String(d[from.valueField]), label: '' })), (key) => key).map((o) => o.value)
}

t.test('Place Bets: the day codes of a draw closed by hand are no longer offered', async (t) => {
  const clock = testClock()
  const { serviceUrl } = await buildProduct(t, { now: clock.now })
  const [admin, mem1] = [new Browser(serviceUrl), new Browser(serviceUrl)]
  for (const [browser, user] of [[admin, 'admin'], [mem1, 'mem1']] as const) {
    t.equal((await browser.login(user)).status, 200, `${user} signs in`)
    t.equal((await browser.put('/ui/session/location', { LocId: 'TT' })).status, 200, `${user} at the TOTO location`)
  }
  const [field] = await dayCodeFields(mem1, '/bet/placeBets/add-simple')
  t.ok(field, 'the TOTO Place Bets form has a day code')
  t.same(await offered(mem1, field!), ['1', '4'], 'both TOTO days while their draws are open')

  const monday = ((await admin.get('/api/v1/4d/draw/activeLatest')).json.data as Array<{ DrawId: number, DrawDate: string, Series: string }>)
    .find((d) => d.Series === 'TOTO' && new Date(`${d.DrawDate.slice(0, 10)}T00:00:00Z`).getUTCDay() === 1)!
  const closed = await admin.put(`/api/v1/4d/draw/${monday.DrawId}/close`, {})
  t.equal(closed.status, 200, closed.text)
  t.same(await offered(mem1, field!), ['4'], 'Monday is no longer offered')

  const refused = await mem1.post('/api/v1/4d/bet/t', { DayCode: '1', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 1 }] })
  t.equal(refused.status, 409)
  t.match(refused.json, { code: 'GA_DRAW_CLOSED_EARLY', message: `Draw ${monday.DrawId} takes no more bets: betting on it was closed early; pick an open draw.` }, 'no future close time in the refusal')
})
