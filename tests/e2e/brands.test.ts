import t from 'tap'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Brand } from '../../schemas/brand.ts'
import { screenshotDir, signIn, startE2E } from './support.ts'

const brandsDir = fileURLToPath(new URL('../../brands/', import.meta.url))
const brands = readdirSync(brandsDir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(brandsDir + f, 'utf8')) as Brand)

t.test("each sample brand's sign-in screen", async (t) => {
  const e2e = await startE2E(t)
  const port = new URL(e2e.url).port
  mkdirSync(screenshotDir, { recursive: true })

  for (const brand of brands) {
    await t.test(`${brand.key}`, async (t) => {
      // Chromium resolves every *.localhost name to this machine, so each brand is reached by its own Host.
      const host = brand.default ? '127.0.0.1' : brand.hosts.find((h) => h.endsWith('.localhost'))
      t.ok(host, 'the sample has a .localhost host')
      const { page, errors } = await e2e.newPage()
      await page.goto(`http://${host}:${port}/login`)
      await page.locator('.login-layout').waitFor()
      t.equal(await page.locator('.login-layout').getAttribute('data-brand'), brand.key, 'the brand picked by Host')
      t.equal(await page.locator('link[data-brand-style]').getAttribute('href'), `/brands/assets/${brand.style}/style.css`, 'the brand style sheet is loaded')
      const sw = brand.switches
      if (sw.topNav) {
        const nav = page.getByRole('navigation')
        for (const name of ['Home', 'Podcasts', 'Gallery', 'About us', 'Create new account']) t.equal(await nav.getByRole('link', { name }).count(), 1, `top navigation: ${name}`)
        t.notOk(await page.locator('#login-box').isVisible(), 'the login box starts closed')
        await nav.getByRole('button', { name: 'Sign in' }).click()
        t.ok(await page.locator('#login-box').isVisible(), 'the sign-in entry opens the login box')
        await nav.getByRole('button', { name: 'Sign in' }).click()
        t.notOk(await page.locator('#login-box').isVisible(), 'and closes it')
        await nav.getByRole('button', { name: 'Sign in' }).click()
      }
      if (sw.toggleLoginBox) {
        const toggle = page.locator('.login-toggle')
        t.notOk(await page.locator('#login-box').isVisible(), 'the login box starts closed')
        await toggle.click()
        t.ok(await page.locator('#login-box').isVisible(), 'the login button opens it')
        await page.mouse.click(5, 5)
        t.notOk(await page.locator('#login-box').isVisible(), 'a click elsewhere closes it')
        await toggle.click()
      }
      // The box opened by the toggle draws its fields a moment later (on a loaded machine, after the count was read).
      const userField = page.getByLabel(sw.emailLabel ? 'Email' : 'User Id')
      await userField.first().waitFor({ timeout: 5000 }).catch(() => {})
      t.equal(await userField.count(), 1, sw.emailLabel ? 'user field labelled Email' : 'user field labelled User Id')
      t.equal((await page.locator('form button[type=submit]').innerText()).trim(), brand.button, `button wording ${brand.button}`)
      if (sw.heading) t.equal(await page.getByRole('heading', { name: 'Log-in' }).count(), 1, 'Log-in heading')
      if (sw.languageSelector) {
        const select = page.getByLabel('Language')
        t.same(await select.locator('option').allInnerTexts(), ['EN', 'CH'], 'EN / CH selector')
        await select.selectOption('CH')
        await page.getByLabel('密码').waitFor()
        t.equal(await page.evaluate(() => localStorage.getItem('locale')), 'ch', 'CH stored as ch and shows Chinese')
        await page.getByLabel('语言').selectOption('EN')
        await page.getByLabel('Password').waitFor()
      }
      const logo = page.locator('img.brand-logo')
      if (brand.logo) {
        const box = await logo.boundingBox()
        t.equal(Math.round((box?.width ?? 0) * 100) / 100, Math.round(brand.logo.width * 100) / 100, 'logo width')
        t.equal(Math.round((box?.height ?? 0) * 100) / 100, Math.round(brand.logo.height * 100) / 100, 'logo height')
        // decode() waits for a file still arriving on a busy machine, and fails for one that cannot be shown.
        t.ok(await logo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0, () => false)), 'the logo file loaded')
      } else {
        t.equal(await logo.count(), 0, 'no logo')
        t.equal(await page.getByTestId('brand-name').innerText(), brand.name, 'the brand\'s name in its place')
      }
      await page.screenshot({ path: `${screenshotDir}brand-${brand.key.toLowerCase()}.png`, fullPage: true })
      t.same(errors, [], 'no script error')
    })
  }

  await t.test('the brand style sheet is removed when the sign-in screen is left', async (t) => {
    const { page } = await e2e.newPage()
    await page.goto(`http://garnet.localhost:${port}/login`)
    await page.locator('.login-toggle').click()
    t.equal(await page.locator('link[data-brand-style]').count(), 1)
    await signIn(e2e, page, 'mem1')
    await page.waitForURL((u) => u.pathname === '/admin/home')
    await page.getByTestId('header-user').waitFor()
    t.equal(await page.locator('link[data-brand-style]').count(), 0, 'gone in the application')
  })
})
