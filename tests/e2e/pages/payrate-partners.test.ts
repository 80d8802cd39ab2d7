import t from 'tap'
import { gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// Out Setting 3's partner web addresses as the browser draws them: as text, never a link. Saving one from the Partners dialog,
// the refusal of a javascript: address, and Pay Rate's tabs and own tables are proved at the service tier
// (tests/server/pages/payrate-partners.test.ts).

t.test('Out Setting 3 lists a partner web address as text, never a link', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const outlet = (await gameApi(e2e, token, 'POST', '4d/distributors', { Name: 'Harbour Outlet' })).DistributorId as number
  await gameApi(e2e, token, 'PUT', `4d/distributors/${outlet}/partners`, { UserIds: [], Web: 'https://harbour.example.com/bets' })
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'OutSet', 'Out Setting 3', '/outset/outSetting3')
  const listed = page.locator('[data-widget-id=partnerWeb]').getByRole('row').filter({ hasText: 'Harbour Outlet' })
  await listed.getByText('https://harbour.example.com/bets').waitFor()
  t.equal(await page.locator('[data-widget-id=partnerWeb] a').count(), 0, 'shown as text, never a link')
  t.same(errors, [], 'no uncaught page errors')
})
