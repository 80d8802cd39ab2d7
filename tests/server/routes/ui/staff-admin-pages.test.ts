import t from 'tap'
import type { MenuView } from '../../../../schemas/menu.ts'
import type { PageDescriptor } from '../../../../schemas/widgets.ts'
import { buildProduct } from '../../../helpers/build.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { signedIn } from '../../../helpers/http-browser.ts'
import { pathOf, urlOf, widgetsOf } from '../../../helpers/page-data.ts'

// A staff admin (ops: an ADMIN sub-account of admin, granted Report, DrawSetting, BetEntry and OutSet) acts for the company:
// every table of every page in its menu loads the rows the company admin's loads, not the sub-account's own empty book.

// Pages the issue found empty or holding only ops's own zero row; each must show rows now.
const WITH_ROWS = {
  SG: ['/tickets/page', '/tickets/history', '/report/full', '/report/collection', '/report/group', '/report/group2', '/report/stake', '/report/strike', '/report/strike2', '/report/summary',
    '/bet/betSummary', '/bet/betSummary2', '/control/shareClaim', '/control/shareClaimSetting', '/control/shareClaimCompany', '/sms/smsSubscribe'],
  TT: ['/tickets/page', '/tickets/history', '/report/tt/full', '/report/collection', '/report/tt/group', '/report/tt/group2', '/report/tt/stake', '/report/summary',
    '/bet/betSummary', '/bet/betSummary2', '/outset/exposure', '/control/shareClaimSetting', '/control/shareClaimCompany']
}

t.test('ops opens every page of its menu and each table answers the rows admin\'s answers', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ops = await signedIn(serviceUrl, 'ops')
  const admin = await signedIn(serviceUrl, 'admin')
  for (const LocId of ['SG', 'TT'] as const) {
    for (const browser of [ops, admin]) t.equal((await browser.put('/ui/session/location', { LocId })).status, 200, `at ${LocId}`)
    const menu = (await ops.get('/ui/session')).json.menu as MenuView
    const reportsOf = (groups: MenuView) => groups.find((g) => g.key === 'report')?.items.map((i) => i.path)
    t.same(reportsOf(menu), reportsOf((await admin.get('/ui/session')).json.menu as MenuView), `${LocId}: the Report items admin has (the company's shares decide them)`)
    const withRows = new Set<string>()
    for (const item of menu.flatMap((g) => g.items)) {
      if (item.external === true || item.action !== undefined) continue
      const page = await ops.get(`/ui/pages?path=${encodeURIComponent(item.path)}`)
      t.equal(page.status, 200, `${LocId} ${item.path}: descriptor`)
      for (const w of widgetsOf((page.json as PageDescriptor).widgets)) {
        if (w.type !== 'table' || !w.data.endpoint.startsWith('/api/v1/') || (w.data.method ?? 'GET') !== 'GET') continue
        const url = urlOf(w.data, { VW: 'RPT', ...item.query })
        const [mine, company] = [await ops.get(url), await admin.get(url)]
        t.equal(mine.status, company.status, `${LocId} ${item.path} ${w.id}: GET ${url} answers as for admin`)
        const rows = pathOf(mine.json?.data, w.data.dataPath)
        t.same(rows, pathOf(company.json?.data, w.data.dataPath), `${LocId} ${item.path} ${w.id}: the company's rows`)
        if (Array.isArray(rows) && rows.length > 0) withRows.add(item.path)
      }
    }
    for (const path of WITH_ROWS[LocId]) t.ok(withRows.has(path), `${LocId} ${path}: ops sees the company's rows`)
  }
})

t.test('a staff admin reads a downline as admin does, and an agent still reads only its own group', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ops = await signedIn(serviceUrl, 'ops')
  const full = await ops.get('/api/v1/4d/reportFull')
  t.same(full.json.data.rows.map((r: { UserId: string }) => r.UserId).sort(), ['admin', 'ag1', 'clerk', 'ops'], 'the company\'s own row and its direct downline, ops among them')
  t.same((await ops.get('/api/v1/4d/reportFull?UserId=ag1')).json.data.rows.map((r: { UserId: string }) => r.UserId).sort(), ['ag1', 'ag2', 'mem1', 'mem3'], 'a drill-down into ag1')
  const ag1 = await signedIn(serviceUrl, 'ag1')
  t.same((await ag1.get('/api/v1/4d/reportFull')).json.data.rows.map((r: { UserId: string }) => r.UserId).sort(), ['ag1', 'ag2', 'mem1', 'mem3'], 'ag1: its own group')
  t.equal((await ag1.get('/api/v1/4d/reportFull?UserId=admin')).status, 403, 'and not the company\'s')
})

t.test('a staff admin\'s Credit Recal checks the company\'s book, not its own account alone', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ops = await signedIn(serviceUrl, 'ops')
  const started = await ops.post('/api/v1/4d/relcalCredit', {})
  t.equal(started.status, 200, started.text)
  const done = await eventually(async () => {
    const status = (await ops.get(`/api/v1/4d/relcalCredit/${started.json.data.JobId as number}/status`)).json.data
    return status.Status === 'done' || status.Status === 'failed' ? status : undefined
  }, { within: 20_000, what: 'the recalculation to end' })
  t.match(done, { Status: 'done', Message: 'Checked 8 users; corrected 0.' })
})
