import t from 'tap'
import { signedIn, type Browser } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { footerSums } from '../../../client/src/renderers/lib/tableModel.ts'
import type { DataBinding, TableColumn } from '../../../schemas/widgets.ts'

// Strike Report (/report/strike) as ag1 reads it, through the service: the winning bets and, below, their strike totals by
// prize tier, by downline and by number, each footer the same payout. Each table is read as the client reads it when the page
// opens (no filter chosen): the binding's call with ag1's session, its rows at the descriptor's dataPath and its footer as the
// client sums it (the answer's totals at the descriptor's sumsPath for the columns marked sum).

interface Table { id: string, data: DataBinding, columns: TableColumn[], sumsPath?: string }
type Row = Record<string, unknown>

const cents = (value: number | undefined) => Math.round((value ?? NaN) * 100)

/** The page's tables by id, as the user is served them. */
async function tablesOf (browser: Browser, path: string): Promise<Map<string, Table>> {
  const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`)
  const widgets = widgetsOf(page.json.widgets) as unknown as Array<Table & { type: string }>
  return new Map(widgets.filter((w) => w.type === 'table').map((w) => [w.id, w]))
}

/** One table's call as the page makes it on opening: its rows and the footer's sums. */
async function read (browser: Browser, table: Table | undefined): Promise<{ rows: Row[], footer: Record<string, number> }> {
  if (table === undefined) throw new Error('no such table')
  const answer = await browser.get(urlOf(table.data))
  if (answer.status !== 200) throw new Error(`${table.data.endpoint}: ${answer.status} ${answer.text}`)
  const rows = pathOf(answer.json.data, table.data.dataPath) as Row[]
  const served = table.sumsPath ? pathOf(answer.json.data, table.sumsPath) as Record<string, unknown> : undefined
  return { rows, footer: footerSums(rows, table.columns, served) }
}

t.test('ag1: Strike Report shows the strike summaries, each paying what the winning bets pay', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ag1 = await signedIn(serviceUrl, 'ag1')
  const tables = await tablesOf(ag1, '/report/strike')

  const paid = cents((await read(ag1, tables.get('strike'))).footer.Payout)
  t.ok(paid > 0, 'the winning bets pay')
  for (const id of ['summary1', 'summary2', 'summary3']) t.equal(cents((await read(ag1, tables.get(id))).footer.Payout), paid, `${id}: the same payout in its footer`)
  const summary2 = tables.get('summary2')!
  const byDownline = (await read(ag1, summary2)).rows.map((r) => String(r[summary2.columns[0]!.field]))
  t.ok(byDownline.includes('ag1'), `one row for ag1's own bets: ${byDownline.join(' ')}`)
  t.ok(byDownline.every((u) => ['ag1', 'ag2', 'mem1', 'mem3'].includes(u)), 'rows are ag1 and its direct downlines')
})
