import t from 'tap'
import { clickRowAction, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// Super Password in the browser: admin sets it on its page, then a finalised draw's reset dialog asks for it (a wrong one is refused).

t.test('admin sets the super password, then resets a finalised draw with it from Draw Setting', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  const token = await gameApiToken(e2e, 'admin')
  const finalised = async () => {
    const res = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/draw2`, { headers: { authorization: `Bearer ${token}` } })
    return ((await res.json()) as { data: Array<{ DrawId: number, Status: string }> }).data.filter((d) => d.Status === 'finalised').map((d) => d.DrawId)
  }

  await openFromMenu(page, 'Utilities', 'Super Password', '/utilities/superPassword')
  const form = page.locator('[data-widget-id=superPassword]')
  await form.getByLabel('Your sign-in password').fill('Demo#1234')
  await form.getByLabel('New super password').fill('Super#2030')
  await form.getByLabel('Confirm super password').fill('Super#2030')
  await form.getByRole('button', { name: 'Set super password' }).click()
  await form.getByRole('status').filter({ hasText: 'Super password set' }).waitFor()
  t.pass('the super password is set')

  const before = await finalised()
  t.ok(before.length > 0, 'the seed has finalised draws')
  await openFromMenu(page, 'Control', 'Draw Setting', '/control/drawSetting')
  await clickRowAction(page.locator('[data-widget-id=draws] tbody tr').filter({ hasText: 'Finalised' }).first(), 'Reset (keep result)')
  const dialog = page.locator('dialog[open]')
  await dialog.getByLabel('Super password').fill('Wrong#2030')
  await dialog.getByRole('button', { name: 'Reset (keep result)' }).click()
  await dialog.getByRole('alert').filter({ hasText: 'The super password is wrong' }).waitFor()
  t.same(await finalised(), before, 'a wrong super password resets nothing')
  await dialog.getByLabel('Super password').fill('Super#2030')
  await dialog.getByRole('button', { name: 'Reset (keep result)' }).click()
  await dialog.waitFor({ state: 'detached' })
  const after = await finalised()
  t.equal(after.length, before.length - 1, 'one draw is no longer finalised')
  t.same(errors, [], 'no script errors or CSP violations')
})
