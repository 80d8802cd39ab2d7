import t from 'tap'
import { axeViolations, signInAt, startE2E, openFromMenu } from '../support.ts'

// The Bet group's ticket pages in the browser: what only a browser shows, the accessibility of a ticket's detail and of a
// checked bet text. Their data, texts, Void, Ticket Search, Fixed Bets and paging are proved at the service tier
// (tests/server/pages/tickets.test.ts).

t.test('a member\'s ticket detail and the bet text check', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'mem1')

  await t.test('View Tickets: View opens one ticket\'s detail, with no serious accessibility violations', async (t) => {
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const rows = page.locator('[data-widget-id=tickets] tbody tr')
    await rows.first().waitFor()
    const ticketNo = /^\S+/.exec((await rows.first().innerText()).trim())?.[0] ?? ''
    await rows.first().getByRole('button', { name: 'View' }).click()
    await page.waitForURL((u) => u.searchParams.get('TicketNo') === ticketNo)
    await page.locator('[data-widget-id=ticketLevels] tbody tr').first().waitFor()
    await page.locator('.rr-table-title').nth(3).waitFor()
    t.same(await axeViolations(page), [], 'no serious accessibility violations on the detail')
  })

  await t.test('Help On Bets: a checked text\'s parsed ticket, with no serious accessibility violations', async (t) => {
    await openFromMenu(page, 'Bet', 'Help On Bets', '/bet/betsInstruction')
    const form = page.locator('[data-widget-id=check4d]')
    await form.getByLabel('Bet text').fill('mem1 0 1234 5678 1-2')
    await form.getByRole('button', { name: 'Check' }).click()
    await form.locator('.rr-result-info').nth(1).waitFor()
    t.same(await axeViolations(page), [], 'no serious accessibility violations with a result shown')
  })

  t.same(errors, [], 'no script errors')
})
