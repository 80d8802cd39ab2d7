import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, widgetsOf } from '../../helpers/page-data.ts'
import { boundUrl, catalogueOf, tableOf, type Row, type Table } from './report-tables.ts'
import { formatCell } from '../../../client/src/renderers/lib/tableModel.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import type { FormWidget, Widget } from '../../../schemas/widgets.ts'

// Utilities › Support through the service as admin: why ag2 cannot see Agents (the Explain filters' two tables), then a preview of
// mem1 sent by the page's form, with the banner's words and the way back the banner's button takes (DELETE /ui/preview).
// (Moved from the browser tier, issue #40: tests/e2e/pages/support.test.ts. The preview's gate, refusals and audit:
// tests/server/routes/ui/preview.test.ts.)

const { serviceUrl } = await buildProduct(t)
const admin = await signedIn(serviceUrl, 'admin')
const say = await catalogueOf(admin)
const served = await admin.get('/ui/pages?path=%2Futilities%2Fsupport')
const widgets = new Map(widgetsOf(served.json.widgets as Widget[]).map((w) => [w.id, w]))
/** A row's cells in column order, as the table writes them. */
const rowText = (table: Table, row: Row) => table.columns.map((c) => formatCell(row[c.field], c.type)).join(' ')
/** A table's rows for these filters: /ui/explain answers without the game API's envelope, which the client reads as is. */
const rowsOf = async (table: Table, filters: Record<string, string>) => {
  const answer = (await admin.get(boundUrl(table.data, filters))).json as { data?: unknown }
  const found = pathOf('data' in answer ? answer.data : answer, table.data.dataPath)
  return (Array.isArray(found) ? found : []) as Row[]
}
/** The menu groups of the session's shell, by the words of their headings. */
const groups = async () => ((await admin.get('/ui/session')).json.menu as Array<{ label: string }>).map((g) => say(g.label))

t.test('why ag2 does not see Agents', async (t) => {
  const filters = { user: 'ag2', LocId: 'SG', item: 'agents' }
  const decision = tableOf(widgets, 'decision')
  const first = (await rowsOf(decision, filters))[0]!
  t.match(rowText(decision, first), /no\s+set EnableCreateAgent to 1\s+[0-9a-f]{16}\s+menu\.json/)
  const explanation = tableOf(widgets, 'explanation')
  const rule = (await rowsOf(explanation, filters)).map((r) => rowText(explanation, r)).join('\n')
  t.match(rule, /EnableCreateAgent on\s+✗\s+0/)
  t.match(rule, /EnableCreateDownline on\s+✓\s+1/)
})

t.test('a preview of mem1: mem1\'s menu, a banner, and the way back', async (t) => {
  const form = widgets.get('preview') as FormWidget
  const started = await admin.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { user: 'mem1', LocId: 'SG' }, {}) })
  t.equal(started.status, 200, started.text)
  const session = (await admin.get('/ui/session')).json
  const banner = say('shell.previewing').replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(pathOf(session.preview, { user: 'UserId', location: 'LocId', by: 'by' }[name] ?? name)))
  t.match(banner, /as mem1 at SG/)
  t.notOk((await groups()).includes('Control'), 'mem1 has no Control group')
  t.equal((await admin.request('DELETE', '/ui/preview')).status, 200, 'Back to my own view')
  t.equal((await admin.get('/ui/session')).json.preview, undefined, 'the banner is gone')
  t.ok((await groups()).includes('Control'), 'the admin\'s own menu is back')
})
