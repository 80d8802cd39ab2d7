// Announcements are HTML written upstream: shown only after this sanitiser, which also keeps the page from loading anything elsewhere.
import DOMPurify, { type Config } from 'dompurify'

// An instance of its own, so these hooks touch no other sanitise call.
const purifier = DOMPurify(window)

/** Whether a src loads nothing from another origin: this origin, or an inline data: picture. */
function staysHome (url: string): boolean {
  if (/^data:image\//i.test(url.trim())) return true
  try {
    return new URL(url, window.location.href).origin === window.location.origin
  } catch {
    return false
  }
}

purifier.addHook('afterSanitizeAttributes', (node) => {
  const src = node.getAttribute('src')
  if (src !== null && !staysHome(src)) node.removeAttribute('src')
  // Pictures in announcements rarely carry a text alternative: those without one are marked decorative.
  if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '')
})

const config: Config = {
  USE_PROFILES: { html: true },
  // id and name come out prefixed (user-content-…), so <img name=x> cannot clobber document or window properties.
  SANITIZE_NAMED_PROPS: true,
  // Style sheets, media and forms fetch or send by themselves; inline styles are refused by the CSP (style-src 'self') anyway.
  FORBID_TAGS: ['style', 'link', 'video', 'audio', 'source', 'track', 'picture', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['style', 'srcset', 'background', 'poster', 'action', 'formaction', 'ping']
}

/** An announcement's HTML, safe to set as innerHTML: no script, no clobbering names, nothing loaded from another origin. */
export function sanitiseAnnouncement (html: string): string {
  return purifier.sanitize(html, config)
}
