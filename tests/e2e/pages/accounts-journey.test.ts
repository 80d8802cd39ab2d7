import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { closeHomePopup, latestCaptcha, openFromMenu, signIn, signInAt, startE2E, type E2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { eventually } from '../../helpers/eventually.ts'

// Issue "Downline and accounts", done when: admin creates an agent with credit, share and commission; the agent signs in and
// changes the one-time password, creates a player; the player does the same and bets; the agent records a payment, which
// Payment History shows and which moves the player's AccBal by exactly its amount.

const AGENT = 'jrnAgent'
const PLAYER = 'jrnPlayer'
const money = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)

/** Submits a create dialog and reads the one-time password from its success message (the dialog stays open to show it). */
async function createdPassword (dialog: Locator, userId: string): Promise<string> {
  await dialog.getByRole('button', { name: 'Create', exact: true }).click()
  const status = dialog.getByRole('status').filter({ hasText: 'One-time password' })
  await status.waitFor()
  const match = new RegExp(`^${userId} created\\. One-time password: (\\S+) \\(`).exec(await status.innerText())
  if (!match) throw new Error(`unexpected success text: ${await status.innerText()}`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached' })
  return match[1] as string
}

/** A new user's first sign-in: the forced change of the one-time password, the sign-in with the new one, the terms, home. */
async function firstSignIn (e2e: E2E, page: Page, userId: string, oneTime: string, chosen: string) {
  await page.goto(`${e2e.url}/login`)
  await page.getByLabel('User Id').waitFor()
  await signIn(e2e, page, userId, oneTime)
  await page.waitForURL((u) => u.pathname === '/change-password')
  await page.getByRole('heading', { level: 1, name: 'Update Password' }).waitFor()
  await page.getByLabel('Old Password').fill(oneTime)
  await page.getByLabel('New Password (case sensitive)').fill(chosen)
  await page.getByLabel('Confirm Password').fill(chosen)
  await page.getByTestId('captcha-image').waitFor()
  await page.locator('#captcha-token').fill(await latestCaptcha(e2e))
  await page.locator('form button[type=submit]').click()
  await page.waitForURL((u) => u.pathname === '/login')
  await page.getByLabel('User Id').waitFor()
  await signIn(e2e, page, userId, chosen)
  await page.waitForURL((u) => u.pathname === '/terms')
  await page.getByRole('button', { name: 'Agree', exact: true }).click()
  await page.waitForURL((u) => u.pathname === '/admin/home')
  await closeHomePopup(page)
}

/** Opens Payment History and shows the player's entries. */
async function showHistory (page: Page): Promise<Locator> {
  await openFromMenu(page, 'Administration', 'Payment History', '/admin/paymentHist')
  await page.getByRole('combobox', { name: 'User' }).fill(PLAYER)
  await page.getByRole('option', { name: new RegExp(`^${PLAYER}`) }).click()
  await page.getByRole('button', { name: 'Show' }).click()
  return page.locator('[data-widget-id=entries] tbody tr')
}

/** The AccBal cell of a user's row in a table whose headings include 'Account balance'. */
async function accBalOf (table: Locator, userId: string): Promise<string> {
  const row = table.locator('tbody tr').filter({ has: table.page().getByRole('cell', { name: userId, exact: true }) }).first()
  await row.waitFor()
  const headings = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  return (await row.locator('td').nth(headings.indexOf('Account balance')).innerText()).trim()
}

t.test('admin → agent → player → bet → payment: Payment History shows it and AccBal moved by its amount', async (t) => {
  const e2e = await startE2E(t)
  const admin = await e2e.newPage()
  await signInAt(e2e, admin.page, 'admin')

  let agentPassword = ''
  await t.test('admin creates an agent with credit, share and commission', async (t) => {
    await openFromMenu(admin.page, 'Administration', 'Agents', '/admin/agents')
    await admin.page.getByRole('button', { name: 'Create agent' }).click()
    const dialog = admin.page.locator('dialog[open]')
    await dialog.getByLabel(/^User ID/).fill(AGENT)
    await dialog.getByLabel(/^Credit/).fill('5000')
    await dialog.getByLabel(/^4D share/).fill('30')
    await dialog.getByLabel(/^4D commission/).fill('0.1')
    await dialog.getByLabel(/^May create downline/).check()
    await dialog.getByLabel(/^May place bets/).check()
    agentPassword = await createdPassword(dialog, AGENT)
    t.ok(agentPassword.length >= 8, 'a one-time password is shown once')
    const row = admin.page.locator('[data-widget-id=agents] tbody tr').filter({ hasText: AGENT })
    await row.waitFor()
    t.match(await row.innerText(), /5,000\.00/, 'the agent is listed with its credit')
  })

  const agent = await e2e.newPage()
  let playerPassword = ''
  await t.test('the agent must change the one-time password, then creates a player', async (t) => {
    await firstSignIn(e2e, agent.page, AGENT, agentPassword, 'Agent#2026a')
    t.pass('the agent is in with its own password')
    await openFromMenu(agent.page, 'Administration', 'Players', '/admin/players')
    await agent.page.getByRole('button', { name: 'Create player' }).click()
    const dialog = agent.page.locator('dialog[open]')
    await dialog.getByLabel(/^User ID/).fill(PLAYER)
    await dialog.getByLabel(/^Credit/).fill('1000')
    await dialog.getByLabel(/^4D commission/).fill('0.05')
    await dialog.getByLabel(/^May place bets/).check()
    playerPassword = await createdPassword(dialog, PLAYER)
    await agent.page.locator('[data-widget-id=players] tbody tr').filter({ hasText: PLAYER }).waitFor()
    t.pass('the player is listed')
  })

  await t.test('the player changes the one-time password too and places a bet', async (t) => {
    const player = await e2e.newPage()
    await firstSignIn(e2e, player.page, PLAYER, playerPassword, 'Player#2026b')
    await openFromMenu(player.page, 'Bet', 'Place Bets', '/bet/placeBets/add')
    const form = player.page.locator('[data-widget-id=placeBet]')
    await form.getByLabel(/^Draw days/).selectOption({ label: '3 – Wed' })
    await form.getByLabel('Number 1', { exact: true }).fill('1234')
    await form.getByLabel('Big 1', { exact: true }).fill('1')
    await form.getByRole('button', { name: 'Place bet' }).click()
    const placed = form.getByRole('status').filter({ hasText: 'placed' })
    await placed.waitFor()
    t.match(await placed.innerText(), /Ticket \S+ placed: stake 1\.00/, 'the bet is placed with the new account')
    t.same(player.errors, [], 'no script errors on the player\'s pages')
  })

  await t.test('the agent records a payment; Payment History shows it; AccBal moved by exactly its amount', async (t) => {
    await openFromMenu(agent.page, 'Administration', 'Players', '/admin/players')
    const before = await accBalOf(agent.page.locator('[data-widget-id=players]'), PLAYER)
    t.equal(before, money(0), 'a new player starts at 0.00')

    await openFromMenu(agent.page, 'Administration', 'Payments', '/admin/payments')
    await agent.page.getByRole('button', { name: 'Record payment' }).click()
    const dialog = agent.page.locator('dialog[open]')
    await dialog.getByLabel(/^User ID/).selectOption(PLAYER)
    await dialog.getByLabel(/^Direction/).selectOption({ label: 'Out: the user is paid' })
    await dialog.getByLabel(/^Amount/).fill('250.55')
    await dialog.getByLabel(/^Remarks/).fill('journey payment')
    await dialog.getByRole('button', { name: 'Record', exact: true }).click()
    const recorded = dialog.getByRole('status').filter({ hasText: 'recorded' })
    await recorded.waitFor()
    const entryId = /Payment (\d+) recorded for/.exec(await recorded.innerText())?.[1]
    t.ok(entryId, 'the payment\'s ledger entry is named')
    await dialog.getByRole('button', { name: 'Close' }).click()
    const sums = agent.page.locator('[data-widget-id=sums]')
    t.equal(await accBalOf(sums, PLAYER), money(-250.55), 'the Payments page shows the new AccBal')

    const entry = (await showHistory(agent.page)).filter({ hasText: 'journey payment' })
    await entry.waitFor()
    const text = await entry.innerText()
    t.match(text, new RegExp(`^\\s*${entryId!}\\b`), 'the entry id')
    t.match(text, /Payment out/, 'its kind')
    t.match(text, /-250\.55/, 'its amount')

    await openFromMenu(agent.page, 'Administration', 'Players', '/admin/players')
    // The list may first draw what it read before the payment while its fresh read is on the way: wait for the read to land.
    const players = agent.page.locator('[data-widget-id=players]')
    await eventually(async () => await accBalOf(players, PLAYER) === money(-250.55), { what: 'the player\'s new AccBal on Players' }).catch(() => {})
    t.equal(await accBalOf(players, PLAYER), money(-250.55), 'the player\'s AccBal moved by exactly the payment')
    t.same(agent.errors, [], 'no script errors on the agent\'s pages')
  })
  await t.test('deleting the payment is the company\'s: the agent is told so; admin deletes it with the super password, in the body', async (t) => {
    const entries = (await showHistory(agent.page)).filter({ hasText: 'journey payment' })
    await entries.getByRole('button', { name: 'Delete' }).click()
    await confirmOk(agent.page)
    await agent.page.getByRole('alert').filter({ hasText: 'only the company' }).waitFor()
    t.pass('the agent hears that an administrator must delete it')

    const secrets: string[] = []
    admin.page.on('request', (r) => { if (r.method() === 'DELETE') secrets.push(`${r.url()} ${r.postData() ?? ''}`) })
    await openFromMenu(admin.page, 'Utilities', 'Super Password', '/utilities/superPassword')
    const set = admin.page.locator('[data-widget-id=superPassword]')
    await set.getByLabel('Your sign-in password').fill('Demo#1234')
    await set.getByLabel('New super password').fill('Super#2030')
    await set.getByLabel('Confirm super password').fill('Super#2030')
    await set.getByRole('button', { name: 'Set super password' }).click()
    await set.getByRole('status').filter({ hasText: 'Super password set' }).waitFor()
    const row = (await showHistory(admin.page)).filter({ hasText: 'journey payment' })
    await row.getByRole('button', { name: 'Delete' }).click()
    const dialog = admin.page.locator('dialog[open]')
    await dialog.getByLabel(/^Super password/).fill('Super#2030')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await dialog.waitFor({ state: 'detached' })
    t.equal(secrets.length, 1, 'one DELETE')
    t.notMatch(secrets[0]?.split(' ')[0] ?? '', /Super/, 'the super password is not in the URL')
    t.match(secrets[0] ?? '', /"SuperPassword":"Super#2030"/, 'it is in the body')
    await admin.page.locator('[data-widget-id=entries] tbody tr').filter({ hasText: 'Reversal' }).first().waitFor()
    t.pass('the reversing entry is listed')
  })
  t.same(admin.errors, [], 'no script errors on the admin\'s pages')
})
