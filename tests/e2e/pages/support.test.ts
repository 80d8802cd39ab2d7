import t from 'tap'
import { signInAt, startE2E, openFromMenu } from '../support.ts'

// Utilities → Support in the browser: why ag2 cannot see Agents, then a preview of mem1 with its banner and the way back.

t.test('the Support page explains, and previews as a user', async (t) => {
  const e2e = await startE2E(t)
  const { page } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')

  await t.test('why ag2 does not see Agents', async (t) => {
    await openFromMenu(page, 'Utilities', 'Support', '/utilities/support')
    const filters = page.locator('[data-widget-id=supportFilters]')
    await filters.getByLabel('User id').fill('ag2')
    await filters.getByLabel('Location (LocId)').fill('SG')
    await filters.getByLabel('Menu item key').fill('agents')
    await filters.getByRole('button', { name: 'Explain' }).click()
    const decision = page.locator('[data-widget-id=decision] tbody tr').first()
    await decision.waitFor()
    t.match(await decision.innerText(), /no\s+set EnableCreateAgent to 1\s+[0-9a-f]{16}\s+menu\.json/)
    const rule = page.locator('[data-widget-id=explanation] tbody')
    await rule.locator('tr').first().waitFor()
    t.match(await rule.innerText(), /EnableCreateAgent on\s+✗\s+0/)
    t.match(await rule.innerText(), /EnableCreateDownline on\s+✓\s+1/)
  })

  await t.test('a preview of mem1: mem1\'s menu, a banner, and the way back', async (t) => {
    const form = page.locator('[data-widget-id=preview]')
    await form.getByLabel('User id').fill('mem1')
    await form.getByLabel('Location (LocId)').fill('SG')
    await form.getByRole('button', { name: 'Preview as this user' }).click()
    const bar = page.locator('.preview-bar')
    await bar.waitFor()
    t.match(await bar.innerText(), /as mem1 at SG/)
    t.equal(await page.locator('#sidebar').getByRole('button', { name: 'Control' }).count(), 0, 'mem1 has no Control group')
    await bar.getByRole('button', { name: 'Back to my own view' }).click()
    await page.waitForURL('**/utilities/support')
    await page.locator('[data-widget-id=supportFilters]').waitFor()
    t.equal(await page.locator('.preview-bar').count(), 0, 'the banner is gone')
    await page.locator('#sidebar').getByRole('button', { name: 'Control' }).waitFor()
    t.pass('the admin\'s own menu is back')
  })
})
