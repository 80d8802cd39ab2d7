import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { rowParams } from '../../../client/src/renderers/lib/tableModel.ts'
import type { FormWidget, TableWidget } from '../../../schemas/widgets.ts'

// Group Report's groupings as an agent with three direct downlines (ag2, mem1, mem3) keeps them, through the service as the page
// calls it: a new grouping of two groups sent by its form, the report grouped by it (the group rows summing their members' stake),
// the grouping edited (one downline in two groups refused with the game API's words, then a group removed) and deleted.
// (Moved from the browser tier, issue #40: the repeating group's keyboard, focus and axe checks stay in tests/e2e/pages/group-settings.test.ts.)

type Row = Record<string, unknown>
interface FormAction { id: string, kind: string, labelKey: string, titleKey?: string, prefill?: Record<string, string>, form: FormWidget }
interface Filters { fields: Array<{ name: string, optionsFrom?: { data: { endpoint: string }, valueField: string, labelField: string } }> }

const { serviceUrl } = await buildProduct(t)
const ag1 = await signedIn(serviceUrl, 'ag1')
const en = (await ag1.get('/ui/i18n/en')).json as Record<string, unknown>
const say = (key: string | undefined) => String(pathOf(en, key ?? '') ?? key)

const served = await ag1.get('/ui/pages?path=%2Freport%2Fgroup')
const widgets = widgetsOf(served.json.widgets)
const report = widgets.find((w) => w.id === 'group') as TableWidget
const savings = widgets.find((w) => w.id === 'groupings') as TableWidget
const newGrouping = (served.json.actions as FormAction[]).find((a) => a.id === 'newGrouping')!
const edit = savings.rowActions?.find((a) => a.id === 'editGrouping') as FormAction | undefined
const remove = savings.rowActions?.find((a) => a.id === 'deleteGrouping')

/** The report's rows as Name (UserName) → Stake in cents, grouped by the chosen grouping or by nobody; the report's columns name both. */
async function stakes (SettingId?: number): Promise<Map<string, number>> {
  const answer = await ag1.get(urlOf(report.data, {}, SettingId === undefined ? {} : { SettingId: String(SettingId) }))
  if (answer.status !== 200) throw new Error(`${report.data.endpoint}: ${answer.status} ${answer.text}`)
  const rows = pathOf(answer.json.data, report.data.dataPath) as Row[]
  return new Map(rows.map((r) => [String(r.UserName).trim(), Math.round(Number(r.Stake) * 100)]))
}
/** The saved groupings as the list shows them. */
const saved = async () => pathOf((await ag1.get(urlOf(savings.data))).json.data, savings.data.dataPath) as Array<{ SettingId: number, Name: string, Groups: unknown }>
/** The groupings the report's Grouping picker offers, by their label. */
async function offered (): Promise<string[]> {
  const picker = ((served.json.widgets as Array<{ id: string }>).find((w) => w.id === 'filters') as unknown as Filters).fields.find((f) => f.name === 'SettingId')!.optionsFrom!
  return (pathOf((await ag1.get(picker.data.endpoint)).json.data, '') as Row[]).map((r) => String(r[picker.labelField]))
}

t.test('ag1: a grouping made, used, edited and deleted on Group Report', async (t) => {
  t.same(report.columns.filter((c) => ['UserName', 'Stake'].includes(c.field)).map((c) => say(c.labelKey)), ['Name', 'Stake'], 'the report shows Name and Stake')
  const own = await stakes()
  t.ok(['ag2', 'mem1', 'mem3'].every((u) => own.has(u)), `each direct downline has its row: ${[...own.keys()].join(' ')}`)
  t.ok(['ag2', 'mem1', 'mem3'].every((u) => (own.get(u) ?? 0) > 0), 'each with a stake to sum')

  let settingId = 0
  await t.test('a new grouping of two groups', async (t) => {
    t.equal(say(newGrouping.labelKey), 'New grouping', 'the page\'s action')
    const members = (await ag1.get('/api/v1/4d/mLoadDirectDownLine')).json.data as Row[]
    t.ok(['ag2', 'mem1', 'mem3'].every((u) => members.some((m) => m.UserId === u)), 'the Members choice offers the three direct downlines')
    const sent = await ag1.request(newGrouping.form.submit!.method, newGrouping.form.submit!.endpoint, {
      body: submitPayload(newGrouping.form, { Name: 'East and West', Groups: [{ Name: 'Agents', UserIds: ['ag2'] }, { Name: 'Players', UserIds: ['mem1', 'mem3'] }] }, {})
    })
    t.equal(sent.status, 200, sent.text)
    settingId = (await saved()).find((s) => s.Name === 'East and West')?.SettingId ?? 0
    t.ok(settingId > 0, 'listed under the groupings')
  })

  await t.test('the picker offers it and the report groups by it, the group rows summing their members', async (t) => {
    t.ok((await offered()).includes('East and West'), 'the Grouping picker offers it')
    const grouped = await stakes(settingId)
    t.notOk(['ag2', 'mem1', 'mem3'].some((u) => grouped.has(u)), `the members are inside their group rows: ${[...grouped.keys()].join(' ')}`)
    t.equal(grouped.get('Agents'), own.get('ag2'), 'Agents is ag2\'s row')
    t.equal(grouped.get('Players'), (own.get('mem1') ?? 0) + (own.get('mem3') ?? 0), 'Players sums mem1 and mem3')
  })

  await t.test('editing: a downline in two groups is refused, then one group removed and the other changed', async (t) => {
    t.equal(say(edit?.titleKey), 'Edit grouping', 'the row\'s dialog')
    const row = (await saved()).find((s) => s.SettingId === settingId) as Row
    const prefilled = Object.fromEntries(Object.entries(edit?.prefill ?? {}).map(([field, from]) => [field, row[from]]))
    t.match(prefilled, { Groups: [{ Name: 'Agents', UserIds: ['ag2'] }, { Name: 'Players', UserIds: ['mem1', 'mem3'] }] }, 'prefilled from the saved grouping')
    const params = { Name: String(row.Name) }
    const twice = await ag1.request(edit!.form.submit!.method, edit!.form.submit!.endpoint, { body: submitPayload(edit!.form, { Groups: [{ Name: 'Team A', UserIds: ['ag2', 'mem1'] }, { Name: 'Players', UserIds: ['mem1', 'mem3'] }] }, params) })
    t.equal(twice.status, 400, 'refused')
    t.equal(twice.json?.message, 'User mem1 is listed twice: a direct downline belongs to one group of a setting.', 'in the game API\'s words, shown in the dialog')
    const one = await ag1.request(edit!.form.submit!.method, edit!.form.submit!.endpoint, { body: submitPayload(edit!.form, { Groups: [{ Name: 'Team A', UserIds: ['ag2', 'mem1'] }] }, params) })
    t.equal(one.status, 200, one.text)
    const grouped = await stakes(settingId)
    t.equal(grouped.get('Team A'), (own.get('ag2') ?? 0) + (own.get('mem1') ?? 0), 'Team A sums ag2 and mem1')
    t.equal(grouped.get('mem3'), own.get('mem3'), 'mem3 has its own row again')
    t.notOk(grouped.has('Players'), 'the removed group is gone')
  })

  await t.test('deleting it after the confirmation: the list and the picker drop it', async (t) => {
    if (remove?.kind !== 'call') throw new Error('no Delete call')
    t.equal(say(remove.confirmKey), 'Delete this grouping?', 'asked first')
    const row = (await saved()).find((s) => s.SettingId === settingId) as Row
    const deleted = await ag1.request(remove.method, `${remove.endpoint}?${new URLSearchParams(rowParams(remove.rowParams, row) as Record<string, string>)}`)
    t.equal(deleted.status, 200, deleted.text)
    t.notOk((await saved()).some((s) => s.Name === 'East and West'), 'the list drops it')
    t.notOk((await offered()).includes('East and West'), 'no grouping of that name is offered')
  })
})
