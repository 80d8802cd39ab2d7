import t from 'tap'
import type { Page } from 'playwright-core'
import type { MenuGroupView } from '../../schemas/menu.ts'
import { axeViolations, closeHomePopup, drawn, signInAt, startE2E } from './support.ts'
import { settled } from '../helpers/browser.ts'

// The one sweep of every menu page (issue #34): admin, ag1 and mem1 at SG and TT open each page of their menu from the
// sidebar once, and every per-page check runs on that visit, each its own assertion naming user, location, page and check:
// axe (no serious or critical violation), the breadcrumb (group › title) and the open menu group.

const USERS = ['admin', 'ag1', 'mem1']
const LOCATIONS = ['SG', 'TT']

/** The breadcrumb's crumbs as shown. */
const crumbs = (page: Page) => page.locator('article.rr-page nav.rr-breadcrumb li').allInnerTexts()
/** The text of the sidebar button of the menu group with this key. */
const groupText = (page: Page, key: string) => page.locator(`#sidebar button[aria-controls="menu-${key}"]`).innerText()

/** Opens item's page by its link in group, as a user would, and waits until its widgets are drawn (and home's pop-up has opened). */
async function openItem (page: Page, groupKey: string, path: string): Promise<void> {
  const button = page.locator(`#sidebar button[aria-controls="menu-${groupKey}"]`)
  if (await button.getAttribute('aria-expanded') !== 'true') await button.click()
  await page.locator(`#menu-${groupKey} a[href^="${path}?"]`).first().click()
  await drawn(page, path)
  // Home's announcement pop-up opens from an effect after its list renders: axe sees the page with it.
  if (path === '/admin/home') await settled(page)
}

// About two hundred page visits with axe on each: longer than tap's per-file limit on a loaded machine.
t.setTimeout(1_800_000)

t.test('every menu page of admin, ag1 and mem1 at SG and TT: axe, breadcrumb, open group', async (t) => {
  const e2e = await startE2E(t)

  // The three users sweep at once, each on a page of their own: the file takes the longest sweep's time, not the sum of three.
  t.jobs = USERS.length
  await Promise.all(USERS.map((userId) =>
    t.test(userId, async (t) => {
      const { page, errors } = await e2e.newPage()
      await signInAt(e2e, page, userId)
      for (const locId of LOCATIONS) {
        if (locId !== 'SG') {
          await page.locator('.header').getByRole('radio', { name: 'TOTO' }).click()
          await page.waitForURL((u) => u.searchParams.get('LocId') === locId)
          await closeHomePopup(page)
        }
        const menu = (await page.evaluate(() => fetch('/ui/session').then((r) => r.json())) as { menu: MenuGroupView[] }).menu
        const seen = new Set<string>()
        for (const group of menu) {
          for (const item of group.items) {
            if (item.external === true || item.action !== undefined || !item.path.startsWith('/')) continue
            const at = `${userId} ${locId} ${item.path}`
            await openItem(page, group.key, item.path)
            // A page listed in two groups (Share Claim Company) is opened from each; axe looks at it once.
            if (!seen.has(item.path)) {
              seen.add(item.path)
              const found = (await axeViolations(page)).map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 2).join(', ')}`)
              t.same(found, [], `${at}: axe`)
            }
            // The breadcrumb and the open group follow the group that holds the page: the first listing it.
            const holder = menu.find((g) => g.items.some((i) => i.path === item.path)) ?? group
            const holderText = await groupText(page, holder.key)
            const title = await page.locator('article.rr-page h1').innerText()
            t.same(await crumbs(page), [holderText, title], `${at} (from ${group.key}): breadcrumb`)
            // The open group is the holding one, unless the item names another (Home opens Bet).
            const opens = item.opensGroup === undefined ? holderText : await groupText(page, item.opensGroup)
            t.same(await page.locator('#sidebar .menu__group-button[aria-expanded=true]').allInnerTexts(), [opens], `${at} (from ${group.key}): open group`)
            if (item.path === '/admin/home') await closeHomePopup(page)
          }
        }
        t.ok(seen.size > 10, `${userId} ${locId}: ${seen.size} menu pages`)
      }
      t.same(errors, [], `${userId}: no script errors`)
    })
  ))
})
