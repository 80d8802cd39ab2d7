import t from 'tap'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { closeHomePopup, openFromMenu, signInAt, startE2E, type E2E } from './support.ts'
import { eventually } from '../helpers/eventually.ts'

// Routing and navigation come from the service: one catch-all route draws whatever descriptor GET /ui/pages answers, the open
// menu group is the one holding the page, and a page shows its breadcrumb (and Back where the descriptor asks). Every menu
// page's breadcrumb and open group are checked by the one sweep, menu-pages.test.ts.

const menus = fileURLToPath(new URL('../../menus/', import.meta.url))
type Json = Record<string, unknown>

const texts = {
  en: { group: 'Demo Section', item: 'Demo Page', title: 'Demo page title', body: '<p>Only the service knows this section.</p>', detail: 'Demo detail', open: 'Open the detail' },
  zh: { group: '演示分区', item: '演示页面', title: '演示页面标题', body: '<p>只有服务知道这个分区。</p>', detail: '演示明细', open: '打开明细' }
}

/** A copy of the shipped menus/ for this test (the service watches it). */
async function configCopy (): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'navigation-'))
  await cp(menus, dir, { recursive: true })
  return dir
}

/** Adds a menu group no client file has heard of (/newsection/demo) and a drill-down page under it, with texts in en and zh. */
async function addSection (dir: string) {
  for (const lang of ['en', 'zh'] as const) {
    const file = join(dir, 'i18n', `${lang}.json`)
    const catalogue = JSON.parse(await readFile(file, 'utf8')) as { page: Json }
    catalogue.page.navDemo = texts[lang]
    await writeFile(file, JSON.stringify(catalogue, null, 2))
  }
  const page = (path: string, title: string, extra: Json) => ({ $schema: '../../schemas/page.schema.json', path, title, ...extra })
  await writeFile(join(dir, 'pages', 'newsection-demo.json'), JSON.stringify(page('/newsection/demo', 'page.navDemo.title', {
    actions: [{ kind: 'link', id: 'detail', labelKey: 'page.navDemo.open', to: '/newsection/demo/detail' }],
    widgets: [{ type: 'content', id: 'demoBody', bodyKey: 'page.navDemo.body' }]
  })))
  await writeFile(join(dir, 'pages', 'newsection-demo-detail.json'), JSON.stringify(page('/newsection/demo/detail', 'page.navDemo.detail', {
    shell: true, back: true, widgets: [{ type: 'content', id: 'detailBody', bodyKey: 'page.navDemo.body' }]
  })))
  // The menu last: the page it links is already there when the new menu is read.
  const file = join(dir, 'menu.json')
  const menu = JSON.parse(await readFile(file, 'utf8')) as { groups: Json[] }
  menu.groups.splice(1, 0, { key: 'newsection', label: 'page.navDemo.group', items: [{ key: 'navDemo', label: 'page.navDemo.item', path: '/newsection/demo' }] })
  await writeFile(file, JSON.stringify(menu, null, 2))
}

/** Whether the signed-in user's menu, as the service now serves it, holds the group with this key. */
async function menuHolds (e2e: E2E, page: Page, key: string): Promise<boolean> {
  const session = await page.request.get(`${e2e.url}/ui/session`).then((r) => r.json()) as { menu?: unknown }
  return JSON.stringify(session.menu ?? null).includes(`"${key}"`)
}

/** The breadcrumb's crumbs as shown. */
const crumbs = (page: Page) => page.locator('article.rr-page nav.rr-breadcrumb li').allInnerTexts()
/** Whether the menu group with this key is open. */
const groupOpen = async (page: Page, key: string) => await page.locator(`#sidebar button[aria-controls="menu-${key}"]`).getAttribute('aria-expanded') === 'true'

t.test('navigation from the service', async (t) => {
  const dir = await configCopy()
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const e2e = await startE2E(t, { env: { CONFIG_DIR: dir } })
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')

  await t.test('a section added only to the hot-reloaded config is reachable, with its breadcrumb and Back', async (t) => {
    await page.goto(`${e2e.url}/newsection/demo?LocId=SG`)
    await page.waitForURL((u) => u.pathname === '/404')
    t.pass('before the change the path is not found')
    await addSection(dir)
    // Each file written may reload on its own (a loaded machine spaces the writes past the watcher's pause): wait for the reload with the menu.
    await eventually(() => menuHolds(e2e, page, 'newsection'), { within: 20_000, every: 100, what: 'the config reload with the new menu' })
    await page.goto(`${e2e.url}/admin/profile?LocId=SG`)
    await page.locator('article.rr-page[data-page="/admin/profile"]').waitFor()
    await openFromMenu(page, 'Demo Section', 'Demo Page', '/newsection/demo')
    t.equal(await page.locator('[data-widget-id=demoBody]').innerText(), 'Only the service knows this section.')
    t.same(await crumbs(page), ['Demo Section', 'Demo page title'], 'group › title')
    t.ok(await groupOpen(page, 'newsection'), 'its group is open')
    t.equal(await page.getByRole('button', { name: 'Back' }).count(), 0, 'no Back unless the descriptor asks')

    await page.getByRole('link', { name: 'Open the detail' }).click()
    await page.locator('article.rr-page[data-page="/newsection/demo/detail"]').waitFor()
    t.same(await crumbs(page), ['Demo Section', 'Demo Page', 'Demo detail'], 'a drill-down adds the page it came from')
    t.ok(await groupOpen(page, 'newsection'), 'the group of the page it hangs under stays open')
    await page.locator('nav.rr-breadcrumb').getByRole('link', { name: 'Demo Page' }).focus()
    await page.keyboard.press('Enter')
    await page.locator('article.rr-page[data-page="/newsection/demo"]').waitFor()
    t.pass('the middle crumb leads back to the list, from the keyboard')
    await page.goBack()
    await page.locator('article.rr-page[data-page="/newsection/demo/detail"]').waitFor()
    await page.getByRole('button', { name: 'Back' }).click()
    await page.locator('article.rr-page[data-page="/newsection/demo"]').waitFor()
    t.pass('Back goes one step back in history')
  })

  await t.test('a deep link opens, after a reload, the group that holds its page (Home: Bet, as the menu says)', async (t) => {
    for (const [path, key] of [['/control/drawSetting', 'control'], ['/report/full', 'report'], ['/admin/home', 'bet'], ['/admin/profile', 'administration'], ['/sms/smsGateway', 'smsGateway']] as const) {
      await page.goto(`${e2e.url}${path}?LocId=SG`)
      await page.reload()
      await page.locator(`article.rr-page[data-page="${path}"]`).waitFor()
      t.ok(await groupOpen(page, key), `${path} opens ${key}`)
      t.equal(await page.locator('#sidebar .menu__group-button[aria-expanded=true]').count(), 1, 'and only it')
    }
  })

  await t.test('the help pages and the installation guide are descriptors, 4D or TOTO by the location', async (t) => {
    await page.goto(`${e2e.url}/admin/installation-guide?LocId=SG`)
    await page.getByRole('heading', { name: 'Android' }).waitFor()
    t.match(await page.locator('article.rr-page').innerText(), /Download the profile\.[\s\S]*Settings > Profile Downloaded > Install/)
    await page.goto(`${e2e.url}/help/sms?LocId=SG`)
    await page.getByRole('heading', { name: 'Bet by SMS', level: 1 }).waitFor()
    const facts = page.locator('[data-widget-id=facts]')
    await facts.waitFor()
    t.match(await facts.innerText(), /SMS number\s+6591234567/, 'the SMS number from GET smsSetting')
    await page.locator('[data-widget-id=helpdesk]').waitFor()
    t.match(await page.locator('[data-widget-id=helpdesk]').innerText(), '+65 6123 4567', 'the 4D help desk line')
    t.equal(await page.getByRole('heading', { name: 'Message format (4D)' }).count(), 1)
    t.equal(await page.getByRole('button', { name: 'Back' }).count(), 1, 'Back, as the descriptor asks')
    await page.getByRole('link', { name: 'Bet by Telegram instead' }).click()
    await page.locator('article.rr-page[data-page="/help/telegram"] [data-widget-id=facts]').waitFor()
    t.match(await page.locator('[data-widget-id=facts]').innerText(), /Telegram bot\s+Demo4DBetBot/)

    await page.locator('.header').getByRole('radio', { name: 'TOTO' }).click()
    await page.waitForURL((u) => u.searchParams.get('LocId') === 'TT')
    await closeHomePopup(page)
    await page.goto(`${e2e.url}/help/sms?LocId=TT`)
    await page.getByRole('heading', { name: 'Message format (TOTO)' }).waitFor()
    await page.locator('[data-widget-id=facts]').waitFor()
    t.match(await page.locator('[data-widget-id=facts]').innerText(), '6598765432', 'the TOTO SMS number')
    t.equal(await page.locator('[data-widget-id=helpdesk]').count(), 0, 'no help desk line when its value is empty')
  })

  t.same(errors, [], 'no script errors')
})
