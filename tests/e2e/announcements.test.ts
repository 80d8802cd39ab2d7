import t from 'tap'
import { gameApiToken, signInAt, startE2E } from './support.ts'
import { frames, settled } from '../helpers/browser.ts'

/** The payload that proves the client sanitises: it must never run (window.__xss stays undefined). */
const hostileAnnouncement = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script><b>Hostile payload kept on purpose:</b> the page must show this text and run nothing.'

t.test('home announcements', async (t) => {
  const e2e = await startE2E(t)
  // Posted as an administrator would, through the game API: the demo data itself holds no payload.
  const posted = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/announcements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await gameApiToken(e2e, 'admin')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Content: hostileAnnouncement, Color: '#ffffff', PopUp: 'N', AllLocations: true })
  })
  t.equal(posted.status, 200, 'the hostile announcement is stored')
  const { page, errors } = await e2e.newPage({ reducedMotion: 'no-preference' })
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
    const blocks = page.locator('[data-widget-id=announcements] [data-testid=announcement]')
    t.ok(await blocks.count() >= 4, 'announcements listed')
    const welcome = blocks.filter({ hasText: 'Welcome to the demo back office.' })
    t.equal(await welcome.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 243, 205)', 'the block has its colour')
    const hostile = blocks.filter({ hasText: 'Hostile payload kept on purpose' })
    await hostile.waitFor()
    t.equal(await hostile.locator('script').count(), 0, 'no script element')
    t.equal(await hostile.locator('[onerror]').count(), 0, 'no event handler attribute')
    // Every image has loaded or failed, so an onerror payload would have run by now.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-widget-id=announcements] img')].every((img) => (img as HTMLImageElement).complete))
    await settled(page)
    t.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined, 'the payload never ran')
    t.same(dialogs, [])
    t.same(errors, [])
  })

  await t.test('the banner scrolls and pauses under the pointer', async (t) => {
    const banner = page.locator('.banner')
    await banner.waitFor()
    const line = banner.locator('.banner__line')
    const x1 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    await t.resolves(line.evaluate((el, x) => new Promise<void>((resolve) => {
      const look = () => new DOMMatrix(getComputedStyle(el).transform).m41 < x ? resolve() : requestAnimationFrame(look)
      look()
    }), x1), 'moves left')
    t.match(await line.innerText(), 'Hostile payload kept on purpose', 'rich content shown as text')
    t.notMatch(await line.innerText(), '__xss', 'no script text in the banner')
    await banner.hover()
    const p1 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    await frames(page, 20)
    const p2 = await line.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
    t.equal(p2, p1, 'paused while hovered')
  })

  await t.test('the banner stands still, its whole text in its title, for a user who asked for reduced motion', async (t) => {
    const still = (await e2e.newPage({ reducedMotion: 'reduce' })).page
    await signInAt(e2e, still, 'mem1')
    const line = still.locator('.banner .banner__line')
    await line.waitFor()
    await frames(still, 20)
    t.equal(await line.evaluate((el) => getComputedStyle(el).transform), 'none', 'not moved')
    t.match(await line.getAttribute('title'), 'Hostile payload kept on purpose', 'the text to read whole')
    t.equal(await still.locator('.banner').evaluate((el) => getComputedStyle(el).textOverflow), 'ellipsis', 'cut with an ellipsis where it does not fit')
  })

  await t.test('the administrator\'s list on Control › Announcement shows each one\'s text, not its markup, and runs nothing', async (t) => {
    const admin = (await e2e.newPage()).page
    await signInAt(e2e, admin, 'admin')
    await admin.goto(`${e2e.url}/control/announcement?LocId=SG`)
    const table = admin.locator('[data-widget-id=announcements]')
    const welcome = table.locator('tbody tr').filter({ hasText: 'Welcome to the demo back office.' })
    await welcome.waitFor()
    t.match(await welcome.innerText(), 'Welcome to the demo back office. 4D betting closes at 18:00', 'the text, a line break read as a space')
    const cells = await table.locator('tbody td').allInnerTexts()
    t.same(cells.filter((c) => /<\/?[a-z]/i.test(c)), [], 'no markup in any cell')
    t.ok(cells.some((c) => c.startsWith('Hostile payload kept on purpose:')), 'the hostile one by its text')
    await settled(admin)
    t.equal(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined, 'its payload never ran')
  })
})
