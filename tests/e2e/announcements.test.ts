import t from 'tap'
import { signInAt, startE2E } from './support.ts'

t.test('home announcements', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}) })
  await signInAt(e2e, page, 'mem1', { keepPopup: true })

  await t.test('pop-up announcements together in one modal with Close', async (t) => {
    const popup = page.getByRole('dialog')
    await popup.waitFor()
    const blocks = popup.getByTestId('announcement')
    t.ok(await blocks.count() >= 2, 'every PopUp Y announcement of SG in one modal')
    t.match(await popup.innerText(), 'Welcome to the demo back office.')
    await popup.getByRole('button', { name: 'Close' }).click()
    await popup.waitFor({ state: 'hidden' })
    t.pass('Close dismisses it')
  })

  await t.test('coloured blocks, and the hostile one shows its text but runs nothing', async (t) => {
    const blocks = page.locator('.announcements [data-testid=announcement]')
    t.ok(await blocks.count() >= 4, 'announcements listed')
    const welcome = blocks.filter({ hasText: 'Welcome to the demo back office.' })
    t.equal(await welcome.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 243, 205)', 'the block has its colour')
    const hostile = blocks.filter({ hasText: 'Hostile payload kept on purpose' })
    await hostile.waitFor()
    t.equal(await hostile.locator('script').count(), 0, 'no script element')
    t.equal(await hostile.locator('[onerror]').count(), 0, 'no event handler attribute')
    await page.waitForTimeout(500)
    t.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined, 'the payload never ran')
    t.same(dialogs, [])
    t.same(errors, [])
  })

  await t.test('the banner scrolls and pauses under the pointer', async (t) => {
    const banner = page.locator('.banner')
    await banner.waitFor()
    const line = banner.locator('.banner__line')
    const x1 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    await page.waitForTimeout(300)
    const x2 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    t.ok(x2 < x1, 'moves left')
    t.match(await line.innerText(), 'Hostile payload kept on purpose', 'rich content shown as text')
    t.notMatch(await line.innerText(), '__xss', 'no script text in the banner')
    await banner.hover()
    const p1 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    await page.waitForTimeout(300)
    const p2 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    t.equal(p2, p1, 'paused while hovered')
  })
})
