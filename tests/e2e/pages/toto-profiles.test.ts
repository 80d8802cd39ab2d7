import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { clickRowAction, closeHomePopup, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// Issue #31: at a TT location the Agents and Players dialogs show the TOTO side (tShare, tCommission), loaded by
// profileTNewFull / profileTEditFull with the parent's bounds checked in the form; at a 4D location the 4D side.

const AGENT = 'ttAgent'

/** Switches the session's location with the header's location radio (home reloads with the LocId). */
async function switchLocation (page: Page, name: string, locId: string) {
  await page.locator('.header').getByRole('radio', { name }).click()
  await page.waitForURL((u) => u.pathname === '/admin/home' && u.searchParams.get('LocId') === locId)
  await closeHomePopup(page)
}

/** The open dialog once its form has loaded (the load's spinner gone, the first field drawn). */
async function openDialog (page: Page, firstLabel: RegExp): Promise<Locator> {
  const dialog = page.locator('dialog[open]')
  await dialog.getByLabel(firstLabel).waitFor()
  return dialog
}

/** The row of a user in a table widget. */
const rowOf = (page: Page, table: string, userId: string) =>
  page.locator(`[data-widget-id=${table}] tbody tr`).filter({ has: page.getByRole('cell', { name: userId, exact: true }) }).first()

t.test('TOTO profiles on Agents and Players at a TT location, the 4D side at a 4D one', async (t) => {
  const e2e = await startE2E(t)
  const admin = await e2e.newPage()
  await signInAt(e2e, admin.page, 'admin')
  await switchLocation(admin.page, 'TOTO', 'TT')

  await t.test('the admin creates an agent with a TOTO share; a TOTO commission above its own is refused in the form', async (t) => {
    await openFromMenu(admin.page, 'Administration', 'Agents', '/admin/agents')
    await admin.page.getByRole('button', { name: 'Create agent' }).click()
    const dialog = await openDialog(admin.page, /^TOTO share/)
    t.equal(await dialog.getByLabel(/^4D share/).count(), 0, 'no 4D share at a TT location')
    t.equal(await dialog.getByLabel(/^TOTO commission/).inputValue(), '0', 'the new account\'s default from profileTNewFull')
    await dialog.getByLabel(/^User ID/).fill(AGENT)
    await dialog.getByLabel(/^Credit/).fill('1000')
    await dialog.getByLabel(/^TOTO share/).fill('40')
    // The company's TOTO commission rate is 0.2: profileTNewFull bounds the field there, below the range's 0.3.
    await dialog.getByLabel(/^TOTO commission/).fill('0.25')
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await dialog.getByText('Please enter a value of at most 0.2.').waitFor()
    t.pass('the bound from the answer is named in the message')
    t.equal(await dialog.getByRole('status').filter({ hasText: 'One-time password' }).count(), 0, 'nothing was created')

    await dialog.getByLabel(/^TOTO commission/).fill('0.15')
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await dialog.getByRole('status').filter({ hasText: 'One-time password' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    const token = await gameApiToken(e2e, 'admin')
    t.match(await gameApi(e2e, token, 'GET', `tt/profileTEditFull?LocId=TT&UserId=${AGENT}`), { tShare: 0.4, tCommission: 0.15 }, 'saved on the TOTO side')
  })

  await t.test('its Position dialog shows the TOTO values prefilled and saves a change', async (t) => {
    await clickRowAction(rowOf(admin.page, 'agents', AGENT), 'Position')
    const dialog = await openDialog(admin.page, /^TOTO share/)
    t.equal(await dialog.getByLabel(/^TOTO share/).inputValue(), '40', 'the share in percent, as it is typed')
    t.equal(await dialog.getByLabel(/^TOTO commission/).inputValue(), '0.15')
    t.equal(await dialog.getByLabel(/^4D share/).count(), 0, 'the TOTO side only')
    await dialog.getByLabel(/^TOTO share/).fill('35')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    // A saved Position closes its dialog.
    await dialog.waitFor({ state: 'detached' })
    const token = await gameApiToken(e2e, 'admin')
    t.match(await gameApi(e2e, token, 'GET', `tt/profileTEditFull?LocId=TT&UserId=${AGENT}`), { tShare: 0.35 }, 'the new TOTO share is stored')
  })

  await t.test('at a 4D location the same dialog shows the 4D side', async (t) => {
    await switchLocation(admin.page, 'Singapore', 'SG')
    await openFromMenu(admin.page, 'Administration', 'Agents', '/admin/agents')
    await clickRowAction(rowOf(admin.page, 'agents', AGENT), 'Position')
    const dialog = await openDialog(admin.page, /^4D share/)
    t.equal(await dialog.getByLabel(/^4D share/).inputValue(), '0', 'the 4D share, from profileEditFull')
    t.equal(await dialog.getByLabel(/^TOTO share/).count(), 0, 'no TOTO share at a 4D location')
    await dialog.getByRole('button', { name: 'Close' }).click()
    t.same(admin.errors, [], 'no script errors')
  })

  await t.test('a master agent edits a member\'s TOTO commission on Players, bounded by its own', async (t) => {
    const ag1 = await e2e.newPage()
    await signInAt(e2e, ag1.page, 'ag1')
    await switchLocation(ag1.page, 'TOTO', 'TT')
    const token = await gameApiToken(e2e, 'ag1')
    const before = await gameApi(e2e, token, 'GET', 'tt/profileTEditFull?LocId=TT&UserId=mem1')
    await openFromMenu(ag1.page, 'Administration', 'Players', '/admin/players')
    await clickRowAction(rowOf(ag1.page, 'players', 'mem1'), 'Position')
    const dialog = await openDialog(ag1.page, /^TOTO commission/)
    t.equal(Number(await dialog.getByLabel(/^TOTO commission/).inputValue()), before.tCommission, 'the member\'s TOTO commission, prefilled')
    t.equal(await dialog.getByLabel(/^4D commission/).count(), 0, 'the TOTO side only')
    const own = before.Bounds.tCommission.Max as number
    await dialog.getByLabel(/^TOTO commission/).fill(String(Math.round((own + 0.05) * 100) / 100))
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await dialog.getByText(`Please enter a value of at most ${own}.`).waitFor()
    t.pass(`refused above ag1's own TOTO commission, ${own}`)
    await dialog.getByLabel(/^TOTO commission/).fill('0.07')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    t.match(await gameApi(e2e, token, 'GET', 'tt/profileTEditFull?LocId=TT&UserId=mem1'), { tCommission: 0.07 }, 'saved on the TOTO side')
    t.same(ag1.errors, [], 'no script errors')
  })
})
