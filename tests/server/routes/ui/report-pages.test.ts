import t, { type Test } from 'tap'
import type { PageDescriptor, TableWidget } from '../../../../schemas/widgets.ts'
import { Browser } from '../../../helpers/http-browser.ts'
import { buildProduct } from '../../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../../helpers/page-data.ts'

// The Report pages and Bet Summary pages through the service, as the client draws them: the descriptor from GET /ui/pages,
// then every endpoint it binds called through /api/v1 (the proxy picks 4d/ or tt/ and checks the menu), answering rows with figures.

const SG_PAGES = ['/report/full', '/report/collection', '/report/out', '/report/group', '/report/group2', '/report/stake', '/report/strike', '/report/strike2', '/report/summary', '/bet/betSummary', '/bet/betSummary2']
// ag1 has no TOTO share: no Strike pages at TT (spec: not TT or tShare > 0).
const TT_PAGES = ['/report/tt/full', '/report/tt/group', '/report/tt/group2', '/report/tt/stake', '/bet/betSummary', '/bet/betSummary2']

/** Filter values for bindings that wait for them: every draw date of the seed. */
const CHOSEN: Record<string, string> = { DrawFrom: '2000-01-01', DrawTo: '2099-12-31' }

/** The page's tables with their rows as loaded when the page opens. */
async function tablesOf (browser: Browser, t: Test, page: PageDescriptor) {
  const out: Array<{ table: TableWidget, rows: Array<Record<string, unknown>> }> = []
  for (const w of widgetsOf(page.widgets)) {
    if (w.type !== 'table') continue
    // A binding that needs chosen filters (Full Report's date range) is called with them, as once the user has chosen.
    const chosen = Object.fromEntries((w.data.requires ?? []).map((name) => [name, CHOSEN[name] ?? '']))
    const answer = await browser.get(urlOf(w.data, { VW: 'RPT' }, chosen))
    t.equal(answer.status, 200, `${page.path} ${w.id}: GET ${w.data.endpoint}`)
    const rows = pathOf(answer.json?.data, w.data.dataPath)
    out.push({ table: w, rows: Array.isArray(rows) ? rows : [] })
  }
  return out
}

t.test('ag1 opens every Report and Bet Summary page: each bound endpoint answers rows with figures, at SG and TT', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ag1 = new Browser(serviceUrl)
  t.equal((await ag1.login('ag1')).status, 200)

  for (const [LocId, pages] of [['SG', SG_PAGES], ['TT', TT_PAGES]] as const) {
    t.equal((await ag1.put('/ui/session/location', { LocId })).status, 200, `at ${LocId}`)
    for (const path of pages) {
      const answer = await ag1.get(`/ui/pages?path=${encodeURIComponent(path)}`)
      t.equal(answer.status, 200, `${LocId} ${path}: descriptor`)
      const page = answer.json as PageDescriptor
      t.equal(page.variant, LocId === 'TT' ? 'tt' : '4d')
      // Filters: each drop-down's list (draws, users) through the proxy.
      for (const w of widgetsOf(page.widgets)) {
        if (w.type !== 'filters') continue
        for (const field of w.fields) {
          if (!field.data) continue
          const list = await ag1.get(urlOf(field.data, { VW: 'RPT' }))
          t.equal(list.status, 200, `${LocId} ${path} filter ${field.name}: GET ${field.data.endpoint}`)
          t.ok(Array.isArray(list.json?.data) && list.json.data.length > 0, `${LocId} ${path} filter ${field.name}: has choices`)
        }
      }
      const tables = await tablesOf(ag1, t, page)
      t.ok(tables.length > 0, `${LocId} ${path}: has a table`)
      for (const { table, rows } of tables) {
        // Full Report's Upline of ag1's own account: nothing above it that ag1 may see.
        if (table.id === 'upline') { t.same(rows, [], `${LocId} ${path} upline: no level above the caller's own account`); continue }
        // Group Report's Groupings: the user's saved groupings (names, no figures), none until ag1 saves one.
        if (table.id === 'groupings') { t.same(rows, [], `${LocId} ${path} groupings: ag1 has saved none`); continue }
        t.ok(rows.length > 0, `${LocId} ${path} ${table.id}: ${rows.length} rows`)
        const summed = table.columns.filter((c) => c.sum && (c.type === 'money' || c.type === 'number'))
        t.ok(summed.length > 0, `${LocId} ${path} ${table.id}: footer sums on ${summed.map((c) => c.field).join(', ')}`)
        t.ok(summed.some((c) => rows.some((r) => Number(r[c.field]) !== 0)), `${LocId} ${path} ${table.id}: non-zero figures`)
        for (const c of table.columns) t.ok(rows.some((r) => c.field in r), `${LocId} ${path} ${table.id}: the rows carry column ${c.field}`)
      }
    }
  }

  await t.test('a filter narrows: one draw, and a drill-down into ag2', async (t) => {
    t.equal((await ag1.put('/ui/session/location', { LocId: 'SG' })).status, 200)
    const draws = (await ag1.get('/api/v1/4d/draw/resultDate')).json.data as Array<{ DrawId: number }>
    const oneDraw = await ag1.get(`/api/v1/4d/reportSummary3?DrawId=${draws[0]!.DrawId}`)
    t.same(oneDraw.json.data.rows.map((r: { DrawId: number }) => r.DrawId), [draws[0]!.DrawId])
    const page = (await ag1.get('/ui/pages?path=/report/full')).json as PageDescriptor
    const full = page.widgets.find((w): w is TableWidget => w.type === 'table')
    t.match(full?.rowActions, [{ kind: 'link', to: '/report/full?UserId=:UserId', when: { field: 'Role', equals: 'AG' } }], 'agents\' rows link to the same page for that agent')
    const ag2 = await ag1.get('/api/v1/4d/reportFull?UserId=ag2')
    t.same(ag2.json.data.rows.map((r: { UserId: string }) => r.UserId), ['ag2', 'mem2'], 'ag2\'s own row and its member')
  })
})

t.test('a member: its own report only; agent-only report endpoints are refused by the gate', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const mem1 = new Browser(serviceUrl)
  t.equal((await mem1.login('mem1')).status, 200)
  const page = await mem1.get('/ui/pages?path=/report/member-summary')
  t.equal(page.status, 200)
  const tables = await tablesOf(mem1, t, page.json as PageDescriptor)
  t.ok(tables[0]!.rows.length > 0 && tables[0]!.rows.some((r) => Number(r.Stake) > 0), 'the member\'s own draws with stakes')
  for (const endpoint of ['reportFull', 'reportCollectionFull', 'reportOutFull', 'reportGroupFull', 'reportStakeFull', 'reportStrike', 'reportSummary3', 'betSummaryFull', 'betSummary3Full', 'summary/drawDate', 'reportBreakdownFull', 'reportUplineFull', 'reportFull2', 'reportPersonalBetPageFull']) {
    const answer = await mem1.get(`/api/v1/4d/${endpoint}`)
    t.equal(answer.status, 403, `${endpoint}: 403`)
  }
  // Its own tickets (the page's "My tickets"), never its upline's group.
  const mine = await mem1.get('/api/v1/4d/reportPersonalBetPage')
  t.equal(mine.status, 200, 'reportPersonalBetPage: its own tickets')
  t.ok(mine.json.data.rows.length > 0 && mine.json.data.rows.every((r: { UserId: string }) => r.UserId === 'mem1'), 'mem1\'s tickets only')
  t.equal((await mem1.get('/ui/pages?path=/report/full')).status, 403, 'and no Full Report page')
  t.equal((await mem1.get('/ui/pages?path=/bet/betSummary')).status, 403, 'nor Bet Summary')
})

t.test('column sets follow rank, share and game: ag1 differs from admin and from ag2', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const columns = async (browser: Browser, path: string) => {
    const page = (await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)).json as PageDescriptor
    return page.widgets.flatMap((w) => w.type === 'table' ? w.columns.map((c) => c.field) : [])
  }
  const users: Record<string, Browser> = {}
  for (const id of ['admin', 'ag1', 'ag2']) {
    const browser = new Browser(serviceUrl)
    t.equal((await browser.login(id)).status, 200, id)
    users[id] = browser
  }
  const sg = { admin: await columns(users.admin!, '/report/full'), ag1: await columns(users.ag1!, '/report/full'), ag2: await columns(users.ag2!, '/report/full') }
  t.ok(sg.ag1.includes('Intake') && !sg.ag2.includes('Intake'), 'group intake at Rank <= 2 (ag1 Rank 1), not for ag2 (Rank 3)')
  t.ok(sg.ag1.includes('MyIntake') && !sg.ag2.includes('MyIntake'), 'own 4D intake with dShare (ag1 0.5, ag2 0)')
  for (const id of ['admin', 'ag1', 'ag2']) t.equal((await users[id]!.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  const tt = { admin: await columns(users.admin!, '/report/tt/full'), ag1: await columns(users.ag1!, '/report/tt/full') }
  t.ok(tt.admin.includes('MyIntake') && !tt.ag1.includes('MyIntake'), 'own TOTO intake with tShare: admin yes, ag1 (tShare 0) no')
  t.notSame(tt.ag1, tt.admin)
  t.same(await columns(users.ag1!, '/bet/betSummary'), ['Number', 'Form', 'Bets', 'Tickets', 'Units', 'Stake'], 'TOTO: units instead of Big and Small')
  t.equal((await users.ag1!.get('/ui/pages?path=/report/tt/strike')).status, 403, 'no Strike at TT without tShare')
})
