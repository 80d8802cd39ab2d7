import t from 'tap'
import { type Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { isVisible, validateForm, visibleValues } from '../../../client/src/renderers/lib/formRules.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { toTyped } from '../../../client/src/renderers/lib/formUnits.ts'
import type { FormWidget, TableWidget } from '../../../schemas/widgets.ts'

// Issue #31: at a TT location the Agents and Players dialogs are the TOTO side (tShare, tCommission), loaded by profileTNewFull /
// profileTEditFull with the parent's bounds checked in the form; at a 4D location the 4D side. Through the service as the dialogs
// call it: the served form, its load (prefill as typed, bounds), the form's own check (the client's rules) and its submit.
// (Moved from the browser tier, issue #40.)

const AGENT = 'ttAgent'
type Row = Record<string, unknown>
interface FormAction { id: string, kind: string, labelKey: string, form: FormWidget }

const { serviceUrl } = await buildProduct(t)
const en = (await (await signedIn(serviceUrl, 'admin')).get('/ui/i18n/en')).json as Record<string, unknown>
const say = (key: string, values: Record<string, unknown> = {}) => String(pathOf(en, key) ?? key).replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ''))

/** A user at a location: the Agents or Players page's forms as served, and their dialogs. */
async function at (userId: string, locId: string) {
  const browser: Browser = await signedIn(serviceUrl, userId)
  const moved = await browser.put('/ui/session/location', { LocId: locId })
  if (moved.status !== 200) throw new Error(`${userId} to ${locId}: ${moved.text}`)
  const page = async (path: string) => {
    const answer = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
    return answer.json as { actions?: FormAction[], widgets: Parameters<typeof widgetsOf>[0] }
  }
  /** The table's row of a user, as its binding answers it. */
  const rowOf = async (table: TableWidget, user: string) => {
    const rows = pathOf((await browser.get(urlOf(table.data))).json.data, table.data.dataPath) as Row[]
    const row = rows.find((r) => r.UserId === user)
    if (!row) throw new Error(`no row of ${user} in ${table.id}`)
    return row
  }
  /** A form's dialog opened (on a row): what its load answers, the fields as prefilled, the form's own check, and its save. */
  const dialog = async (form: FormWidget, row: Row = {}) => {
    const params = (binding: { params?: Record<string, { from: string, name?: string }> } | undefined) =>
      Object.fromEntries(Object.entries(binding?.params ?? {}).filter(([, s]) => s.from === 'row').map(([name, s]) => [name, String(row[s.name ?? name])]))
    const load = form.load ? await browser.get(urlOf(form.load, {}, params(form.load))) : undefined
    if (load && load.status !== 200) throw new Error(`${form.load?.endpoint}: ${load.status} ${load.text}`)
    const loaded = load?.json.data as Record<string, unknown> | undefined
    const prefilled = Object.fromEntries(form.fields.filter((f) => loaded?.[f.name] !== undefined && loaded[f.name] !== null).map((f) => [f.name, toTyped(f, loaded![f.name])]))
    const labels = form.fields.map((f) => say(f.labelKey))
    /** The messages the form shows for these typed values (it sends nothing while there is one). */
    const check = (data: Record<string, unknown>) => Object.values(validateForm(data, { fields: form.fields, game: form.game, loaded })).flat().map((m) => say(m.key, m.values))
    const save = (data: Record<string, unknown>) => browser.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, visibleValues(data, form.fields), params(form.submit)) })
    return { loaded, prefilled, labels, check, save }
  }
  return { browser, page, rowOf, dialog }
}

const table = (widgets: Parameters<typeof widgetsOf>[0], id: string) => widgetsOf(widgets).find((w) => w.id === id) as TableWidget
const position = (agents: TableWidget) => agents.rowActions?.find((a) => a.labelKey === 'common.position') as FormAction | undefined

t.test('TOTO profiles on Agents and Players at a TT location, the 4D side at a 4D one', async (t) => {
  const admin = await at('admin', 'TT')

  await t.test('the admin creates an agent with a TOTO share; a TOTO commission above its own is refused in the form', async (t) => {
    const page = await admin.page('/admin/agents')
    const create = page.actions?.find((a) => a.labelKey === 'page.adminAgents.create')
    const dialog = await admin.dialog(create!.form)
    const visibleLabels = (locations: unknown) => create!.form.fields.filter((f) => isVisible(f, { Locations: locations })).map((f) => say(f.labelKey))
    t.notOk(visibleLabels(['TT']).includes('4D share'), 'no 4D share for an account of the TT location alone')
    t.ok(visibleLabels(dialog.prefilled.Locations).includes('4D share'), 'the 4D share while a 4D location is ticked, as the parent\'s locations are at first (issue #39)')
    t.ok(dialog.labels.includes('TOTO share'), 'the TOTO share')
    t.equal(dialog.prefilled.tCommission, 0, 'the new account\'s default from profileTNewFull')
    const typed = { ...dialog.prefilled, UserId: AGENT, Credit: 1000, tShare: 40, EnablePlaceBet: true }
    // The company's TOTO commission rate is 0.2: profileTNewFull bounds the field there, below the range's 0.3.
    t.same(dialog.check({ ...typed, tCommission: 0.25 }), ['Please enter a value of at most 0.2.'], 'the bound from the answer is named in the message, so nothing is sent')
    t.same(dialog.check({ ...typed, tCommission: 0.15 }), [], 'within it')
    const created = await dialog.save({ ...typed, tCommission: 0.15 })
    t.equal(created.status, 200, created.text)
    const shown = say(create!.form.submit!.successKey!, { user: created.json.data.UserId, password: created.json.data.Password })
    t.ok(shown.startsWith(`${AGENT} created. One-time password: ${created.json.data.Password} `), 'the one-time password is shown')
    const saved = await admin.dialog(position(table(page.widgets, 'agents'))!.form, { UserId: AGENT })
    t.match(saved.loaded, { tShare: 0.4, tCommission: 0.15 }, 'saved on the TOTO side')
  })

  await t.test('its Position dialog shows the TOTO values prefilled and saves a change', async (t) => {
    const agents = table((await admin.page('/admin/agents')).widgets, 'agents')
    const row = await admin.rowOf(agents, AGENT)
    const dialog = await admin.dialog(position(agents)!.form, row)
    t.equal(dialog.prefilled.tShare, 40, 'the share in percent, as it is typed')
    t.equal(dialog.prefilled.tCommission, 0.15, 'and the TOTO commission')
    t.notOk(dialog.labels.includes('4D share'), 'the TOTO side only')
    t.same(dialog.check({ ...dialog.prefilled, tShare: 35 }), [], 'a share of 35 passes the form')
    const saved = await dialog.save({ ...dialog.prefilled, tShare: 35 })
    t.equal(saved.status, 200, saved.text)
    t.match((await admin.dialog(position(agents)!.form, row)).loaded, { tShare: 0.35 }, 'the new TOTO share is stored')
  })

  await t.test('at a 4D location the same dialog shows the 4D side', async (t) => {
    const sg = await at('admin', 'SG')
    const agents = table((await sg.page('/admin/agents')).widgets, 'agents')
    const dialog = await sg.dialog(position(agents)!.form, await sg.rowOf(agents, AGENT))
    t.equal(dialog.prefilled.dShare, 0, 'the 4D share, from profileEditFull')
    t.ok(dialog.labels.includes('4D share'), 'the 4D share is a field')
    t.notOk(dialog.labels.includes('TOTO share'), 'no TOTO share at a 4D location')
  })

  await t.test('a master agent edits a member\'s TOTO commission on Players, bounded by its own', async (t) => {
    const ag1 = await at('ag1', 'TT')
    const players = table((await ag1.page('/admin/players')).widgets, 'players')
    const dialog = await ag1.dialog(position(players)!.form, await ag1.rowOf(players, 'mem1'))
    const before = dialog.loaded as { tCommission: number, Bounds: { tCommission: { Max: number } } }
    t.equal(dialog.prefilled.tCommission, before.tCommission, 'the member\'s TOTO commission, prefilled')
    t.ok(dialog.labels.includes('TOTO commission'), 'the TOTO commission')
    t.notOk(dialog.labels.includes('4D commission'), 'the TOTO side only')
    const own = before.Bounds.tCommission.Max
    t.same(dialog.check({ ...dialog.prefilled, tCommission: Math.round((own + 0.05) * 100) / 100 }), [`Please enter a value of at most ${own}.`], `refused above ag1's own TOTO commission, ${own}`)
    const saved = await dialog.save({ ...dialog.prefilled, tCommission: 0.07 })
    t.equal(saved.status, 200, saved.text)
    t.match((await ag1.dialog(position(players)!.form, { UserId: 'mem1' })).loaded, { tCommission: 0.07 }, 'saved on the TOTO side')
  })
})
