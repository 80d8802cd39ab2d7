import t from 'tap'
import { signedIn, startSessionProduct } from '../../helpers/http-browser.ts'
import { eventually } from '../../helpers/eventually.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { submitPayload, successValues } from '../../../client/src/renderers/lib/formSubmit.ts'
import { fillPath } from '../../../client/src/renderers/lib/tableModel.ts'
import { statusUrl } from '../../../client/src/renderers/lib/job.ts'
import type { FormWidget, JobWidget, TableWidget, Widget } from '../../../schemas/widgets.ts'

// OutSet › Out Setting 3 through the service as admin: a distributor given rules and a partner through its row dialogs' forms,
// shown on its row; then Out Setting 2's by-rules job runs and says what it did.
// (Moved from the browser tier, issue #40; its only browser check, no script errors, is folded away.)

type Row = Record<string, unknown>
interface FormAction { id: string, kind: 'form', form: FormWidget }

const product = await startSessionProduct(t)
const admin = await signedIn(product.serviceUrl, 'admin')
/** What the game API itself answers admin (a read no page binds, so not through the service's gate). */
const gameApi = async (path: string) => {
  const res = await fetch(`${product.gameApiUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${product.tokenOf(admin)}` } })
  return ((await res.json()) as { data: unknown }).data
}
const en = (await admin.get('/ui/i18n/en')).json as Record<string, unknown>
const say = (key: string | undefined, values: Record<string, unknown> = {}) => String(pathOf(en, key ?? '') ?? key).replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ''))
const widgets = async (path: string) => {
  const answer = await admin.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return widgetsOf(answer.json.widgets as Widget[])
}

t.test('admin edits a distributor\'s rules and partners on Out Setting 3 and runs the by-rules processing on Out Setting 2', async (t) => {
  const added = await admin.post('/api/v1/4d/distributors', { Name: 'East Layoff' })
  t.equal(added.status, 200, added.text)
  const outSetting3 = await widgets('/outset/outSetting3')
  const distributors = outSetting3.find((w) => w.id === 'distributors') as TableWidget
  const row = async () => (pathOf((await admin.get(urlOf(distributors.data))).json.data, distributors.data.dataPath) as Row[]).find((r) => r.Name === 'East Layoff')!
  const dialog = (id: string) => (distributors.rowActions?.find((a) => a.id === id) as FormAction).form
  const send = async (form: FormWidget, data: Record<string, unknown>) => {
    const answer = await admin.request(form.submit!.method, fillPath(form.submit!.endpoint, await row()), { body: submitPayload(form, data, {}) })
    t.equal(answer.status, 200, `${form.id}: ${answer.status} ${answer.text.slice(0, 200)}`)
  }

  // The Rules dialog: line 1 of its rules, the Replace box ticked; the other seven lines left empty.
  const rules = dialog('rules')
  const lineLabels = rules.lines?.fields.map((f) => say(f.labelKey)) ?? []
  t.ok(['Number or pattern', 'Big cap', 'Priority'].every((label) => lineLabels.includes(label)), `each line: ${lineLabels.join(', ')}`)
  t.match(say(rules.fields.find((f) => f.name === 'Replace')?.labelKey), /^Replace the distributor's rules/, 'and the Replace box')
  const empty = Array.from({ length: (rules.lines?.rows ?? 1) - 1 }, () => ({}))
  await send(rules, { Replace: true, Rules: [{ Game: '4D', Number: '12**', Big: 5, Priority: 1 }, ...empty] })
  t.match((await row()).Rules, /P1 4D 12\*\* Big 5\.00 Small 0\.00/, 'the row shows the rule')
  t.match(await gameApi(`4d/distributors/rule/${added.json.data.DistributorId}`), [{ Game: '4D', Number: '12**', Big: 5, Priority: 1 }], 'the dialog saved the rule')

  // The Partners dialog: ag2 ticked among the users it offers.
  const partners = dialog('partners')
  const offered = partners.fields.find((f) => f.name === 'UserIds')
  const options = offered?.optionsFrom ? pathOf((await admin.get(offered.optionsFrom.data.endpoint)).json.data, '') as Row[] : []
  t.ok(options.some((o) => o[offered!.optionsFrom!.valueField] === 'ag2'), 'ag2 is offered')
  await send(partners, { UserIds: ['ag2'] })
  t.match(String((await row()).Partners), /ag2/, 'the row shows the partner')
  t.match(await gameApi(`4d/distributors/byId/${added.json.data.DistributorId}`), { Partners: ['ag2'] }, 'the dialog saved the partner')

  const job = (await widgets('/outset/outSetting2')).find((w) => w.id === 'process2') as JobWidget
  t.equal(say(job.labelKey), 'Throw every excess out by the distributors\' rules', 'Out Setting 2\'s job')
  const started = await admin.request(job.start.method ?? 'POST', job.start.endpoint, { body: {} })
  t.equal(started.status, 200, started.text)
  const last = await eventually(async () => {
    const answer = (await admin.get(statusUrl(job.status, started.json.data), { 'x-no-cache': '1' })).json?.data
    const status = String(pathOf(answer, job.status.statusPath ?? 'status'))
    return (job.status.doneValues.includes(status) || job.status.failedValues.includes(status)) && answer
  }, { within: 20_000, what: 'the by-rules job ending' })
  t.equal(say(job.result?.key, successValues(last, job.result?.values)), 'No number is kept above its limit: nothing to throw.', 'the job says what it did')
})
