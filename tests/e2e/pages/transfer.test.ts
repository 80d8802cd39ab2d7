import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { clickRowAction, closeHomePopup, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// Moving tickets to another account (bet/transfer): an agent moves its member's live ticket from View Tickets (at a 4D and at the
// TOTO location) and a user's tickets of a draw from Bet Summary 2, to another account of its downline, never outside it; a member
// has no Transfer at all.

/** Chooses the account in the open dialog's To account drop-down (typed, then picked from the list) and submits it. */
async function transferTo (dialog: Locator, userId: string): Promise<void> {
  await dialog.getByLabel('To account').fill(userId)
  await dialog.getByRole('option', { name: new RegExp(`^${userId}\\b`) }).click()
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click()
}

/** Moves the row's ticket to userId with its Transfer dialog; answers the new ticket number the dialog shows, the dialog closed. */
async function transferTicket (page: Page, row: Locator, ticketNo: string, userId: string): Promise<string> {
  await clickRowAction(row, 'Transfer')
  const dialog = page.locator('dialog[open]')
  await transferTo(dialog, userId)
  const done = dialog.getByText(new RegExp(`^Ticket ${ticketNo} moved to ${userId}: its new number is (\\S+)\\.$`))
  await done.waitFor()
  const moved = /its new number is (\S+)\.$/.exec(await done.innerText())?.[1] ?? ''
  await dialog.locator('.dialog__footer button').click()
  await dialog.waitFor({ state: 'detached' })
  return moved
}

/** Switches the session's location with the header's location radio (home reloads with the LocId). */
async function switchLocation (page: Page, name: string, locId: string): Promise<void> {
  await page.locator('.header').getByRole('radio', { name }).click()
  await page.waitForURL((u) => u.pathname === '/admin/home' && u.searchParams.get('LocId') === locId)
  await closeHomePopup(page)
}

t.test('ag1 transfers mem1\'s live ticket to mem3 on View Tickets; a member cannot', async (t) => {
  const e2e = await startE2E(t)
  const mem1 = await gameApiToken(e2e, 'mem1')
  const draw = (await gameApi(e2e, mem1, 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string }>).find((d) => d.Series === 'SG4D')!
  const placed = await gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '4826', Big: 2, Small: 1 }] }) as { TicketNo: string, Stake: number }
  const ticketNo = placed.TicketNo
  let newTicketNo = ''
  const admin = await gameApiToken(e2e, 'admin')
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')

  await t.test('the agent: Transfer on the live ticket, refused outside its downline, then moved to mem3 under a new number', async (t) => {
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const rows = page.locator('[data-widget-id=tickets] tbody tr')
    const row = rows.filter({ hasText: ticketNo })
    await row.waitFor()
    t.match(await row.innerText(), /mem1[\s\S]*Active/, 'mem1\'s live ticket')

    await clickRowAction(row, 'Transfer')
    const dialog = page.locator('dialog[open]')
    await dialog.waitFor()
    t.equal((await dialog.locator('.dialog__title').innerText()).trim(), `Transfer ticket ${ticketNo} of mem1`, 'the dialog names the ticket and its owner')

    const to = dialog.getByLabel('To account')
    await to.fill('ops')
    await to.blur()
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click()
    await dialog.getByText('User ops is not in your downline; choose yourself or a user below you.').waitFor()
    t.pass('an account outside ag1\'s downline is refused with the catalogue\'s text, in the dialog')

    await transferTo(dialog, 'mem3')
    const done = dialog.getByText(new RegExp(`^Ticket ${ticketNo} moved to mem3: its new number is (\\S+)\\.$`))
    await done.waitFor()
    newTicketNo = /its new number is (\S+)\.$/.exec(await done.innerText())?.[1] ?? ''
    t.not(newTicketNo, ticketNo, `a new ticket number (${newTicketNo})`)
    await dialog.locator('.dialog__footer button').click()
    await dialog.waitFor({ state: 'detached' })

    const moved = rows.filter({ hasText: newTicketNo })
    await moved.waitFor()
    t.match(await moved.innerText(), /mem3[\s\S]*ag1[\s\S]*Active/, 'the table reloaded: the new ticket is mem3\'s, placed by ag1')
    await row.getByRole('button', { name: 'Actions' }).waitFor({ state: 'detached' })
    t.match(await row.innerText(), /Void/, 'the old ticket is void, with no actions but View left')
    const view = await gameApi(e2e, admin, 'GET', `4d/bet/view?TicketNo=${newTicketNo}`) as { Ticket: { UserId: string, Stake: number, DrawIds: number[] }, Bets: Array<{ Number: string }> }
    t.match(view, { Ticket: { UserId: 'mem3', Stake: placed.Stake, DrawIds: [draw.DrawId] }, Bets: [{ Number: '4826' }] }, 'the game API holds the same bet for mem3')
  })

  await t.test('Bet Summary 2: a user\'s row moves that user\'s live tickets of the chosen draw', async (t) => {
    const ag1 = await gameApiToken(e2e, 'ag1')
    const mine = await gameApi(e2e, ag1, 'POST', '4d/bet', { UserId: 'mem2', DrawIds: [draw.DrawId], Lines: [{ Number: '5937', Big: 1 }] }) as { TicketNo: string }
    const liveOf = async (userId: string) => ((await gameApi(e2e, ag1, 'GET', `4d/bet/page2?UserId=${userId}&DrawId=${draw.DrawId}&pageSize=500`)).rows as Array<{ TicketNo: string, Status: string }>).filter((r) => r.Status === 'active')
    const before = await liveOf('mem2')
    t.ok(before.some((r) => r.TicketNo === mine.TicketNo), `mem2 has ${before.length} live ticket(s) on draw ${draw.DrawId}`)
    await openFromMenu(page, 'Bet', 'Bet Summary 2', '/bet/betSummary2')
    const filters = page.locator('[data-widget-id=filters]')
    await filters.getByLabel(/^Draw date/).selectOption(String(draw.DrawId))
    await filters.getByRole('button', { name: 'Show' }).click()
    const row = page.locator('[data-widget-id=betSummary2] tbody tr').filter({ hasText: 'mem2' }).first()
    await row.waitFor()
    await clickRowAction(row, 'Transfer this draw\'s tickets')
    const dialog = page.locator('dialog[open]')
    t.equal((await dialog.locator('.dialog__title').innerText()).trim(), `Transfer the live tickets of mem2 on draw ${draw.DrawId}`, 'the dialog names the user and the draw')
    await transferTo(dialog, 'mem1')
    await dialog.getByText('The tickets moved to mem1, each under a new number.').waitFor()
    await dialog.locator('.dialog__footer button').click()
    await page.locator('[data-widget-id=betSummary2] tbody tr').filter({ hasText: 'mem2' }).first().waitFor({ state: 'detached' })
    t.pass('the summary reloaded: mem2 has nothing left on the draw')
    t.same(await liveOf('mem2'), [], 'the game API: no live ticket of mem2 on the draw')
    t.ok((await liveOf('mem1')).length >= before.length, 'mem1 holds them now')
  })

  await t.test('at the TOTO location the same action moves a TOTO ticket (the service sends bet/transfer to tt/)', async (t) => {
    const ttDraw = (await gameApi(e2e, mem1, 'GET', 'tt/draw/activeLatest') as Array<{ DrawId: number }>)[0]!
    const toto = await gameApi(e2e, mem1, 'POST', 'tt/bet/t', { DrawIds: [ttDraw.DrawId], Lines: [{ Type: 'ORDINARY', Numbers: [3, 8, 15, 22, 31, 44], Units: 1 }] }) as { TicketNo: string }
    await switchLocation(page, 'TOTO', 'TT')
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const row = page.locator('[data-widget-id=tickets] tbody tr').filter({ hasText: toto.TicketNo })
    await row.waitFor()
    const moved = await transferTicket(page, row, toto.TicketNo, 'mem3')
    await page.locator('[data-widget-id=tickets] tbody tr').filter({ hasText: moved }).waitFor()
    t.match((await gameApi(e2e, admin, 'GET', `tt/bet/view?TicketNo=${moved}`)).Ticket, { UserId: 'mem3', Game: 'TOTO', DrawIds: [ttDraw.DrawId] }, `the TOTO ticket is mem3's as ${moved}`)
    t.same(errors, [], 'no script errors')
  })

  await t.test('a member: no Transfer on its live tickets, and the service refuses the call', async (t) => {
    const { page, errors } = await e2e.newPage()
    await signInAt(e2e, page, 'mem1')
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const rows = page.locator('[data-widget-id=tickets] tbody tr')
    const live = rows.filter({ has: page.getByRole('button', { name: 'Void' }) })
    await live.first().waitFor()
    t.equal(await rows.getByRole('button', { name: 'Transfer' }).count(), 0, 'no Transfer button')
    t.equal(await rows.getByRole('button', { name: 'Actions' }).count(), 0, 'nor an Actions menu holding one')
    const liveTicket = /^\S+/.exec((await live.first().innerText()).trim())?.[0] ?? ''
    const status = await page.evaluate(async (ticket) => (await fetch('/api/v1/4d/bet/transfer', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': sessionStorage.getItem('csrfToken') ?? '' },
      body: JSON.stringify({ FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: ticket })
    })).status, liveTicket)
    t.equal(status, 403, 'POST bet/transfer through the service: refused')
    t.same(errors, [], 'no script errors')
  })
})
