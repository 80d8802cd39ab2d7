import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { catalogueOf, cents, fieldHeaded, gameApiAs, pageOf, read, tableOf, type Row } from './report-tables.ts'

// Full Report (/report/full) as ag1 reads it, through the service: the descriptor ag1 is served, and each table's call made
// with ag1's session and the page's filters as the client makes it (the user filter follows a drill-down's ?UserId=).
// Its rows are read at the descriptor's dataPath, a column at the field under the heading the page shows, and a footer as
// the client sums it. What only a browser shows (money drawn with two decimals, the drill-down's crumb, user filter and
// Back, the open tab, the typed date range) stays in tests/e2e/pages/reports.test.ts and report-breakdown.test.ts.

t.test('Full Report through the service', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
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

  await t.test('ag1: Full Report by draw equals the report of each draw; Upline of ag2 shows ag1; Tickets and a date range sum to the report', async (t) => {
    // By draw: rows grouped per draw, newest first, each group the report of that draw alone (the page's draw filter on the full table).
    const byDraw = tableOf(page, 'byDraw')
    const breakdown = await read(ag1, byDraw)
    const [drawField, userField, stakeField] = ['Draw', 'User ID', 'Stake'].map((heading) => fieldHeaded(byDraw, heading, say)) as [string, string, string]
    const drawOf = (r: Row) => Number(r[drawField])
    const rows = breakdown.rows
    const draws = [...new Set(rows.map(drawOf))]
    t.ok(draws.length >= 2, `rows of several draws: ${draws.join(' ')}`)
    t.ok(rows.every((r, i) => i === 0 || drawOf(r) === drawOf(rows[i - 1]!) || !rows.slice(0, i).some((p) => drawOf(p) === drawOf(r))), 'each draw\'s rows are one group')
    const dateOf = new Map(rows.map((r) => [drawOf(r), String(r.DrawDate)]))
    t.same(draws, [...draws].sort((a, b) => dateOf.get(b)!.localeCompare(dateOf.get(a)!) || b - a), 'newest draw first')
    const stake = fieldHeaded(full, 'Stake', say)
    for (const drawId of draws.slice(0, 2)) {
      const group = rows.filter((r) => drawOf(r) === drawId)
      const served = await read(ag1, full, { DrawId: String(drawId) })
      for (const row of served.rows) {
        const shown = group.find((r) => r[userField] === row[user])
        if (shown) t.equal(cents(shown[stakeField]), cents(row[stake]), `draw ${drawId}, ${String(row[user])}: the report's stake`)
        else t.equal(row[stake], 0, `draw ${drawId}, ${String(row[user])}: left out, nothing staked`)
      }
      t.ok(group.every((r) => served.rows.some((s) => s[user] === r[userField])), `draw ${drawId}: only the report's users`)
      t.equal(group.reduce((sum, r) => sum + cents(r[stakeField]), 0), cents(served.footer[stake]), `draw ${drawId}: the group adds up to the draw's report`)
    }
    const whole = await read(ag1, full)
    t.equal(cents(breakdown.footer[stakeField]), cents(whole.footer[stake]), 'the footer is the report\'s stake over every draw')

    // Upline: nothing above ag1's own account; in ag2's report (a drill-down), ag1's level.
    const upline = tableOf(page, 'upline')
    t.same((await read(ag1, upline)).rows, [], 'ag1\'s own report has no level above it that ag1 may see')
    const above = (await read(ag1, upline, drilled('ag2'))).rows
    t.same(above.map((r) => r[fieldHeaded(upline, 'User ID', say)]), ['ag1'], 'ag2\'s upline as ag1 sees it: ag1 alone')
    t.equal(above[0]?.[fieldHeaded(upline, 'Levels above', say)], 1, 'the parent, one level above')
    const gameApi = await gameApiAs(gameApiUrl, 'ag1')
    const servedUpline = await gameApi('4d/reportUplineFull?UserId=ag2') as { rows: Row[] }
    const intake = fieldHeaded(upline, 'Intake', say)
    t.equal(cents(above[0]?.[intake]), cents(servedUpline.rows[0]?.Intake), 'ag1\'s intake of ag2\'s group, as the game API answers')
    t.ok(cents(above[0]?.[intake] ?? 0) > 0, 'ag1 keeps a part of ag2\'s group')

    // Tickets: ag2's group's tickets; their stake is ag2's report's stake.
    const tickets = tableOf(page, 'tickets')
    const ticketRows = await read(ag1, tickets, drilled('ag2'))
    t.ok(ticketRows.rows.every((r) => ['ag2', 'mem2'].includes(String(r[fieldHeaded(tickets, 'User ID', say)]))), 'only tickets of ag2 and its member')
    const ag2Report = await read(ag1, full, drilled('ag2'))
    t.equal(cents(ticketRows.footer[fieldHeaded(tickets, 'Stake', say)]), cents(ag2Report.footer[stake]), 'the tickets\' stake is ag2\'s report\'s stake')

    // Date range (still in ag2's report): nothing is asked before both dates are chosen, and the tab says so; over two draws'
    // dates the report equals its draws' reports added up.
    const range = tableOf(page, 'range')
    t.same(range.data.requires, ['DrawFrom', 'DrawTo'], 'no range chosen: nothing is asked yet')
    const hint = page.get('rangeHint') as { bodyKey?: string } | undefined
    t.match(say(hint?.bodyKey), /choose both dates/, 'the tab says what it needs')
    const [newer, older] = [dateOf.get(draws[1]!)!.slice(0, 10), dateOf.get(draws[2]!)!.slice(0, 10)]
    const dates = { ...drilled('ag2'), DrawFrom: older, DrawTo: newer }
    const ranged = await read(ag1, range, dates)
    const inRange = [...new Set(rows.filter((r) => String(r.DrawDate).slice(0, 10) >= older && String(r.DrawDate).slice(0, 10) <= newer).map(drawOf))]
    const perDraw = await Promise.all(inRange.map(async (id) => (await read(ag1, full, { ...drilled('ag2'), DrawId: String(id) })).footer[stake]))
    const direct = await gameApi(`4d/reportFull2?UserId=ag2&DrawFrom=${older}&DrawTo=${newer}`) as { totals: Record<string, number> }
    const rangeStake = cents(ranged.footer[fieldHeaded(range, 'Stake', say)])
    t.equal(rangeStake, cents(direct.totals.Stake), `${older} to ${newer}: the game API's range report`)
    t.equal(rangeStake, perDraw.reduce((total: number, s) => total + cents(s), 0), `its draws' stakes added up (${inRange.join(', ')})`)
    t.ok(rangeStake > 0, 'with stakes')
  })
})
