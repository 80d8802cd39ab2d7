import t from 'tap'
import { gameApiToken, signIn, signInAt, startE2E, type E2E, waitForPath } from './support.ts'

/** Sets (or clears, with null) the maintenance end time at the game API, as its administrator would. */
async function setMaintenance (e2e: E2E, until: string | null): Promise<string> {
  const answer = await fetch(`${e2e.product.gameApiUrl}/api/v1/maintenance`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await gameApiToken(e2e, 'admin')}` },
    body: JSON.stringify({ until })
  }).then((r) => r.json()) as { data: { t: string } }
  return answer.data.t
}

t.test('maintenance in a real browser', async (t) => {
  const e2e = await startE2E(t)

  await t.test('the maintenance page shows t as DD/MM/YYYY HH:mm GMT+8, or null', async (t) => {
    const { page } = await e2e.newPage()
    // The poll is held off here (a failed poll just waits for the next round) so the page shows what its own query says.
    await page.route('**/api/v1/status*', (route) => route.abort())
    await page.goto(`${e2e.url}/maintenance?t=${encodeURIComponent('2030-01-01T04:05:00Z')}`)
    t.match(await page.getByTestId('maintenance-en').innerText(), 'Web is under maintenance, please try again later at 01/01/2030 12:05 (GMT +8). This page will auto load website when maintenance is done.')
    t.match(await page.getByTestId('maintenance-zh').innerText(), '01/01/2030 12:05')
    await page.goto(`${e2e.url}/maintenance?t=not-a-date`)
    t.match(await page.getByTestId('maintenance-en').innerText(), 'later at null (GMT +8)')
  })

  await t.test('maintenance on: a signed-in user is sent to /maintenance; off: the poll reloads to /login', async (t) => {
    const { page } = await e2e.newPage()
    await page.clock.install()
    await signInAt(e2e, page, 'ag1')
    await page.getByTestId('header-user').waitFor()
    const end = new Date(Date.now() + 3600_000).toISOString()
    const t8 = await setMaintenance(e2e, end)
    t.ok(t8, 'maintenance is on at the game API')
    await page.clock.runFor(60000)
    await waitForPath(page, '/maintenance')
    t.ok(new URL(page.url()).searchParams.get('t'), '/maintenance carries t')
    t.match(await page.getByTestId('maintenance-en').innerText(), /later at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(GMT \+8\)/)
    t.equal(await page.evaluate(() => sessionStorage.getItem('user')), null, 'the session is purged')

    await setMaintenance(e2e, null)
    await page.clock.runFor(60000)
    await waitForPath(page, '/login')
    t.ok(new URL(page.url()).searchParams.get('_'), 'reloaded to /login with a timestamp')
  })

  await t.test('subCode 8000 from any call sends the user to /maintenance with t', async (t) => {
    const { page } = await e2e.newPage()
    // The status poll is kept quiet so that the 8000 answer of an ordinary call is what moves the user.
    await page.route('**/api/v1/status*', (route) => route.fulfill({ json: { success: true, data: { t: '' } } }))
    // Maintenance starts just as home first asks for its announcements (not cached yet for this user).
    let t8: Promise<string> | undefined
    await page.route('**/api/v1/*/announcements*', async (route) => {
      t8 ??= setMaintenance(e2e, new Date(Date.now() + 3600_000).toISOString())
      await t8
      await route.fallback()
    })
    await page.goto(`${e2e.url}/login`)
    await page.getByLabel('User Id').waitFor()
    await signIn(e2e, page, 'ag2')
    await waitForPath(page, '/maintenance')
    t.equal(new URL(page.url()).searchParams.get('t'), await t8, 'the time of the 8000 answer')
    t.equal(await page.evaluate(() => sessionStorage.getItem('user')), null, 'auth cleared')
    await setMaintenance(e2e, null)
  })
})
