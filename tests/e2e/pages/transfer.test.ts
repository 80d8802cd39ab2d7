import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// Moving a ticket to another account (bet/transfer) from View Tickets: an agent moves its member's live ticket to another member
// of its downline, never outside it; a member has no Transfer at all.

t.test('ag1 transfers mem1\'s live ticket to mem3 on View Tickets; a member cannot', async (t) => {
  const e2e = await startE2E(t)
  const mem1 = await gameApiToken(e2e, 'mem1')
  const draw = (await gameApi(e2e, mem1, 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string }>).find((d) => d.Series === 'SG4D')!
  const placed = await gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '4826', Big: 2, Small: 1 }] }) as { TicketNo: string, Stake: number }
  const ticketNo = placed.TicketNo
  let newTicketNo = ''

  await t.test('the agent: Transfer on the live ticket, refused outside its downline, then moved to mem3 under a new number', async (t) => {
    const { page, errors } = await e2e.newPage()
    await signInAt(e2e, page, 'ag1')
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
    await dialog.getByText('User ops is not in your downline.').waitFor()
    t.pass('an account outside ag1\'s downline is refused with the catalogue\'s text, in the dialog')

    await to.fill('mem3')
    await dialog.getByRole('option', { name: /^mem3\b/ }).click()
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click()
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
    const view = await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', `4d/bet/view?TicketNo=${newTicketNo}`) as { Ticket: { UserId: string, Stake: number, DrawIds: number[] }, Bets: Array<{ Number: string }> }
    t.match(view, { Ticket: { UserId: 'mem3', Stake: placed.Stake, DrawIds: [draw.DrawId] }, Bets: [{ Number: '4826' }] }, 'the game API holds the same bet for mem3')
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
