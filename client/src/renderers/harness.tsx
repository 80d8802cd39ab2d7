// The renderer harness page (renderer-harness.html): draws descriptors handed in by browser tests, and runs the table benchmarks.
import { StrictMode, useMemo, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../lib/queries.ts'
import { ThemeProvider } from '../components/theme/ThemeProvider.tsx'
import type { PageDescriptor } from '../../../schemas/widgets.ts'
import { RendererProvider, type RendererEnvironment } from './context.tsx'
import { PageRenderer } from './PageRenderer.tsx'
import { TableView } from './table/TableView.tsx'
import { rendererMessagesEn, rendererMessagesZh } from './lib/messages.ts'
import { benchTable, generateRows } from './harness/rows.ts'
import { legacyProgressiveRender } from './harness/legacy.ts'
import type { Row } from './lib/tableModel.ts'

interface HarnessOptions { session?: RendererEnvironment['session'], query?: RendererEnvironment['query'], lang?: 'en' | 'zh', mobile?: boolean, texts?: Record<string, string> }

const rootElement = document.getElementById('root')!
let root: Root | null = null
const navigations: string[] = []

function freshRoot (): Root {
  root?.unmount()
  rootElement.replaceChildren()
  root = createRoot(rootElement)
  return root
}

// Each drawn page gets a query client of its own, as a fresh page load would.
function Harness ({ page, options }: { page: PageDescriptor, options: HarnessOptions }) {
  const [client] = useState(createQueryClient)
  const env = useMemo<RendererEnvironment>(() => ({
    session: options.session ?? {},
    query: options.query ?? {},
    navigationKey: 0,
    navigate: (to) => { navigations.push(to) },
    mobile: options.mobile ?? window.innerWidth < 992
  }), [options])
  return <QueryClientProvider client={client}><RendererProvider env={env}><PageRenderer page={page} /></RendererProvider></QueryClientProvider>
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

let benchRows: Row[] = []

const harness = {
  navigations,
  /** Draws one page descriptor; texts adds en strings for the descriptor's own keys. */
  async render (page: PageDescriptor, options: HarnessOptions = {}) {
    if (options.texts) i18next.addResourceBundle('en', 'translation', options.texts, true, true)
    await i18next.changeLanguage(options.lang ?? 'en')
    freshRoot().render(<StrictMode><ThemeProvider><Harness page={page} options={options} /></ThemeProvider></StrictMode>)
  },
  /** Generates the benchmark rows (kept out of the timed parts). */
  prepareRows (count: number) {
    benchRows = generateRows(count)
    return benchRows.length
  },
  /** Virtualised table: ms from render until painted with every row reachable by scrolling. */
  async benchVirtual () {
    const r = freshRoot()
    const env: RendererEnvironment = { session: {}, query: {}, navigationKey: 0, navigate: () => {}, mobile: false }
    const start = performance.now()
    flushSync(() => r.render(<ThemeProvider><QueryClientProvider client={createQueryClient()}><RendererProvider env={env}><TableView widget={benchTable} rows={benchRows} /></RendererProvider></QueryClientProvider></ThemeProvider>))
    await nextPaint()
    const elapsed = performance.now() - start
    const scroller = rootElement.querySelector<HTMLElement>('.rr-table-scroll')!
    return { ms: elapsed, scrollHeight: scroller.scrollHeight, rowsReachable: scroller.scrollHeight >= benchRows.length * 28 }
  },
  /** The legacy progressive render of the same rows: ms until every row is in the page. */
  async benchLegacy () {
    freshRoot()
    const start = performance.now()
    await legacyProgressiveRender(rootElement, benchTable, benchRows)
    const elapsed = performance.now() - start
    return { ms: elapsed, rows: rootElement.querySelectorAll('tbody tr').length }
  },
  /** Clicks a column header and measures until the sorted rows are painted. */
  async benchSort (label: string) {
    const button = [...rootElement.querySelectorAll<HTMLButtonElement>('.rr-sort')].find((b) => b.textContent?.startsWith(label))!
    const start = performance.now()
    flushSync(() => button.click())
    await nextPaint()
    return { ms: performance.now() - start, firstRow: rootElement.querySelector('tbody tr td')?.textContent ?? '' }
  },
  /**
   * Smooth-scrolls the table for a while as a user flinging through it would: one programmatic smooth scroll of distancePx after
   * another (back to the top at the end), and returns every requestAnimationFrame delta, with the distance travelled.
   */
  benchScroll (durationMs: number, distancePx: number) {
    const scroller = rootElement.querySelector<HTMLElement>('.rr-table-scroll')!
    return new Promise<{ deltas: number[], travelledPx: number }>((resolve) => {
      const deltas: number[] = []
      let last = 0
      let end = 0
      let travelled = 0
      let top = scroller.scrollTop
      let still = 0
      const next = () => {
        const bottom = scroller.scrollHeight - scroller.clientHeight
        scroller.scrollTo({ top: scroller.scrollTop + distancePx > bottom ? 0 : scroller.scrollTop + distancePx, behavior: 'smooth' })
      }
      scroller.addEventListener('scrollend', next)
      const frame = (now: number) => {
        deltas.push(now - last)
        last = now
        travelled += Math.abs(scroller.scrollTop - top)
        // A scroll that ended without a scrollend event would stall the run: start the next one.
        still = scroller.scrollTop === top ? still + 1 : 0
        if (still > 10) { still = 0; next() }
        top = scroller.scrollTop
        if (now < end) requestAnimationFrame(frame)
        else {
          scroller.removeEventListener('scrollend', next)
          resolve({ deltas, travelledPx: travelled })
        }
      }
      requestAnimationFrame((now) => { last = now; end = now + durationMs; next(); requestAnimationFrame(frame) })
    })
  }
}

declare global { interface Window { harness: typeof harness } }

i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: rendererMessagesEn }, zh: { translation: rendererMessagesZh } },
  interpolation: { escapeValue: false }
}).then(() => {
  window.harness = harness
  document.body.dataset.harness = 'ready'
})
