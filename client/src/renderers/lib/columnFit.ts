// Columns that fit their box: each gives up the room it holds beyond its content, in proportion, before the table scrolls sideways.
import type { TableColumn } from '../../../../schemas/widgets.ts'
import { cellTextWidth, headerTextWidth } from './headerWidths.ts'
import { formatCell } from './tableModel.ts'

// A cell's padding (6 px each side) with a pixel for rounding; a status badge adds its own padding.
const CELL_CHROME = 12 + 1
const BADGE_CHROME = 18
/** Rows whose texts are measured: enough to know a column's content, few enough to stay quick on 100,000 rows. */
export const SAMPLED_ROWS = 200

/** The widest cell text of each column among the first sampled rows (texts: a row's cell texts, in column order), with the cell's padding. */
export function cellLeast (columns: readonly TableColumn[], texts: ReadonlyArray<readonly string[]>, measure = cellTextWidth): number[] {
  return columns.map((c, i) => {
    let widest = 0
    for (const row of texts.slice(0, SAMPLED_ROWS)) widest = Math.max(widest, measure(row[i] ?? ''))
    return widest === 0 ? 0 : widest + CELL_CHROME + (c.type === 'status' ? BADGE_CHROME : 0)
  })
}

/** The width of each column's footer sum (bold, as the header), with the cell's padding; 0 where a column has none. */
export function sumsLeast (columns: readonly TableColumn[], sums: Readonly<Record<string, number>>, measure = headerTextWidth): number[] {
  return columns.map((c) => {
    const sum = sums[c.field]
    return sum === undefined ? 0 : measure(formatCell(sum, c.type)) + CELL_CHROME
  })
}

/**
 * The widths that fit room: the wanted ones when they fit (or room is not known yet, 0), else each column shrinks by a share of
 * what it holds beyond its least width, just enough to fit or down to the least widths (then the table scrolls sideways).
 */
export function fitWidths (wanted: readonly number[], least: readonly number[], room: number): number[] {
  const total = wanted.reduce((s, w) => s + w, 0)
  if (room <= 0 || total <= room) return [...wanted]
  const slack = wanted.map((w, i) => Math.max(0, w - (least[i] ?? w)))
  const spare = slack.reduce((s, w) => s + w, 0)
  if (spare === 0) return [...wanted]
  const share = Math.min(1, (total - room) / spare)
  return wanted.map((w, i) => w - Math.ceil(slack[i]! * share))
}
