// Text taken out of rich HTML: sanitised first (so script bodies never reach the banner), then read by the browser's inert parser.
import DOMPurify from 'dompurify'

/** Elements that start a line of their own: their text is never run into the text before or after them. */
const BLOCKS = 'p, div, li, br, h1, h2, h3, h4, h5, h6, tr, blockquote, pre, ul, ol, table'

/** Rich text as its lines (one per paragraph, list item or line break), tags and scripts removed, blank lines dropped. */
export function textLines (html: string): string[] {
  const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html), 'text/html')
  for (const block of doc.body.querySelectorAll(BLOCKS)) {
    block.before('\n')
    block.after('\n')
  }
  return (doc.body.textContent ?? '').split(/[\r\n]+/).map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean)
}

/** Rich announcement text as one line for the banner: its lines kept apart by a middle dot ("Reports open faster · Telegram …"). */
export function plainText (html: string): string {
  return textLines(html).join(' · ')
}
