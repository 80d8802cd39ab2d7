import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// OutSet › Out Setting 3 in the browser: admin gives a distributor rules and a partner through its row dialogs, then Out Setting 2's by-rules job runs.
t.test('admin edits a distributor\'s rules and partners on Out Setting 3 and runs the by-rules processing on Out Setting 2', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const outlet = (await gameApi(e2e, token, 'POST', '4d/distributors', { Name: 'East Layoff' })).DistributorId as number
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'OutSet', 'Out Setting 3', '/outset/outSetting3')
  const row = page.locator('[data-widget-id=distributors]').getByRole('row').filter({ hasText: 'East Layoff' })

  await clickRowAction(row, 'Rules')
  const rules = page.locator('dialog[open]')
  await rules.getByLabel('Number or pattern 1').fill('12**')
  await rules.getByLabel('Big cap 1').fill('5')
  await rules.getByLabel('Priority 1').fill('1')
  await rules.getByLabel(/^Replace the distributor's rules/).check()
  await rules.getByRole('button', { name: 'Save' }).click()
  await row.getByText('P1 4D 12** Big 5.00 Small 0.00').waitFor()
  t.match(await gameApi(e2e, token, 'GET', `4d/distributors/rule/${outlet}`), [{ Game: '4D', Number: '12**', Big: 5, Priority: 1 }], 'the dialog saved the rule')

  await clickRowAction(row, 'Partners')
  const partners = page.locator('dialog[open]')
  await partners.getByRole('checkbox', { name: 'ag2', exact: true }).check()
  await partners.getByRole('button', { name: 'Save' }).click()
  await row.getByText('ag2').waitFor()
  t.match(await gameApi(e2e, token, 'GET', `4d/distributors/byId/${outlet}`), { Partners: ['ag2'] }, 'the dialog saved the partner')

  await openFromMenu(page, 'OutSet', 'Out Setting 2', '/outset/outSetting2')
  const job = page.locator('[data-widget-id=process2]')
  await job.getByRole('button', { name: 'Throw every excess out by the distributors\' rules' }).click()
  const done = job.getByText(/No number is kept above its limit: nothing to throw\./)
  await done.waitFor({ timeout: 20_000 })
  t.pass(await done.innerText())
  t.same(errors, [], 'no script errors')
})
