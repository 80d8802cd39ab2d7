import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { saveCalls, setCell } from '../../../client/src/renderers/lib/gridModel.ts'
import { fillPath } from '../../../client/src/renderers/lib/tableModel.ts'
import { formFieldLabel, submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import type { FormWidget, GridWidget, TableWidget, Widget } from '../../../schemas/widgets.ts'

// Issue #31 on two pages, as admin, through the service as the pages call it: Pay Rate's per-table tabs (payRatesN/I/K) with an
// iBet rate saved by the grid's row save and read back, the own-table actions for ag1; Out Setting 3's partner web address
// (PUT distributors/{id}/partners Web) listed by getPartnerWeb, a javascript: address refused.
// (Moved from the browser tier, issue #40: that the address is drawn as text, never a link, stays in tests/e2e/pages/payrate-partners.test.ts.)

type Row = Record<string, unknown>
interface CallAction { id: string, kind: 'call', labelKey: string, endpoint: string, method: string, confirmKey?: string, successKey?: string }
interface FormAction { id: string, kind: 'form', prefill?: Record<string, string>, form: FormWidget }

const { serviceUrl } = await buildProduct(t)
const admin = await signedIn(serviceUrl, 'admin')
const en = (await admin.get('/ui/i18n/en')).json as Record<string, unknown>
const say = (key: string | undefined, values: Record<string, unknown> = {}) => String(pathOf(en, key ?? '') ?? key).replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ''))
const descriptor = async (path: string) => {
  const answer = await admin.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return answer.json as { actions?: CallAction[], widgets: Widget[] }
}
const rowsOf = async (binding: GridWidget['data'], filters: Record<string, string> = {}) => {
  const answer = await admin.get(urlOf(binding, {}, filters))
  if (answer.status !== 200) throw new Error(`${binding.endpoint}: ${answer.status} ${answer.text}`)
  return pathOf(answer.json.data, binding.dataPath) as Row[]
}

t.test('Pay Rate tabs per table and Out Setting 3\'s partner web addresses', async (t) => {
  const payRate = await descriptor('/control/payRate')
  const tabs = payRate.widgets.find((w) => w.id === 'tables')
  const grids = new Map(widgetsOf(payRate.widgets).filter((w) => w.type === 'grid').map((w) => [w.id, w as GridWidget]))
  const iBet = grids.get('ratesI')!

  await t.test('Pay Rate: iBet class 12 Big First changed, saved, and kept after a reload', async (t) => {
    t.same(tabs?.type === 'tabs' ? tabs.tabs.map((tab) => say(tab.labelKey)) : [], ['Straight & Roll', 'iBet', 'kBet'], 'one tab per table')
    t.equal(iBet.data.endpoint, '/api/v1/4d/payRatesI', 'the iBet tab reads payRatesI')
    const rows = await rowsOf(iBet.data)
    // Rows: class 24 Big and Small, then class 12 Big…; columns: Class, Form, First…
    t.same(iBet.columns.slice(0, 3).map((c) => c.field), ['Class', 'Form', 'First'], 'the grid\'s first columns')
    t.equal(String(rows[2]?.Class), '12', 'the third row is class 12')
    t.equal(rows[2]?.First, 166, 'Singapore Pools\' class 12 Big first prize')
    const save = iBet.actions?.find((a) => a.kind === 'save')
    if (save?.kind !== 'save') throw new Error('no save action')
    const id = String(rows[2]!.Key)
    const [call] = saveCalls(save, iBet.columns, rows, iBet.rowKey, setCell({}, rows[2]!, id, 'First', 170.5))
    const saved = await admin.request(save.method, call!.endpoint, { body: call!.body })
    t.equal(saved.status, 200, saved.text)
    t.equal(say(save.successKey), 'Pay rates saved.', 'the grid says so')
    const held = await rowsOf(iBet.data)
    t.match(held.find((r) => r.Key === 'I12-Big'), { First: 170.5 }, 'the game API holds it, and the tab reads it after a reload')
    const settled = (await admin.get('/api/v1/4d/payRates')).json.data as Row[]
    t.match(settled.find((r) => r.Key === 'I12-Big'), { First: 170.5 }, 'the table settlement reads changed with it')
  })

  await t.test('Pay Rate: the own-table action gives ag1 a table of its own, read by the kBet tab', async (t) => {
    const kBet = grids.get('ratesK')!
    t.equal((await admin.get(urlOf(kBet.data, {}, { UserId: 'ag1' }))).status, 200, 'the kBet grid reads ag1\'s table')
    t.ok(kBet.data.params?.UserId?.from === 'filter', 'the chosen user of the tree')
    const give = payRate.actions?.find((a) => a.id === 'ownTable')!
    t.match(say(give.confirmKey), /pay table of its own/, 'asked first')
    const given = await admin.request(give.method, fillPath(give.endpoint, { UserId: 'ag1' }), { body: { UserId: 'ag1' } })
    t.equal(given.status, 200, given.text)
    t.match(say(give.successKey), /now has its own pay table/, 'the action says so')
    const own = await rowsOf(iBet.data, { UserId: 'ag1' })
    t.match(own.find((r) => r.Key === 'I12-Big'), { First: 170.5 }, 'a copy of the operator\'s table as it is now')
    const back = payRate.actions?.find((a) => a.id === 'operatorTable')!
    t.equal(say(back.labelKey), 'Back to the operator\'s table', 'the way back')
    t.match(say(back.confirmKey), /Remove the chosen user/, 'asked first')
    const removed = await admin.request(back.method, fillPath(back.endpoint, { UserId: 'ag1' }))
    t.equal(removed.status, 200, removed.text)
    t.match(say(back.successKey), /paid by the operator's table again/, 'and says so')
  })

  await t.test('Out Setting 3: the owner sets a partner web address, listed as text; a javascript: address is refused', async (t) => {
    const outlets = await descriptor('/outset/outSetting3')
    const widget = (id: string) => widgetsOf(outlets.widgets).find((w) => w.id === id)
    const add = widget('addDistributor') as FormWidget
    t.equal((await admin.request(add.submit!.method, add.submit!.endpoint, { body: submitPayload(add, { Name: 'Harbour Outlet' }, {}) })).status, 200, 'added')
    const distributors = widget('distributors') as TableWidget
    const row = (await rowsOf(distributors.data)).find((r) => r.Name === 'Harbour Outlet')!
    t.ok(row, 'listed')
    const partners = distributors.rowActions?.find((a) => a.id === 'partners') as FormAction | undefined
    const webField = partners?.form.fields.find((f) => f.name === 'Web')
    t.match(say(webField?.labelKey), /^Web address/, 'the dialog\'s Web address field')
    const prefilled = (r: Row) => Object.fromEntries(Object.entries(partners!.prefill ?? {}).map(([field, from]) => [field, r[from]]))
    t.notOk(prefilled(row).Web, 'no address yet')
    const send = (r: Row, Web: string) => admin.request(partners!.form.submit!.method, fillPath(partners!.form.submit!.endpoint, r),
      { body: submitPayload(partners!.form, { ...prefilled(r), Web }, {}) })
    const saved = await send(row, 'https://harbour.example.com/bets')
    t.equal(saved.status, 200, saved.text)
    const partnerWeb = widget('partnerWeb') as TableWidget
    t.match((await rowsOf(partnerWeb.data)).find((p) => p.Name === 'Harbour Outlet'), { Web: 'https://harbour.example.com/bets' }, 'listed by getPartnerWeb, which the table reads')
    t.equal(partnerWeb.columns.find((c) => c.field === 'Web')?.type, 'text', 'in a text column')

    const again = (await rowsOf(distributors.data)).find((r) => r.Name === 'Harbour Outlet')!
    t.equal(prefilled(again).Web, 'https://harbour.example.com/bets', 'the dialog is prefilled with it')
    const refused = await send(again, 'javascript:alert(1)')
    t.equal(refused.status, 400, 'refused')
    // As the dialog says a field's refusal: errors.<code>, its field path named by the form's label.
    const { code, gameApiCode, params = [] } = refused.json as { code: string, gameApiCode?: string, params?: string[] }
    const shown = say(`errors.${gameApiCode ?? code}`, { ...params, 0: formFieldLabel(partners!.form, String(params[0]), say) })
    t.match(shown, /^Web address .*is not valid\.$/, `the catalogue's refusal names the field: ${shown}`)
    t.match((await rowsOf(partnerWeb.data)).find((p) => p.Name === 'Harbour Outlet'), { Web: 'https://harbour.example.com/bets' }, 'nothing refused was written')
  })
})
