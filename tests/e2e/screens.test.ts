import t from 'tap'
import { closeHomePopup, DEMO_PASSWORD, startE2E } from './support.ts'

// The shell's measures on the main screen in English and Chinese: the header's height, the sidebar labels, the Chinese weekday.
// (The pictures of the main screens are compared in screenshots.test.ts.)

t.test('screens', async (t) => {
  const e2e = await startE2E(t)

  for (const lang of ['en', 'zh'] as const) {
    for (const width of [1366, 375]) {
      await t.test(`home in ${lang} at ${width} px`, async (t) => {
        const { page } = await e2e.newPage({ viewport: { width, height: width > 1000 ? 768 : 812 } })
        await page.addInitScript((l) => { localStorage.setItem('locale', l) }, lang)
        await page.goto(`${e2e.url}/login`)
        // By field id: the labels are in the page's language.
        await page.locator('#login-user').fill('ag1')
        await page.locator('#login-password').fill(DEMO_PASSWORD)
        await page.locator('form button[type=submit]').click()
        await page.waitForURL((u) => u.pathname === '/admin/home')
        await closeHomePopup(page)
        if (width > 1000) {
          t.equal(await page.locator('.header').evaluate((el) => el.getBoundingClientRect().height), 98, 'the header is 98 px high (seed 001 §9)')
          const labels = page.locator('.member-info dt')
          const heights = await labels.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))
          t.ok(heights.every((h) => h === heights[0]), `each sidebar label on one line (${heights.join(', ')})`)
        }
        if (lang === 'zh') t.match(await page.getByTestId('draw').innerText(), /星期/, 'the draw weekday in Chinese')
      })
    }
  }
})
