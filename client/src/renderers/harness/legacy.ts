// The legacy progressive render (seed 001 §4: 500 rows every 60 ms), rebuilt here only as the benchmarks' baseline.
import type { TableWidget } from '../../../../schemas/widgets.ts'
import { formatCell, type Row } from '../lib/tableModel.ts'

export const LEGACY_BATCH = 500
export const LEGACY_INTERVAL_MS = 60

/** Appends rows in batches into a plain table; resolves when every row is in the document (all reachable by scrolling). */
export function legacyProgressiveRender (host: HTMLElement, widget: TableWidget, rows: readonly Row[]): Promise<number> {
  const scroller = document.createElement('div')
  scroller.style.cssText = 'height:600px;overflow:auto'
  const table = document.createElement('table')
  // Fixed column widths, as the legacy tables had (seed 001 §9), so its layout is not penalised by auto sizing.
  table.style.cssText = `table-layout:fixed;border-collapse:collapse;width:${widget.columns.reduce((w, c) => w + c.width, 0)}px`
  const body = document.createElement('tbody')
  table.append(body)
  scroller.append(table)
  host.append(scroller)
  let next = 0
  return new Promise((resolve) => {
    const batch = () => {
      const fragment = document.createDocumentFragment()
      const end = Math.min(rows.length, next + LEGACY_BATCH)
      for (; next < end; next++) {
        const tr = document.createElement('tr')
        for (const c of widget.columns) {
          const td = document.createElement('td')
          td.style.width = `${c.width}px`
          td.textContent = formatCell(rows[next]![c.field], c.type)
          tr.append(td)
        }
        fragment.append(tr)
      }
      body.append(fragment)
      if (next >= rows.length) {
        // Scrollable once laid out: reading the height forces layout, then the frame paints.
        const height = scroller.scrollHeight
        requestAnimationFrame(() => resolve(height))
      } else setTimeout(batch, LEGACY_INTERVAL_MS)
    }
    batch()
  })
}
