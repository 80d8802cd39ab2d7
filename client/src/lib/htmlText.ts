// The text of rich text written upstream, for places that show text only (a table cell, a CSV export). It is parsed into an inert document
// (no script runs there and nothing is fetched), and a space follows each line break and block so their words stay apart.
const BREAKS = 'br, p, div, li, tr, td, th, h1, h2, h3, h4, h5, h6, blockquote, pre'
// Elements whose text is code or data, never words for the reader.
const HIDDEN = 'script, style, template, noscript'

/** '<b>Draw</b> closes at 18:00.<br>TOTO at 21:00.' → 'Draw closes at 18:00. TOTO at 21:00.' */
export function htmlText (html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  for (const element of body.querySelectorAll(HIDDEN)) element.remove()
  for (const element of body.querySelectorAll(BREAKS)) element.after(' ')
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim()
}
