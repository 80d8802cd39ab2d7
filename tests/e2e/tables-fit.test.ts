import t from 'tap'
import type { Page } from 'playwright-core'
import { gameApi, gameApiToken, signInAt, startE2E, type E2E } from './support.ts'
import { settled } from '../helpers/browser.ts'

// Tables that fit (issue 32): on a laptop screen no table box leaves more than a row of blank under its rows and no column
// header is cut; on a phone the wide tables of Full Report and Agents read as cards with every row action in reach, the
// filters fold so the data is on the first screen, and Place Bets starts short with its button in reach (issue 39).

const PAGES = [
  { user: 'admin', path: '/admin/home' },
  { user: 'ag1', path: '/bet/placeBets/add' },
  { user: 'admin', path: '/report/full?VW=RPTFULL' },
  { user: 'admin', path: '/admin/agents' },
  { user: 'admin', path: '/control/drawSetting?VW=DRAWSETTING' },
  { user: 'admin', path: '/outset/exposure' },
  { user: 'mem1', path: '/tickets/page?VW=TICKET' },
  { user: 'admin', path: '/sms/smsGateway' }
]
// The pages whose table must show rows here (the others may hold none, or only form grids).
const WITH_ROWS = new Set(['/report/full', '/admin/agents', '/control/drawSetting', '/outset/exposure', '/tickets/page'])
// One row of the table (client/src/renderers/table/useTableState.ts ROW_HEIGHT).
const ROW_HEIGHT = 28

interface Box { id: string, rows: number, blank: number, hidden: number }

/** Each table box on the page: its rows, the blank height under its last row, and how far its rows reach below it. */
async function boxes (page: Page): Promise<Box[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.rr-table-scroll')].map((box) => {
    const table = box.querySelector('table')!
    return {
      id: box.closest('[data-widget-id]')?.getAttribute('data-widget-id') ?? '',
      rows: box.querySelectorAll('tbody tr').length,
      blank: Math.max(0, box.clientHeight - table.getBoundingClientRect().height),
      hidden: box.scrollHeight - box.clientHeight
    }
  }))
}

/** The headers and footer sums of every table on the page whose text is cut: wider than their cell, or a part of it wider than itself (a title with the whole text does not count: headers wrap instead). */
async function cutHeaders (page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('article.rr-page table th, article.rr-page .rr-tfoot td')]
    .filter((th) => th.offsetParent !== null)
    .filter((th) => th.scrollWidth > th.clientWidth || [...th.querySelectorAll<HTMLElement>('*')].some((e) => e.scrollWidth > e.clientWidth))
    .map((th) => th.innerText))
}

/** Opens a page of the app (full load) and waits until every widget on it is drawn. */
async function open (e2e: E2E, page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.url}${path}`)
  await page.locator(`article.rr-page[data-page="${path.split('?')[0]}"]`).waitFor()
  await page.waitForFunction(() => document.querySelector('.rr-spinner, [aria-busy="true"]') === null, undefined, { timeout: 30_000 })
  await settled(page)
}

/** A page per user at one window size, signed in once. */
function pagesFor (e2e: E2E, viewport: { width: number, height: number }) {
  const pages = new Map<string, Page>()
  return async (user: string) => {
    let page = pages.get(user)
    if (!page) {
      page = (await e2e.newPage({ viewport })).page
      await signInAt(e2e, page, user)
      pages.set(user, page)
    }
    return page
  }
}

t.test('tables fit their rows and show their headers whole; phones get cards', async (t) => {
  const e2e = await startE2E(t)
  // Live Exposure shows the bets on the next draw: one placed, so its table has a row.
  const mem1 = await gameApiToken(e2e, 'mem1')
  const { DrawId } = await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/exposure') as { DrawId: number }
  await gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [DrawId], Lines: [{ Number: '2468', Big: 3 }] })

  await t.test('at 1366×768: boxes follow their rows, headers whole', async (t) => {
    const pageOf = pagesFor(e2e, { width: 1366, height: 768 })
    for (const { user, path } of PAGES) {
      const page = await pageOf(user)
      await open(e2e, page, path)
      const found = await boxes(page)
      t.comment(`${path}: ${JSON.stringify(found)}`)
      if (WITH_ROWS.has(path.split('?')[0]!)) t.ok(found.some((b) => b.rows > 0), `${path} shows a table with rows`)
      t.same(await cutHeaders(page), [], `${path}: no header or sum cut`)
      // A draw drop-down is at least as wide as its own widest text needs (the width it takes when left to size itself).
      const selects = await page.evaluate(() => [...document.querySelectorAll<HTMLSelectElement>('select.rr-draw-date')].map((select) => {
        const free = select.cloneNode(true) as HTMLSelectElement
        free.style.width = 'auto'
        free.style.minWidth = '0'
        select.after(free)
        const needs = free.offsetWidth
        free.remove()
        return { text: select.selectedOptions[0]?.text ?? '', width: select.offsetWidth, needs }
      }))
      for (const select of selects) t.ok(select.width >= select.needs, `${path}: the draw drop-down shows "${select.text}" whole (${select.width} px, needs ${select.needs})`)
      for (const box of found) {
        t.ok(box.blank <= ROW_HEIGHT, `${path} ${box.id}: ${Math.round(box.blank)} px blank under its rows`)
        if (box.rows < 10) t.equal(box.hidden, 0, `${path} ${box.id}: its ${box.rows} rows show without scrolling`)
      }
    }
  })

  await t.test('at 1366×768: more than two row actions are one menu, reachable by keyboard', async (t) => {
    const page = await pagesFor(e2e, { width: 1366, height: 768 })('admin')
    await open(e2e, page, '/admin/agents')
    const row = page.locator('[data-widget-id="agents"] .rr-table tbody tr').first()
    const menu = row.getByRole('button', { name: 'Actions' })
    t.equal(await row.locator('td.rr-row-actions > button:not(.rr-menu-button)').count(), 0, 'no loose buttons beside the menu')
    await menu.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    const items = page.getByRole('menuitem')
    t.ok(await items.count() > 2, `the menu holds the row's ${await items.count()} actions`)
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '')
    await page.keyboard.press('ArrowDown')
    t.equal(await focused(), await items.nth(0).innerText(), 'Arrow Down goes to the first item')
    await page.keyboard.press('ArrowDown')
    t.equal(await focused(), await items.nth(1).innerText(), 'and on to the next')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    t.pass('Escape closes it')
    t.equal(await menu.evaluate((b) => b === document.activeElement), true, 'and gives the focus back to its button')
  })

  await t.test('at 1366×768: the column chooser hides a column for this user, and keeps the choice', async (t) => {
    const page = await pagesFor(e2e, { width: 1366, height: 768 })('admin')
    await open(e2e, page, '/report/full?VW=RPTFULL')
    const widget = page.locator('[data-widget-id="full"]')
    const headers = () => widget.locator('thead th').allInnerTexts()
    t.ok((await headers()).includes('Name'), 'Name shows at first')
    await widget.getByRole('button', { name: 'Columns' }).click()
    await widget.getByRole('checkbox', { name: 'Name' }).uncheck()
    t.notOk((await headers()).includes('Name'), 'unticked, Name is gone')
    await open(e2e, page, '/report/full?VW=RPTFULL')
    t.notOk((await headers()).includes('Name'), 'and stays gone when the page opens again')
    t.same(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rr-columns:'))), ['rr-columns:admin:/report/full:full'], 'kept for this user and this table')
    await widget.getByRole('button', { name: /Columns/ }).click()
    await widget.getByRole('checkbox', { name: 'Name' }).check()
    t.ok((await headers()).includes('Name'), 'ticked again, Name is back')
  })

  await t.test('at 375×812: Full Report and Agents read as cards, every action in reach', async (t) => {
    const page = await pagesFor(e2e, { width: 375, height: 812 })('admin')
    for (const path of ['/report/full?VW=RPTFULL', '/admin/agents']) {
      await open(e2e, page, path)
      const cards = page.locator('article.rr-page .rr-card:not(.rr-card-total)')
      t.ok(await cards.count() > 0, `${path}: ${await cards.count()} cards`)
      t.equal(await page.locator('article.rr-page .rr-table-scroll').count(), 0, `${path}: no wide table box`)
      const wide = await page.evaluate(() => ({
        page: document.scrollingElement!.scrollWidth,
        cards: [...document.querySelectorAll<HTMLElement>('.rr-card')].filter((c) => c.scrollWidth > c.clientWidth || c.getBoundingClientRect().right > window.innerWidth).length
      }))
      t.ok(wide.page <= 375, `${path}: the page is no wider than the phone (${wide.page} px)`)
      t.equal(wide.cards, 0, `${path}: every card fits the width`)
      const first = cards.first()
      t.ok(await first.locator('dt').count() >= 3, `${path}: a card shows its key fields at once`)
      const more = first.getByRole('button', { name: /more field/ })
      if (await more.count() > 0) {
        const before = await first.locator('dt').count()
        await more.click()
        t.ok(await first.locator('dt').count() > before, `${path}: expanding shows the rest`)
      }
    }
    // Agents: each card's actions in its menu, the menu inside the window.
    const card = page.locator('article.rr-page .rr-card').first()
    await card.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menu').waitFor()
    const items = page.getByRole('menuitem')
    t.ok(await items.count() > 2, `an agent's ${await items.count()} actions are in its menu`)
    const outside = await items.evaluateAll((els) => els.filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight }).length)
    t.equal(outside, 0, 'every item inside the window')
    await items.first().click()
    await page.locator('dialog[open]').waitFor()
    t.pass('an action opens its dialog from a card')
  })

  await t.test('at 375×812: the filters fold behind a button naming them, the cards on the first screen', async (t) => {
    const page = await pagesFor(e2e, { width: 375, height: 812 })('admin')
    await open(e2e, page, '/report/full?VW=RPTFULL')
    const toggle = page.locator('article.rr-page .rr-filters-toggle').first()
    t.equal(await toggle.getAttribute('aria-expanded'), 'false', 'folded at first')
    t.match(await toggle.innerText(), /Filters/, 'named Filters')
    const field = page.locator('article.rr-page .rr-filter').first()
    t.notOk(await field.isVisible(), 'its fields hidden')
    const firstCard = await page.locator('article.rr-page .rr-card').first().boundingBox()
    t.ok(firstCard !== null && firstCard.y < 812, `the first card starts on the first screen (at ${Math.round(firstCard?.y ?? -1)} px)`)
    await toggle.click()
    t.equal(await toggle.getAttribute('aria-expanded'), 'true')
    t.ok(await field.isVisible(), 'unfolded, the fields show')
    await page.locator('article.rr-page .rr-filters button[type=submit]').first().click()
    await page.waitForFunction(() => document.querySelector('.rr-filters-toggle')?.getAttribute('aria-expanded') === 'false')
    t.pass('Apply folds them again')
  })

  await t.test('at 375×812 on a phone: the desktop Place Bets link opens the phone form, 5 lines and its button in reach, a running total', async (t) => {
    const { page } = await e2e.newPage({ viewport: { width: 375, height: 812 } })
    await signInAt(e2e, page, 'mem1')
    t.equal(await page.evaluate(async () => (await (await fetch('/ui/session?mobile=1')).json() as { mobile: boolean }).mobile), true, 'a phone session')
    await page.goto(`${e2e.url}/bet/placeBets/add?VW=PLACEBET`)
    await page.waitForURL((u) => u.pathname === '/bet/placeBets/add-20')
    t.equal(new URL(page.url()).search, '?VW=PLACEBET', 'the phone variant replaces the address, the query kept')
    const form = page.locator('[data-widget-id="placeBet"]')
    await form.locator('.rr-lines tbody tr').first().waitFor()
    t.equal(await form.locator('.rr-lines tbody tr').count(), 5, '5 lines to start, not 20')
    const button = form.locator('.rr-form-actions button[type=submit]')
    const box = await button.boundingBox()
    t.ok(box !== null && box.y + box.height <= 812, `the Place bet button in the first screen (bottom at ${Math.round((box?.y ?? 0) + (box?.height ?? 0))} px)`)
    await form.getByRole('button', { name: 'Add line' }).click()
    t.equal(await form.locator('.rr-lines tbody tr').count(), 6, 'Add line adds one')
    t.equal(await page.evaluate(() => document.activeElement?.id ?? ''), await form.locator('.rr-lines tbody tr').nth(5).locator('input, select').first().getAttribute('id'), 'and puts the cursor in it')
    await form.getByLabel('Number 1', { exact: true }).fill('1234')
    await form.getByLabel('Big 1', { exact: true }).fill('2.5')
    await form.getByLabel('Small 1', { exact: true }).fill('1')
    await form.getByLabel('Number 2', { exact: true }).fill('5678')
    await form.getByLabel('Form 2', { exact: true }).selectOption('roll')
    await form.getByLabel('Big 2', { exact: true }).fill('1')
    t.match(await form.locator('.rr-lines-total').innerText(), /Stake per draw\s+13\.50/, 'the running total: 3.50 + a roll of 10 × 1.00')
    // Scrolled to the top of a page longer than the window, the button still sits in the window's last line.
    for (let i = 6; i < 20; i++) await form.getByRole('button', { name: 'Add line' }).click()
    t.equal(await form.getByRole('button', { name: 'Add line' }).count(), 0, 'no Add line past the 20th')
    await form.getByLabel('Number 1', { exact: true }).focus()
    await form.locator('select').first().scrollIntoViewIfNeeded()
    const lines = await form.locator('.rr-lines').boundingBox()
    const sticky = await button.boundingBox()
    t.ok(lines !== null && lines.y + lines.height > 812, `the 20 lines run past the window (to ${Math.round((lines?.y ?? 0) + (lines?.height ?? 0))} px)`)
    t.ok(sticky !== null && sticky.y + sticky.height <= 812, `and the button stays in it (at ${Math.round(sticky?.y ?? -1)} px)`)
    const under = await page.evaluate(() => document.elementFromPoint(187, 806)?.closest('.rr-form-actions, .rr-lines')?.className ?? '')
    t.equal(under, 'rr-form-actions', 'its bar reaches the window\'s bottom edge: no line shows under it')
  })
})
