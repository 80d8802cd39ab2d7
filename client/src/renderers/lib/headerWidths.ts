// Column widths from their headers: a header wraps between words, so a column is at least as wide as its label's longest word.
import type { TableColumn } from '../../../../schemas/widgets.ts'

// The header cell's padding (6 px each side) and its sort mark's room, with a pixel for rounding.
const HEADER_CHROME = 12 + 1
const SORT_MARK = '▼'
// The header's font (bold 13 px, renderers.css) and the cells' (13 px); their family is read from the page once there is one.
const HEADER_FONT = 'bold 13px'
const CELL_FONT = '13px'

let canvas: CanvasRenderingContext2D | null | undefined

/** A text's width in px in a font: measured on a canvas in a browser, estimated elsewhere (8 px Latin, 14 px CJK). */
export function textWidth (text: string, font: string): number {
  if (canvas === undefined) canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d')
  if (!canvas) return [...text].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 8), 0)
  canvas.font = `${font} ${getComputedStyle(document.body).fontFamily}`
  return Math.ceil(canvas.measureText(text).width)
}

/** A text's width in the header font. */
export const headerTextWidth = (text: string) => textWidth(text, HEADER_FONT)
/** A text's width in the cells' font. */
export const cellTextWidth = (text: string) => textWidth(text, CELL_FONT)

/** The least width of each column's header: its label's longest word (and the sort mark), so a header wraps but is never cut. */
export function headerLeast (columns: readonly TableColumn[], label: (key: string) => string, measure = headerTextWidth): number[] {
  const mark = measure(SORT_MARK)
  return columns.map((c) => {
    // CJK labels wrap between any two characters; Latin ones between words.
    const words = label(c.labelKey).split(/\s+|(?<=[\u2e80-\u9fff])/u).filter(Boolean)
    return Math.max(0, ...words.map(measure), mark) + HEADER_CHROME
  })
}

/** Each column's width: the descriptor's, widened to the longest word of its label (and the sort mark) where that is too small. */
export function headerWidths (columns: readonly TableColumn[], label: (key: string) => string, measure = headerTextWidth): number[] {
  const least = headerLeast(columns, label, measure)
  return columns.map((c, i) => Math.max(c.width, least[i]!))
}
