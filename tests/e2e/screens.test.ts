import t from 'tap'
import { mkdirSync } from 'node:fs'
import { closeHomePopup, DEMO_PASSWORD, menuPaths, screenshotDir, startE2E, visit } from './support.ts'

// The main screens in English and Chinese at desktop and phone width, kept as pictures (tests/e2e/screenshots/screen-*.png)
// to look at, with the header's height, the sidebar labels and the Chinese weekday checked.

t.setTimeout(600_000)

t.test('screens', async (t) => {
  const e2e = await startE2E(t)
  mkdirSync(screenshotDir, { recursive: true })

  for (const lang of ['en', 'zh'] as const) {
    for (const width of [1366, 375]) {
      await t.test(`sign-in, home, Full Report and Place Bets in ${lang} at ${width} px`, async (t) => {
        const { page } = await e2e.newPage({ viewport: { width, height: width > 1000 ? 768 : 812 } })
        await page.addInitScript((l) => { localStorage.setItem('locale', l) }, lang)
        const shot = (name: string) => page.screenshot({ path: `${screenshotDir}screen-${name}-${lang}-${width}.png` })
        await page.goto(`${e2e.url}/login`)
        await page.locator('#login-user').waitFor()
        await shot('signin')
        // By field id: the labels are in the page's language.
        await page.locator('#login-user').fill('ag1')
        await page.locator('#login-password').fill(DEMO_PASSWORD)
        await page.locator('form button[type=submit]').click()
        await page.waitForURL((u) => u.pathname === '/admin/home')
        await closeHomePopup(page)
        await shot('home')
        if (width > 1000) {
          t.equal(await page.locator('.header').evaluate((el) => el.getBoundingClientRect().height), 98, 'the header is 98 px high (seed 001 §9)')
          const labels = page.locator('.member-info dt')
          const heights = await labels.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))
          t.ok(heights.every((h) => h === heights[0]), `each sidebar label on one line (${heights.join(', ')})`)
        }
        if (lang === 'zh') t.match(await page.getByTestId('draw').innerText(), /星期/, 'the draw weekday in Chinese')
        await visit(page, '/report/full')
        await shot('full-report')
        // Place Bets as this user's menu links it (agents bet for a downline; phones get the 20-line variant).
        await visit(page, (await menuPaths(page)).find((path) => path.startsWith('/bet/placeBets')) ?? '/bet/placeBets/add')
        await shot('place-bets')
        t.pass('pictures kept')
      })
    }
  }
})
