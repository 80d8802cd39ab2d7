import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { closeHomePopup, DEMO_PASSWORD, gameApi, gameApiToken, menuPaths, startE2E, type E2E } from './support.ts'
import { settled } from '../helpers/browser.ts'
import { testClock, testClockStart } from '../helpers/clock.ts'
import { compareScreenshot, diffDir, recording } from '../helpers/screenshots.ts'

// The main screens in English and Chinese at a laptop's and a phone's width, compared with the committed pictures
// (tests/e2e/screenshots/screen-<screen>-<lang>-<width>.png) so that a change of look shows in review: UPDATE_SCREENSHOTS=1
// records them again. The game API and the browser run on one frozen clock, so the draws and the data hold still.

t.setTimeout(900_000)

interface Screen { name: string, user: string, path: string | ((page: Page) => Promise<string>), after?: (page: Page) => Promise<void> }

const SCREENS: Screen[] = [
  { name: 'home', user: 'admin', path: '/admin/home' },
  // Place Bets as an agent's menu links it (agents bet for a downline; phones get the 20-line variant).
  { name: 'place-bets', user: 'ag1', path: async (page) => (await menuPaths(page)).find((p) => p.startsWith('/bet/placeBets')) ?? '/bet/placeBets/add' },
  { name: 'full-report', user: 'admin', path: '/report/full?VW=RPTFULL' },
  { name: 'agents', user: 'admin', path: '/admin/agents' },
  { name: 'agents-create', user: 'admin', path: '/admin/agents', after: openCreateDialog },
  { name: 'draw-setting', user: 'admin', path: '/control/drawSetting?VW=DRAWSETTING' },
  { name: 'live-exposure', user: 'admin', path: '/outset/exposure' },
  { name: 'view-tickets', user: 'mem1', path: '/tickets/page?VW=TICKET' },
  { name: 'sms-gateway', user: 'admin', path: '/sms/smsGateway' }
]

/** Opens the Agents page's create form (its header's dialog action) and waits until the dialog is drawn. */
async function openCreateDialog (page: Page): Promise<void> {
  await page.locator('article.rr-page header [aria-haspopup="dialog"]').first().click()
  await page.locator('dialog[open], [role="dialog"]').first().waitFor()
  await page.waitForFunction(() => document.querySelector('.rr-spinner, [aria-busy="true"]') === null)
  // Its Locations are read when it opens: the picture has their boxes, not the moment before (a loaded machine showed that).
  await page.locator('dialog[open]').getByRole('checkbox', { name: 'Thai' }).waitFor()
}

/** A page with the frozen clock and the language set before the app starts. */
async function newScreenPage (e2e: E2E, lang: string, width: number): Promise<Page> {
  const { page, context } = await e2e.newPage({ viewport: { width, height: width > 1000 ? 768 : 812 } })
  await context.clock.setFixedTime(new Date(testClockStart))
  await context.addInitScript((l) => { localStorage.setItem('locale', l) }, lang)
  return page
}

/** Signs in by field id (the labels are in the page's language). */
async function signInAs (e2e: E2E, page: Page, user: string): Promise<void> {
  await page.goto(`${e2e.url}/login`)
  await page.locator('#login-user').fill(user)
  await page.locator('#login-password').fill(DEMO_PASSWORD)
  await page.locator('form button[type=submit]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  if (new URL(page.url()).pathname === '/admin/home') await closeHomePopup(page)
}

/** Opens a page (full load) and waits until every widget on it is drawn and the fonts and images are in. */
async function open (e2e: E2E, page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.url}${path}`)
  await page.locator(`article.rr-page[data-page="${path.split('?')[0]}"]`).waitFor()
  if (path === '/admin/home') await closeHomePopup(page)
  await page.waitForFunction(() => document.querySelector('.rr-spinner, [aria-busy="true"]') === null, undefined, { timeout: 30_000 })
  // A laptop's header shows the announcements banner, which is read half a second after the session: in every picture, or none.
  if (page.viewportSize()!.width >= 992) await page.getByRole('marquee').waitFor()
  await drawnIn(page)
}

/** Waits until the page's fonts and images are in and it settled. */
async function drawnIn (page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => Promise.all([...document.images].map((img) => img.decode().catch(() => {})))))
  await settled(page)
}

/**
 * The whole page as a picture. The header's clock and draw countdown are blanked: they read the time the page last heard from
 * the service, which moves by a few seconds from run to run; the text cursor is hidden, so a focused field looks the same.
 */
function shoot (page: Page): Promise<Buffer> {
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', mask: [page.getByTestId('clock'), page.getByTestId('countdown')], maskColor: '#8a94a3' })
}

t.test('screens look as committed', async (t) => {
  const clock = testClock()
  const e2e = await startE2E(t, { now: clock.now })
  // Live Exposure shows the bets on the next draw: one placed (on the frozen clock, so the same ticket every run).
  const { DrawId } = await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/exposure') as { DrawId: number }
  await gameApi(e2e, await gameApiToken(e2e, 'mem1'), 'POST', '4d/bet', { DrawIds: [DrawId], Lines: [{ Number: '2468', Big: 3, Small: 2 }] })
  const results: string[] = []
  const check = (t: Test, name: string, picture: Buffer) => {
    const result = compareScreenshot(name, picture)
    results.push(result.message)
    t.ok(result.ok, result.message)
  }

  for (const lang of ['en', 'zh'] as const) {
    for (const width of [1366, 375]) {
      await t.test(`${lang} at ${width} px`, async (t) => {
        const signIn = await newScreenPage(e2e, lang, width)
        await signIn.goto(`${e2e.url}/login`)
        await signIn.locator('#login-user').waitFor()
        // The brand (its colours and logo) is read after the form draws: on a loaded machine the picture was taken before it.
        await signIn.locator('.login-layout:not([data-brand=""])').waitFor()
        await drawnIn(signIn)
        check(t, `screen-signin-${lang}-${width}.png`, await shoot(signIn))
        const pages = new Map<string, Page>()
        for (const screen of SCREENS) {
          let page = pages.get(screen.user)
          if (!page) {
            page = await newScreenPage(e2e, lang, width)
            await signInAs(e2e, page, screen.user)
            pages.set(screen.user, page)
          }
          await open(e2e, page, typeof screen.path === 'string' ? screen.path : await screen.path(page))
          if (screen.after) await screen.after(page)
          check(t, `screen-${screen.name}-${lang}-${width}.png`, await shoot(page))
        }
      })
    }
  }
  t.comment(results.join('\n'))
  if (!recording) t.comment(`pictures that differ are kept with their diff in ${diffDir}`)
})
