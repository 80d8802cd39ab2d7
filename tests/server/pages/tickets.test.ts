import t from 'tap'
import { Browser, DEMO_PASSWORD } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf } from '../../helpers/page-data.ts'
import { cents, gameApiAs, pageOf, read, tableOf, type Row, type Table } from './report-tables.ts'
import { actionApplies, fillPath, formatCell, rowParams, sortRows } from '../../../client/src/renderers/lib/tableModel.ts'
import { validateForm } from '../../../client/src/renderers/lib/formRules.ts'
import { resultSections } from '../../../client/src/renderers/lib/formAnswer.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { dayText, vocabularyText } from '../../../client/src/lib/format.ts'
import type { ContentWidget, FiltersWidget, FormWidget, RowAction, TableColumn } from '../../../schemas/widgets.ts'

// The Bet group's ticket pages through the service, as their descriptors call them: the gate lets each page's
// endpoints through for the users whose menu holds the page, and the answers carry the seed's real tickets.

// A row of the list as the service relays it: the page's columns and what its row actions read (the service cuts the rest,
// so the draw ids of a ticket come from its detail).
interface Ticket { TicketNo: string, Open: boolean, UserId: string, Series: string, Status: string, PlacedDate: string, DrawDates: string[], Stake: number, Payout: number }

const todayGmt8 = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

t.test('ticket pages: View Tickets, detail, void, search, history, fixed bets, out bets and the bet text check', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
  const mem1 = new Browser(serviceUrl)
  const ag1 = new Browser(serviceUrl)
  t.equal((await mem1.login('mem1')).status, 200)
  t.equal((await ag1.login('ag1')).status, 200)

  for (const path of ['/tickets/page', '/tickets/search', '/tickets/history', '/bet/fixedBets', '/bet/betsInstruction']) {
    t.equal((await mem1.get(`/ui/pages?path=${encodeURIComponent(path)}`)).status, 200, `mem1 gets the ${path} descriptor`)
  }

  let tickets: Ticket[] = []
  await t.test('View Tickets: mem1\'s own tickets newest first; ag1 sees the group and can narrow it to one user', async (t) => {
    const page = await mem1.get('/api/v1/4d/bet/page2?pageSize=500')
    t.equal(page.status, 200, page.text.slice(0, 200))
    tickets = page.json.data.rows
    t.ok(tickets.length > 50, `seeded history tickets (${tickets.length})`)
    t.ok(tickets.every((r) => r.UserId === 'mem1'), 'only mem1\'s own')
    t.ok(tickets.every((r, i) => i === 0 || tickets[i - 1]!.PlacedDate >= r.PlacedDate), 'newest first')
    t.ok(tickets.some((r) => r.Payout > 0), 'settled tickets with payouts')
    const users = await mem1.get('/api/v1/4d/bet/userIds')
    t.equal(users.json.data[0].UserId, 'mem1', 'the user filter starts with the caller')
    const draws = await mem1.get('/api/v1/4d/draw/dateAll')
    t.ok(draws.json.data.length > 5, 'the draw filter lists draws')

    const group = await ag1.get('/api/v1/4d/bet/page2?pageSize=500')
    t.ok(new Set(group.json.data.rows.map((r: Ticket) => r.UserId)).size > 1, 'ag1 sees its group\'s tickets')
    const one = await ag1.get('/api/v1/4d/bet/page2?pageSize=500&UserId=mem1')
    t.ok(one.json.data.rows.length > 0 && one.json.data.rows.every((r: Ticket) => r.UserId === 'mem1'), 'filtered to mem1')
    const byDraw = await mem1.get(`/api/v1/4d/bet/page2?pageSize=500&DrawId=${draws.json.data.find((d: { HasResult: boolean }) => d.HasResult).DrawId}`)
    t.equal(byDraw.status, 200)
  })

  await t.test('the ticket detail: bets, level rows with In, Intake, Out and MaxPayout, strikes; each viewer only its own level and those below', async (t) => {
    const won = tickets.find((r) => r.Payout > 0)!
    const view = await mem1.get(`/api/v1/4d/bet/view?TicketNo=${won.TicketNo}`)
    t.equal(view.status, 200)
    const { Ticket, Bets, Levels, Strikes } = view.json.data
    t.equal(Ticket.TicketNo, won.TicketNo)
    t.ok(Bets.length > 0 && Strikes.length > 0, 'bets and the strikes that paid')
    t.match(Levels[0], { Level: Number, UserId: 'mem1', ttAmountIn: Number, ttAmountIntake: Number, ttAmountOut: Number, ttMaxPayout: Number })
    const usersOf = (levels: Array<{ UserId: string }>) => [...new Set(levels.map((l) => l.UserId))].sort()
    t.same(usersOf(Levels), ['mem1'], 'the member: its own level only, none of ag1\'s share and commission or the company\'s intake')
    t.same(usersOf((await ag1.get(`/api/v1/4d/bet/view?TicketNo=${won.TicketNo}`)).json.data.Levels), ['ag1', 'mem1'], 'its agent: its own and the member\'s, not the company\'s')
    const admin = new Browser(serviceUrl)
    await admin.login('admin')
    t.same(usersOf((await admin.get(`/api/v1/4d/bet/view?TicketNo=${won.TicketNo}`)).json.data.Levels), ['admin', 'ag1', 'mem1'], 'the company: every level')
    const mem3 = new Browser(serviceUrl)
    await mem3.login('mem3')
    t.equal((await mem3.post('/ui/terms', { agree: true })).status, 200, 'mem3 accepts the terms')
    const other = await mem3.get(`/api/v1/4d/bet/view?TicketNo=${won.TicketNo}`)
    t.equal(other.status, 403, 'another member cannot read it')
    t.equal(other.json.code, 'GA_RECORD_NOT_YOUR_DOWNLINE', 'refused as outside its downline')
  })

  await t.test('voiding: an open ticket is voided with confirmation\'s DELETE; a settled one answers 409', async (t) => {
    const today = todayGmt8()
    // ag1 reaches the open draws (Out Bets' draw list); a ticket is open while every one of its draws is.
    const openDraws = new Set((await ag1.get('/api/v1/4d/draw/activeLatest')).json.data.map((d: { DrawId: number }) => d.DrawId))
    let open: Ticket | undefined
    for (const r of tickets.filter((r) => r.Status === 'active')) {
      const detail = (await mem1.get(`/api/v1/4d/bet/view?TicketNo=${r.TicketNo}`)).json.data.Ticket as { DrawIds: number[] }
      if (detail.DrawIds.every((id) => openDraws.has(id))) { open = r; break }
    }
    t.ok(open, 'mem1 has an open ticket in the seed')
    t.equal(open!.Open, true, 'the list marks it voidable (the Void action shows on such rows)')
    const voided = await mem1.request('DELETE', `/api/v1/4d/bet?TicketNo=${open!.TicketNo}`)
    t.equal(voided.status, 200, voided.text)
    t.match(voided.json.data, { TicketNo: open!.TicketNo, Status: 'void' })
    const settled = tickets.find((r) => r.DrawDates.every((d) => d < today))!
    t.equal(settled.Open, false)
    t.equal((await mem1.get(`/api/v1/4d/bet/view?TicketNo=${open!.TicketNo}`)).json.data.Ticket.Open, false, 'a void ticket is not open')
    const refused = await mem1.request('DELETE', `/api/v1/4d/bet?TicketNo=${settled.TicketNo}`)
    t.equal(refused.status, 409)
    t.match(refused.json.message, /closed|finalised/i)
  })

  await t.test('Ticket Search by number, Ticket History by draw day', async (t) => {
    const view = await mem1.get(`/api/v1/4d/bet/view?TicketNo=${tickets[tickets.length - 1]!.TicketNo}`)
    const number = view.json.data.Bets[0].Number as string
    const found = await mem1.get(`/api/v1/4d/bet/search?Number=${number}`)
    t.equal(found.status, 200)
    t.ok(found.json.data.length > 0 && found.json.data.every((r: { Number: string, UserId: string }) => r.Number === number && r.UserId === 'mem1'), `bets on ${number}`)
    const day = tickets[tickets.length - 1]!.DrawDates[0]!
    const history = await mem1.get(`/api/v1/4d/bet/page2?pageSize=1000&DrawDate=${day}`)
    t.ok(history.json.data.rows.length > 0 && history.json.data.rows.every((r: Ticket) => r.DrawDates.includes(day)), `the tickets of ${day}`)
  })

  await t.test('Fixed Bets: one flat line added, listed with its text, deleted', async (t) => {
    const created = await mem1.post('/api/v1/4d/bet/fixed', { DayCode: '0', Lines: [{ Number: '4321', Form: 'roll', Big: 1 }] })
    t.equal(created.status, 200, created.text)
    const list = await mem1.get('/api/v1/4d/fixed/page3')
    t.match(list.json.data.find((f: { FixedId: number }) => f.FixedId === created.json.data.FixedId), { DayCode: '0', LinesText: '4321r 1-', StakePerDraw: 10 })
    const gone = await mem1.request('DELETE', `/api/v1/4d/bet/fixed?FixedId=${created.json.data.FixedId}`)
    t.equal(gone.status, 200)
  })

  await t.test('Help On Bets: the check answers positioned errors for a bad text and the ticket for a good one', async (t) => {
    const bad = await mem1.post('/api/v1/4d/bet/check', { Text: 'mem1 0 1234 1x-' })
    t.equal(bad.status, 200)
    t.equal(bad.json.data.ok, false)
    t.match(bad.json.data.errors[0], { position: 12, length: Number, message: String })
    t.equal(bad.json.data.ticket, null)
    const good = await mem1.post('/api/v1/4d/bet/check', { Text: 'mem1 0 1234 5678 1-2' })
    t.equal(good.json.data.ok, true)
    t.match(good.json.data.ticket, { UserId: 'mem1', DayCode: '0', Lines: [{ Number: '1234', Big: 1, Small: 2 }, { Number: '5678', Big: 1, Small: 2 }] })
    t.ok(good.json.data.ticket.DrawDates.length === 3, 'Wed, Sat and Sun')
    const after = await mem1.get('/api/v1/4d/bet/page2?pageSize=1')
    t.equal(after.json.data.total, tickets.length, 'nothing was placed')
  })

  await t.test('at a TOTO location the same pages read TOTO tickets and check TOTO bet text', async (t) => {
    const mem3 = new Browser(serviceUrl)
    await mem3.login('mem3')
    // mem3 has not accepted the terms: until it does, the service answers no page and no game call.
    t.equal((await mem3.post('/ui/terms', { agree: true })).status, 200, 'mem3 accepts the terms')
    t.equal((await mem3.put('/ui/session/location', { LocId: 'TT' })).status, 200)
    const page = await mem3.get('/api/v1/4d/bet/page2?pageSize=500')
    t.ok(page.json.data.rows.length > 0 && page.json.data.rows.every((r: Ticket) => r.Series === 'TOTO'), 'the proxy chose tt/: TOTO tickets only')
    const view = await mem3.get(`/api/v1/4d/bet/view?TicketNo=${page.json.data.rows[0].TicketNo}`)
    t.match(view.json.data.Levels[0], { ttUnitIn: Number, ttUnitIntake: Number, ttUnitOut: Number, ttMaxPayout: Number })
    const checked = await mem3.post('/api/v1/4d/bet/check', { Text: 'mem3 1 010203040506 -2' })
    t.match(checked.json.data, { ok: true, ticket: { Series: 'TOTO', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 2 }] } })
    const tt = await mem3.get('/ui/pages?path=%2Fbet%2FbetsInstruction')
    t.same(tt.json.widgets.map((w: { id: string }) => w.id), ['bodyTT', 'checkIntro', 'checkTT'], 'the TOTO rules and the TOTO check')
    const fixedPage = await mem3.get('/ui/pages?path=%2Fbet%2FfixedBets')
    t.same(fixedPage.json.widgets.map((w: { id: string }) => w.id), ['createFixedTT', 'fixedBets'], 'the TOTO fixed bet form')
    const fixed = await mem3.post('/api/v1/4d/bet/fixed', { DayCode: '4', Lines: [{ Type: 'SYSTEM', Numbers: [1, 2, 3, 4, 5, 6, 7], Units: 1 }] })
    t.equal(fixed.status, 200, 'a TOTO fixed bet from the line grid')
    t.match(fixed.json.data, { Game: 'TOTO', DayCode: '4', StakePerDraw: 7 })
  })

  await t.test('Out Bets: ag1 sees what its level puts out on an open draw; a member is refused by the gate', async (t) => {
    const active = await ag1.get('/api/v1/4d/draw/activeLatest')
    const draw = active.json.data.find((d: { Series: string }) => d.Series === 'SG4D')
    t.ok(draw, 'an open SG4D draw')
    // A bet above ag1's intake ($5 Big per number at half share): the rest goes out from ag1's level.
    const grant = await fetch(`${gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: 'mem1', password: DEMO_PASSWORD }) }).then((r) => r.json()) as { data: { access_token: string } }
    const placed = await fetch(`${gameApiUrl}/api/v1/4d/bet`, { method: 'POST', headers: { authorization: `Bearer ${grant.data.access_token}`, 'content-type': 'application/json' }, body: JSON.stringify({ DrawIds: [draw.DrawId], Lines: [{ Number: '9090', Big: 20 }] }) })
    t.equal(placed.status, 200)
    t.equal((await ag1.get('/ui/pages?path=%2Fbet%2FoutBets')).status, 200)
    const out = await ag1.get(`/api/v1/4d/reportOutFull?DrawId=${draw.DrawId}&rand=1`)
    t.equal(out.status, 200)
    t.match(out.json.data.rows.find((r: { Number: string }) => r.Number === '9090'), { BigOut: 15, AmountOut: 15 })
    t.equal((await mem1.get('/ui/pages?path=%2Fbet%2FoutBets')).status, 403, 'not in a member\'s menu')
    t.equal((await mem1.get(`/api/v1/4d/reportOutFull?DrawId=${draw.DrawId}`)).status, 403, 'the gate refuses the endpoint')
  })

  // Moved from the browser tier (issue #40): what View Tickets, Ticket Search, Fixed Bets and Help On Bets show, read from the
  // descriptor each user is served and the calls it binds, as the client reads them.
  await t.test('as the pages show them: View Tickets\' count, footer, detail and Void; Ticket Search; Fixed Bets; Help On Bets; the administrator\'s paging', async (t) => {
    const en = (await mem1.get('/ui/i18n/en')).json as Record<string, unknown>
    /** A catalogue text with its {{values}} filled as the client's formatters write them (day, term). */
    const say = (key: string | undefined, values: Record<string, unknown> = {}) =>
      String(pathOf(en, key ?? '') ?? `(no text ${key})`).replace(/\{\{(\w+)(?:,\s*([^}]*))?\}\}/g, (_, name: string, format?: string) => {
        const term = /^term\(of: ([^)]+)\)$/.exec(format?.trim() ?? '')
        if (format?.trim() === 'day') return dayText(values[name])
        if (term) return vocabularyText(values[name], pathOf(en, term[1]) as Record<string, unknown>)
        return String(values[name] ?? '')
      })
    /** The count above a table, as the client writes it for the rows shown and the answer's total. */
    const countText = (table: Table, shown: Row[], data: unknown) => {
      const total = Number(pathOf(data, table.totalPath))
      return total > shown.length ? say('renderers.showingOf', { shown: shown.length.toLocaleString('en-US'), total: total.toLocaleString('en-US') }) : String(shown.length)
    }
    const sorted = (table: Table & { defaultSort?: { field: string, desc: boolean } }, rows: Row[]) => sortRows(rows, table.columns, table.defaultSort ? [{ id: table.defaultSort.field, desc: table.defaultSort.desc }] : [])
    const action = (table: Table, id: string) => (table.rowActions as RowAction[] | undefined)?.find((a) => a.id === id) as RowAction & { endpoint: string, method: string, rowParams: Record<string, string>, confirmKey?: string, to?: string }
    const status = (table: Table, row: Row) => say((table.columns.find((c) => c.field === 'Status') as TableColumn & { statusLabels: Record<string, string> }).statusLabels[String(row.Status)])

    const page = await pageOf(mem1, '/tickets/page')
    const list = tableOf(page, 'tickets')
    let number = ''
    await t.test('View Tickets lists mem1\'s tickets; View opens one ticket\'s detail', async (t) => {
      const shown = await read(mem1, list)
      const rows = sorted(list, shown.rows)
      t.equal(rows[0]!.UserId, 'mem1', 'the member\'s own ticket')
      // What the game API holds for mem1: every ticket counted and summed, not only the first page.
      const served = await (await gameApiAs(gameApiUrl, 'mem1'))('4d/bet/page2?pageSize=500') as { total: number, totals: { Stake: number } }
      t.ok(served.total > 50, 'the seed\'s history tickets')
      t.equal(countText(list, rows, shown.data), served.total > 500 ? `Showing 500 of ${served.total.toLocaleString('en-US')}` : String(served.total), 'the count says how many of all the tickets are shown')
      t.equal(cents(shown.footer.Stake), cents(served.totals.Stake), 'the footer sums the stakes of every ticket, not only those shown')
      const bets = tableOf(page, 'ticketBets')
      t.ok(bets.data.requires?.includes('TicketNo') && bets.data.params?.TicketNo?.from === 'query', 'no detail before a ticket is chosen: the bets wait for the route\'s TicketNo, which the menu\'s link has not')

      const ticketNo = String(rows[0]!.TicketNo)
      const to = new URL(fillPath(action(list, 'view').to!, rows[0]!), 'http://page')
      t.equal(to.pathname + '?' + to.searchParams.toString(), `/tickets/page?TicketNo=${ticketNo}`, 'View opens the ticket on this page')
      const query = { TicketNo: ticketNo }
      const detail = page.get('ticket') as ContentWidget
      const view = await mem1.get(urlOf(detail.data!, query))
      t.match(say(detail.bodyKey, pathOf(view.json.data, detail.data!.dataPath) as Record<string, unknown>), `Ticket ${ticketNo}`)
      const ticketBets = sorted(bets, (await read(mem1, bets, {}, query)).rows)
      t.ok(ticketBets.length > 0, 'its bets')
      const shownTables = [...page.values()].filter((w): w is typeof w & Table => w.type === 'table' && (w.data.requires ?? []).every((r) => r in query) && w.id !== 'lines' && w.id !== 'levels')
      t.same(shownTables.map((w) => say((w as { titleKey?: string }).titleKey)), ['Bets', 'Levels: In, Intake and Out', 'Strikes', 'Tickets'], 'each table under its heading')
      const levels = tableOf(page, 'ticketLevels')
      t.match(levels.columns.map((c) => say(c.labelKey)).join(' '), /Amount In[\s\S]*Amount Intake[\s\S]*Amount Out[\s\S]*Max Payout/, 'In, Intake, Out and MaxPayout per level')
      t.equal(sorted(levels, (await read(mem1, levels, {}, query)).rows)[0]!.UserId, 'mem1', 'the bettor\'s level first')
      // Columns: draw date, line, number, …
      number = String(ticketBets[0]![bets.columns[2]!.field])
      t.match(number, /^\d{4}$/)
    })

    await t.test('Void shows on open tickets only; voiding (after the confirmation) turns the ticket void', async (t) => {
      const voidAction = action(list, 'void')
      const rows = sorted(list, (await read(mem1, list)).rows)
      const open = rows.find((r) => actionApplies(voidAction, r))!
      t.ok(rows.length > rows.filter((r) => actionApplies(voidAction, r)).length, 'settled tickets have no Void')
      t.match(status(list, open), /Active/)
      t.equal(say(voidAction.confirmKey), 'Void this ticket? Its stake comes back; this is possible only while all its draws are open.', 'Void asks first')
      const voided = await mem1.request(voidAction.method, urlOf({ endpoint: voidAction.endpoint }, {}, Object.fromEntries(Object.entries(rowParams(voidAction.rowParams, open)).map(([k, v]) => [k, String(v)]))))
      t.equal(voided.status, 200, voided.text)
      const row = (await read(mem1, list)).rows.find((r) => r.TicketNo === open.TicketNo)!
      t.notOk(actionApplies(voidAction, row), 'voided: the action is gone')
      t.match(status(list, row), /Void/, 'the status reads Void')
      t.notMatch(status(list, row), /Active/)
    })

    await t.test('Ticket Search finds the bets on a number; Fixed Bets adds a line from its line grid and deletes it', async (t) => {
      const search = await pageOf(mem1, '/tickets/search')
      const filters = search.get('searchFilters') as FiltersWidget
      t.match(Object.values(validateForm({}, { fields: filters.fields })).flat().map((e) => say(e.key, e.values)).join(' '), /Please fill in this field/, 'the number is required')
      const found = await read(mem1, tableOf(search, 'searchResults'), { Number: number })
      t.equal(String(found.rows[0]!.Number), number, `bets on ${number}`)

      const fixedPage = await pageOf(mem1, '/bet/fixedBets')
      const form = fixedPage.get('createFixed') as FormWidget
      const lines = [{ Number: '4321', Form: 'roll', Big: '1' }, {}, {}, {}, {}]
      const created = await mem1.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { DayCode: '0', Lines: lines }, {}) })
      t.equal(created.status, 200, created.text)
      const fixed = tableOf(fixedPage, 'fixedBets')
      const row = (await read(mem1, fixed)).rows.find((r) => r.LinesText === '4321r 1-')!
      t.match(fixed.columns.map((c) => formatCell(row[c.field], c.type)).join(' '), /10\.00/, 'a roll costs ten times its amount per draw')
      const del = action(fixed, 'delete')
      const gone = await mem1.request(del.method, `${del.endpoint}?FixedId=${rowParams(del.rowParams, row).FixedId}`)
      t.ok(gone.status === 200 && !(await read(mem1, fixed)).rows.some((r) => r.LinesText === '4321r 1-'), 'deleted')
    })

    await t.test('Help On Bets: a bad text answers the positioned error, a good one the parsed ticket', async (t) => {
      const help = await mem1.get('/ui/pages?path=%2Fbet%2FbetsInstruction')
      const widgets = new Map((help.json.widgets as Array<{ id: string }>).map((w) => [w.id, w]))
      t.match(say((widgets.get('body4d') as ContentWidget).bodyKey), /Day codes/)
      t.equal((help.json.actions as Array<{ labelKey: string, to?: string }>).find((a) => say(a.labelKey) === 'Bet by SMS')?.to, '/help/sms', 'the SMS instructions are a link away')
      const form = widgets.get('check4d') as FormWidget
      const check = async (Text: string) => {
        const answer = await mem1.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { Text }, {}) })
        return resultSections(answer.json.data, form.result!).map((s) => ({ tone: s.tone, text: s.items.map((item) => say(s.itemKey, item)).join('\n') }))
      }
      const bad = await check('mem1 0 1234 1x-')
      t.match(bad.find((s) => s.tone === 'error')?.text, /At position 12 \(length \d+\): \S/, 'the error with its position')
      t.equal(bad.filter((s) => s.tone === 'info').length, 0, 'no ticket for a bad text')
      const good = await check('mem1 0 1234 5678 1-2')
      const info = good.filter((s) => s.tone === 'info')
      t.match(info[0]?.text, /For mem1, day code 0 \(SG4D\), draws \d\d\/\d\d\/\d{4}, \d\d\/\d\d\/\d{4}, \d\d\/\d\d\/\d{4}: 6 a draw, 18 in all\./)
      t.match(info[1]?.text, /1234 Straight: Big 1, Small 2[\s\S]*5678 Straight: Big 1, Small 2/)
      t.equal(good.filter((s) => s.tone === 'error').length, 0, 'no errors')
    })

    await t.test('a list longer than a page says so and reaches every row: the administrator\'s View Tickets', async (t) => {
      const admin = new Browser(serviceUrl)
      await admin.login('admin')
      const adminList = tableOf(await pageOf(admin, '/tickets/page'), 'tickets') as Table & { paging: { param: string, nextPath: string } }
      const first = await read(admin, adminList)
      const total = Number(pathOf(first.data, adminList.totalPath))
      t.ok(total > 500, `more tickets than a page holds (${total})`)
      t.equal(countText(adminList, first.rows, first.data), `Showing 500 of ${total.toLocaleString('en-US')}`)
      const newest = sorted(adminList, first.rows)[0]!.TicketNo
      const older = await admin.get(urlOf(adminList.data, {}, { [adminList.paging.param]: String(pathOf(first.data, adminList.paging.nextPath)) }))
      const olderRows = pathOf(older.json.data, adminList.data.dataPath) as Row[]
      t.ok(olderRows.length === Math.min(500, total - 500) && sorted(adminList, olderRows)[0]!.TicketNo !== newest, 'Older shows the next page of tickets')
      t.equal(sorted(adminList, (await read(admin, adminList)).rows)[0]!.TicketNo, newest, 'and Newest goes back to the first')
    })
  })
})
