// Text taken out of rich HTML: sanitised first (so script bodies never reach the banner), then read by the browser's inert parser.
import DOMPurify from 'dompurify'

/** Rich announcement text as one line for the banner: tags, scripts and line breaks removed. */
export function plainText (html: string): string {
  const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html), 'text/html')
  return (doc.body.textContent ?? '').replace(/[\r\n]+/g, ' ').replace(/\s+/g, ' ').trim()
}
