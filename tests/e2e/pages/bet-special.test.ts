import t from 'tap'
import { gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// OutSet › Bet Special in the browser: admin picks the quads on setting 1, then the job widget places the special ticket for mem1.
t.test('admin saves setting 1 on the page and generates the special bet with the job widget', async (t) => {
  const e2e = await startE2E(t)
  // Setting 2 through the API: the ticket is mem1's (admin, the top, holds no credit of its own to bet with).
  await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'PUT', '4d/updateBetSpecialSetting', { UserId: 'mem1', SkipPlaced: false })
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'OutSet', 'Bet Special', '/outset/betSpecial')
  const one = page.locator('[data-widget-id=setting1]')
  await one.getByLabel('Quads (AAAA, 10)').check()
  await one.getByLabel(/^Big per number/).fill('1')
  await one.getByRole('button', { name: 'Save setting 1' }).click()
  await one.getByRole('status').filter({ hasText: 'Setting saved.' }).waitFor()
  t.match(await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/getBetSpecialSetting1'), { Patterns: ['QUAD'], Big: 1, Count: 10 }, 'the form saved setting 1')

  const job = page.locator('[data-widget-id=generate]')
  await job.getByRole('button', { name: 'Generate the special bet' }).click()
  const done = job.getByText(/Finished: Placed ticket D\d{8} for mem1: 10 special numbers, stake 10\.00\./)
  await done.waitFor({ timeout: 20_000 })
  t.pass(await done.innerText())
  t.same(errors, [], 'no script errors')
})
