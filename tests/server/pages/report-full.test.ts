import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { catalogueOf, cents, fieldHeaded, pageOf, read, tableOf, type Row } from './report-tables.ts'

// Full Report (/report/full) as ag1 reads it, through the service: the descriptor ag1 is served, and each table's call made
// with ag1's session and the page's filters as the client makes it (the user filter follows a drill-down's ?UserId=).
// Its rows are read at the descriptor's dataPath, a column at the field under the heading the page shows, and a footer as
// the client sums it. What only a browser shows (money drawn with two decimals, the drill-down's crumb, user filter and
// Back) stays in tests/e2e/pages/reports.test.ts.

t.test('Full Report through the service', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ag1 = await signedIn(serviceUrl, 'ag1')
  const say = await catalogueOf(ag1)
  const page = await pageOf(ag1, '/report/full')
  const full = tableOf(page, 'full')
  const user = fieldHeaded(full, 'User ID', say)
  const usersOf = (rows: Row[]) => rows.map((r) => String(r[user])).sort()
  // The page's user filter takes a drill-down's ?UserId= (its defaultFrom), and every table reads it.
  const drilled = (userId: string) => ({ UserId: userId })

  await t.test('ag1: Full Report, the Stake column and its footer sum, the Downline link into ag2', async (t) => {
    const mine = await read(ag1, full)
    t.same(usersOf(mine.rows), ['ag1', 'ag2', 'mem1', 'mem3'], 'ag1\'s own row and one per direct downline')
    const stakeAt = full.columns.findIndex((c) => say(c.labelKey) === 'Stake')
    t.ok(stakeAt > 0, 'a Stake column')
    const stake = full.columns[stakeAt]!.field
    t.ok(mine.rows.some((r) => cents(r[stake]) > 0), 'with figures')
    t.equal(cents(mine.footer[stake]), mine.rows.reduce((s, r) => s + cents(r[stake]), 0), 'the footer is the sum of the column')

    // The Downline link shows on a row whose field holds the value its condition names: an agent's, not a member's.
    const downline = full.rowActions?.find((a) => a.id === 'downline')
    t.match(downline, { kind: 'link', to: '/report/full?UserId=:UserId' }, 'Downline opens the same report for the row\'s user')
    const shows = (userId: string) => { const row = mine.rows.find((r) => r[user] === userId)!; return downline?.when === undefined || row[downline.when.field] === downline.when.equals }
    t.equal(shows('mem1'), false, 'a member\'s row has no downline to open')
    t.equal(shows('ag2'), true, 'an agent\'s row has')
    const ag2 = await read(ag1, full, drilled('ag2'))
    t.same(usersOf(ag2.rows), ['ag2', 'mem2'], 'ag2\'s report: its own row and its member')
  })
})
