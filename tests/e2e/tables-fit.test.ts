import t from 'tap'
import type { Page } from 'playwright-core'
import { gameApi, gameApiToken, signInAt, startE2E } from './support.ts'
import { settled } from '../helpers/browser.ts'

// Tables that fit their rows (issue 32): on a laptop screen no table box leaves more than a row of blank under its rows,
// and no column header is cut.

const PAGES = [
  { user: 'admin', path: '/control/drawSetting?VW=DRAWSETTING' },
  { user: 'admin', path: '/report/full?VW=RPTFULL' },
  { user: 'mem1', path: '/tickets/page?VW=TICKET' },
  { user: 'admin', path: '/outset/exposure' }
]
// One row of the table (client/src/renderers/table/useTableState.ts ROW_HEIGHT).
const ROW_HEIGHT = 28

interface Box { id: string, rows: number, blank: number, hidden: number, cut: string[] }

/** Each table box on the page: its rows, the blank height under its last row, and the headers whose text is cut. */
async function measure (page: Page): Promise<Box[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.rr-table-scroll')].map((box) => {
    const table = box.querySelector('table')!
    const cut = [...box.querySelectorAll<HTMLElement>('thead th')]
      .filter((th) => th.scrollWidth > th.clientWidth || [...th.querySelectorAll<HTMLElement>('*')].some((e) => e.scrollWidth > e.clientWidth))
      .map((th) => th.innerText)
    return {
      id: box.closest('[data-widget-id]')?.getAttribute('data-widget-id') ?? '',
      rows: box.querySelectorAll('tbody tr').length,
      blank: Math.max(0, box.clientHeight - table.getBoundingClientRect().height),
      // How far the rows reach below the box: a few rows that fit must not scroll.
      hidden: box.scrollHeight - box.clientHeight,
      cut
    }
  }))
}

t.test('Draw Setting, Full Report, View Tickets and Live Exposure at 1366×768: boxes follow their rows, headers whole', async (t) => {
  const e2e = await startE2E(t)
  // Live Exposure shows the bets on the next draw: one placed, so its table has a row.
  const mem1 = await gameApiToken(e2e, 'mem1')
  const { DrawId } = await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/exposure') as { DrawId: number }
  await gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [DrawId], Lines: [{ Number: '2468', Big: 3 }] })
  const pages = new Map<string, Page>()
  for (const { user, path } of PAGES) {
    let page = pages.get(user)
    if (!page) {
      page = (await e2e.newPage({ viewport: { width: 1366, height: 768 } })).page
      await signInAt(e2e, page, user)
      pages.set(user, page)
    }
    await page.goto(`${e2e.url}${path}`)
    const article = page.locator(`article.rr-page[data-page="${path.split('?')[0]}"]`)
    await article.waitFor()
    await article.locator('.rr-table-scroll tbody tr').first().waitFor()
    await settled(page)
    const boxes = await measure(page)
    t.comment(`${path}: ${JSON.stringify(boxes)}`)
    t.ok(boxes.length > 0, `${path} shows a table`)
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
    for (const box of boxes) {
      t.ok(box.blank <= ROW_HEIGHT, `${path} ${box.id}: ${Math.round(box.blank)} px blank under its rows`)
      if (box.rows < 10) t.equal(box.hidden, 0, `${path} ${box.id}: its ${box.rows} rows show without scrolling`)
      t.same(box.cut, [], `${path} ${box.id}: no header cut`)
    }
  }
})
