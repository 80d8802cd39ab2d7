import t from 'tap'
import { signInAt, startE2E, openFromMenu } from '../support.ts'
import { confirmOk, settled } from '../../helpers/browser.ts'

// Signed-in pages drawn by the generic renderer from the service's descriptors, with real data from the game API.

t.test('signed-in pages from descriptors', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')

  await t.test('profile shows the admin\'s fields from GET profile', async (t) => {
    await openFromMenu(page, 'Administration', 'Profile', '/admin/profile')
    const body = page.locator('[data-widget-id=profile]')
    await body.waitFor()
    const text = await body.innerText()
    t.match(text, /User ID\s+admin/)
    t.match(text, /Role\s+ADMIN/)
    for (const label of ['Credit', 'Account balance', 'Credit left']) {
      t.match(text, new RegExp(`${label}\\s+-?\\$[\\d,]+\\.\\d{2}(\\n|$)`), `${label}: money with exactly 2 decimals, in the currency the game API names`)
    }
  })

  await t.test('an announcement created through the page appears and can be deleted', async (t) => {
    await openFromMenu(page, 'Control', 'Announcement', '/control/announcement')
    const table = page.locator('[data-page="/control/announcement"]')
    await table.locator('.rr-table, .rr-empty').first().waitFor()
    const content = `E2E notice ${Date.now()}`
    await page.getByLabel('Content').fill(content)
    await page.getByRole('button', { name: 'Create' }).click()
    const row = page.getByRole('row').filter({ hasText: content })
    await row.waitFor()
    t.pass('the new announcement is listed')
    await row.getByRole('button', { name: 'Delete' }).click()
    await confirmOk(page)
    await row.waitFor({ state: 'detached' })
    t.pass('deleted, and gone from the list')
  })

  await t.test('Options → Announcement lists the announcements', async (t) => {
    await openFromMenu(page, 'Options', 'Announcement', '/announcement')
    await page.locator('[data-widget-id=announcements] li').first().waitFor()
    t.match(await page.locator('[data-widget-id=announcements]').innerText(), 'Welcome to the demo back office.')
  })

  await t.test('audit log shows the login record, and its filters narrow it', async (t) => {
    await openFromMenu(page, 'Utilities', 'Audit Log', '/utilities/auditLog')
    // Actions read as words: the login record is a Sign-in.
    await page.getByRole('row').filter({ hasText: 'Sign-in' }).first().waitFor()
    // Cursor paging: 20 records a page, newest first; Older follows nextCursor, Newest goes back.
    const ids = async () => (await page.locator('[data-page="/utilities/auditLog"] tbody tr td:first-child').allInnerTexts()).map(Number)
    // A click that reads the log, resolved once its answer arrived and was drawn (on a loaded machine the table read before it
    // was the previous one).
    const reading = async (button: string) => {
      const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/ui/audit')
      await page.getByRole('button', { name: button }).click()
      await read
      await settled(page)
    }
    // Every read of the log is itself recorded: reload until there is more than one page.
    for (let i = 0; i < 30 && await page.getByRole('button', { name: 'Older' }).count() === 0; i++) await reading('Apply')
    const first = await ids()
    t.equal(first.length, 20, 'one page of 20 records')
    await reading('Older')
    await page.getByRole('button', { name: 'Newest' }).waitFor()
    const older = await ids()
    t.ok(older.length > 0 && Math.max(...older) < Math.min(...first), 'the next page holds older records')
    await page.getByRole('button', { name: 'Newest' }).click()
    await page.getByRole('button', { name: 'Newest' }).waitFor({ state: 'detached' })
    await page.getByLabel('Action').fill('login')
    await page.getByLabel('User').fill('admin')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-page="/utilities/auditLog"] tbody tr')]
      return rows.length > 0 && rows.every((r) => / Sign-in (?!failed)/.test(` ${(r as HTMLElement).innerText.replace(/\s+/g, ' ')} `))
    })
    t.match(await page.locator('tbody tr').first().innerText(), /admin/)
  })

  await t.test('draw result: the draws with results, and the prizes of a chosen draw', async (t) => {
    await openFromMenu(page, 'Report', 'Draw Result', '/report/drawResult')
    const rows = page.locator('[data-page="/report/drawResult"] tbody tr')
    await rows.first().waitFor()
    t.match(await rows.first().innerText(), /\d{4}/)
    const select = page.getByLabel('Draw date')
    await select.locator('option').nth(1).waitFor({ state: 'attached' })
    const options = (await select.locator('option').allInnerTexts()).slice(1)
    t.ok(options.every((o) => /^\d{2}\/\d{2}\/\d{4}( (SG|Magnum))?$/.test(o)), `a date, with its series when the list holds two: ${options.slice(0, 2).join(', ')}`)
    t.equal(new Set(options).size, options.length, 'no two draws read the same')
    await select.selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Show result' }).click()
    const result = page.locator('[data-widget-id=result4d]')
    await result.waitFor()
    t.match(await result.innerText(), /1st\s+\d{4}\s+2nd\s+\d{4}\s+3rd\s+\d{4}/, 'the chosen draw\'s prizes')
  })

  await t.test('mobile: save a number and see it read back', async (t) => {
    await openFromMenu(page, 'Administration', 'Mobile', '/admin/mobile')
    await page.locator('[data-widget-id=mobileNow]').waitFor()
    // The page has a second form (the second mobile number, e0cf49c): this one is the widget named mobile.
    const form = page.locator('[data-widget-id=mobile]')
    await form.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('+6590001111')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.locator('[data-widget-id=mobileNow]').filter({ hasText: '+6590001111' }).waitFor()
    t.pass('the saved number is shown')
  })

  await t.test('change password: the rules and the match rule are checked before sending', async (t) => {
    await openFromMenu(page, 'Administration', 'Change Password', '/admin/changePassword')
    await page.getByLabel(/^Old password/).fill('Demo#1234')
    await page.getByLabel(/^New password/).fill('short')
    await page.getByLabel(/^Confirm new password/).fill('other')
    await page.getByRole('button', { name: 'Change password' }).click()
    const text = await page.locator('[data-page="/admin/changePassword"]').innerText()
    t.match(text, 'Your password must be between 8 and 15 characters long')
    t.match(text, 'Your password must contain at least 1 uppercase letter')
    t.match(text, 'Your password must contain at least 1 number')
    t.match(text, 'Your password must contain at least 1 special character')
    t.notMatch(text, 'Your password must contain at least 1 lowercase letter')
    t.match(text, /same value/)
  })

  t.same(errors, [], 'no script errors')
})

t.test('a member opening /control/announcement by URL is denied', async (t) => {
  const e2e = await startE2E(t)
  const { page } = await e2e.newPage()
  await signInAt(e2e, page, 'mem1')
  await page.goto(`${e2e.url}/control/announcement`)
  await page.getByRole('alert').filter({ hasText: 'Unauthorized Access' }).waitFor()
  t.equal(await page.locator('article.rr-page').count(), 0, 'nothing of the page is drawn')
  await page.goto(`${e2e.url}/control/noSuchPage`)
  await page.waitForURL((u) => u.pathname === '/404')
  t.pass('an unknown page goes to not found')

  // The renderer's calls go through the shell's client: a POST carries the CSRF header, so the change goes through.
  await page.goto(`${e2e.url}/admin/changePassword`)
  await page.getByLabel(/^Old password/).fill('Demo#1234')
  await page.getByLabel(/^New password/).fill('Better#5678')
  await page.getByLabel(/^Confirm new password/).fill('Better#5678')
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByText('Password updated.').waitFor()
  t.pass('a valid change is accepted by POST /ui/password')
})
