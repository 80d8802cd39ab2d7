import t from 'tap'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { signInAt, startE2E } from './support.ts'
import { eventually } from '../helpers/eventually.ts'
import { settled } from '../helpers/browser.ts'

const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/client/.vite/manifest.json', import.meta.url)), 'utf8')) as Record<string, { file: string }>

t.test('application-wide behaviour', async (t) => {
  const e2e = await startE2E(t)

  await t.test('new-version notice: checked after 60 s, shown with Reload for 900000 ms', async (t) => {
    const { page } = await e2e.newPage()
    await page.clock.install()
    let checks = 0
    await page.route('**/version.json*', (route) => { checks++; return route.fulfill({ json: { version: 'a-newer-build' } }) })
    await page.goto(`${e2e.url}/login`)
    await page.getByLabel('User Id').waitFor()
    // The page's clock also flows with real time (seconds on a loaded machine) between these steps: keep well clear of the edges.
    await page.clock.runFor(50000)
    t.equal(checks, 0, 'no check 10 s before 60 s')
    await page.clock.runFor(11000)
    const notice = page.getByRole('status').filter({ hasText: 'A new version is available, reload now?' })
    await notice.waitFor()
    t.equal(checks, 1, 'checked once at 60 s')
    t.equal(await notice.getByRole('button', { name: 'Reload' }).count(), 1, 'with a Reload button')
    await page.clock.runFor(890000)
    t.ok(await notice.isVisible(), 'still shown 10 s before 900000 ms')
    await page.clock.runFor(20000)
    await notice.waitFor({ state: 'hidden' })
    t.pass('gone after 900000 ms')
  })

  await t.test('the same version is checked again every 480000 ms without a notice', async (t) => {
    const { page } = await e2e.newPage()
    await page.clock.install()
    let checks = 0
    await page.route('**/version.json*', async (route) => { checks++; await route.continue() })
    await page.goto(`${e2e.url}/login`)
    await page.getByLabel('User Id').waitFor()
    // The next check is scheduled only once the first one's answer is read: wait for it before moving the clock on.
    const answered = page.waitForResponse((response) => response.url().includes('/version.json'))
    await page.clock.runFor(61000)
    await answered
    await settled(page)
    t.equal(checks, 1, 'checked at 60 s')
    await page.clock.runFor(480000)
    await eventually(() => checks === 2, { what: 'the check 480000 ms later' })
    t.equal(checks, 2, 'at 60 s and 480000 ms later')
    t.equal(await page.getByText('A new version is available').count(), 0, 'the served build is the running one')
  })

  await t.test('a lazy chunk that fails to load reloads the page', async (t) => {
    const { page } = await e2e.newPage()
    const chunk = manifest['src/features/info/NotFoundPage.tsx']?.file
    t.ok(chunk, 'the not-found page is a chunk of its own')
    let failed = 0
    await page.route(`**/${chunk}`, async (route) => {
      if (failed++ === 0) return route.abort()
      return route.continue()
    })
    let loads = 0
    page.on('load', () => { loads++ })
    await page.goto(`${e2e.url}/404`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    t.equal(loads, 2, 'one reload')
  })

  await t.test('an unrecoverable error shows its message and reason', async (t) => {
    const { page } = await e2e.newPage()
    const chunk = manifest['src/features/info/NotFoundPage.tsx']?.file
    await page.route(`**/${chunk}`, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken build")' }))
    await page.goto(`${e2e.url}/404`)
    const alert = page.getByRole('alert')
    await alert.waitFor()
    t.match(await alert.innerText(), 'An error occurred that we cannot recover from')
    t.match(await alert.innerText(), 'broken build')
    t.equal(await alert.getByRole('button', { name: 'Reload' }).count(), 1)
  })

  await t.test('the loading indicator is on while a navigation loads and off after', async (t) => {
    const { page } = await e2e.newPage()
    await signInAt(e2e, page, 'mem1')
    // Every page is the one catch-all route: what loads is the page's descriptor.
    await page.route((u) => u.pathname === '/ui/pages' && u.searchParams.get('path') === '/admin/installation-guide', async (route) => { await new Promise((resolve) => setTimeout(resolve, 1500)); await route.continue() })
    const progress = page.getByTestId('nav-progress')
    t.notOk(await progress.evaluate((el) => el.classList.contains('nav-progress--on')), 'off at rest')
    // On Home the menu opens Bet (spec/menu-rules.md); the guide sits in Administration.
    const administration = page.getByRole('button', { name: 'Administration', exact: true })
    if (await administration.getAttribute('aria-expanded') !== 'true') await administration.click()
    await page.getByRole('link', { name: 'Installation Guide' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid=nav-progress]')?.classList.contains('nav-progress--on'))
    t.pass('on while the page loads')
    await page.getByRole('heading', { name: 'Installation Guide' }).waitFor()
    t.notOk(await progress.evaluate((el) => el.classList.contains('nav-progress--on')), 'off once it ended')
  })

  await t.test('Telegram QR code, embed layout and Modal=true', async (t) => {
    const { page } = await e2e.newPage()
    await signInAt(e2e, page, 'mem1')
    await page.locator('.header').getByRole('button', { name: 'Telegram' }).click()
    const qr = page.getByRole('dialog').getByTestId('telegram-qr')
    await qr.waitFor()
    t.match(await qr.getAttribute('src'), /^data:image\/png;base64,/, 'a QR code image')
    await page.keyboard.press('Escape')
    await page.goto(`${e2e.url}/embed/admin/installation-guide?LocId=SG`)
    await page.getByRole('heading', { name: 'Installation Guide' }).waitFor()
    t.equal(await page.locator('.header').count(), 0, 'embed layout: content only')
    await page.goto(`${e2e.url}/admin/installation-guide?LocId=SG&Modal=true`)
    await page.getByRole('heading', { name: 'Installation Guide' }).waitFor()
    t.equal(await page.locator('.app.in-modal').count(), 1, 'Modal=true adds the in-modal style')
    t.notOk(await page.locator('.header').isVisible(), 'no header in a modal')
    await page.goto(`${e2e.url}/help/telegram?LocId=SG`)
    await page.getByRole('heading', { name: 'Bet by Telegram', level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Message format (4D)' }).waitFor()
    t.pass('Telegram instructions, 4D version at SG')
  })
})
