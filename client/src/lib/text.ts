// Text taken out of rich HTML (uses the browser's parser, so it never runs the markup).

/** Rich announcement text as one line for the banner: tags and line breaks removed. */
export function plainText (html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return (doc.body.textContent ?? '').replace(/[\r\n]+/g, ' ').replace(/\s+/g, ' ').trim()
}
