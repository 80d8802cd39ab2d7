import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { actionApplies, fillPath } from '../../../client/src/renderers/lib/tableModel.ts'
import type { FormWidget, TableWidget, Widget } from '../../../schemas/widgets.ts'

// Super Password through the service as admin: set on its page's form, then a finalised draw's Reset (keep result) dialog on
// Draw Setting sends it (a wrong one is refused and resets nothing).
// (Moved from the browser tier, issue #40: tests/e2e/pages/utilities.test.ts; its only browser check, no script errors or CSP
// violations, is folded away. Who gets the page and the reset dialogs' descriptors: tests/server/pages/utilities.test.ts.)

type Row = Record<string, unknown>
interface FormAction { id: string, kind: 'form', labelKey: string, when?: { field: string, equals: unknown }, form: FormWidget }

const { serviceUrl } = await buildProduct(t)
const admin = await signedIn(serviceUrl, 'admin')
const en = (await admin.get('/ui/i18n/en')).json as Record<string, unknown>
const say = (key: string | undefined) => String(pathOf(en, key ?? '') ?? key)
const widgets = async (path: string) => {
  const answer = await admin.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return widgetsOf(answer.json.widgets as Widget[])
}

t.test('admin sets the super password, then resets a finalised draw with it from Draw Setting', async (t) => {
  const form = (await widgets('/utilities/superPassword')).find((w) => w.id === 'superPassword') as FormWidget
  t.same(form.fields.map((f) => say(f.labelKey)), ['Your sign-in password', 'New super password', 'Confirm super password'], 'the form\'s fields')
  const set = await admin.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' }, {}) })
  t.equal(set.status, 200, set.text)
  t.match(say(form.submit!.successKey), /^Super password set/, 'the super password is set, and the form says so')

  const draws = (await widgets('/control/drawSetting')).find((w) => w.id === 'draws') as TableWidget
  const finalised = async () => (pathOf((await admin.get(urlOf(draws.data))).json.data, draws.data.dataPath) as Row[]).filter((d) => d.Status === 'finalised')
  const before = await finalised()
  t.ok(before.length > 0, 'the seed has finalised draws')
  const reset = draws.rowActions?.find((a) => a.labelKey !== undefined && say(a.labelKey) === 'Reset (keep result)') as FormAction | undefined
  t.ok(reset && actionApplies(reset as never, before[0]!), 'a finalised row offers Reset (keep result)')
  const send = (SuperPassword: string) => admin.request(reset!.form.submit!.method, fillPath(reset!.form.submit!.endpoint, before[0]!), { body: submitPayload(reset!.form, { SuperPassword }, {}) })

  const wrong = await send('Wrong#2030')
  t.equal(wrong.status, 400, 'refused')
  t.match(say(`errors.${wrong.json?.gameApiCode ?? wrong.json?.code}`), /^The super password is wrong/, 'the dialog says the super password is wrong')
  t.same((await finalised()).map((d) => d.DrawId), before.map((d) => d.DrawId), 'a wrong super password resets nothing')
  const right = await send('Super#2030')
  t.equal(right.status, 200, right.text)
  t.equal((await finalised()).length, before.length - 1, 'one draw is no longer finalised')
})
