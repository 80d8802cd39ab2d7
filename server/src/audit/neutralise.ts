/** What replaces a secret value wherever it appears in an audit record. */
export const REDACTED = '[redacted]'

// Keys whose values are credentials, captcha answers or session material (compared case-insensitively, - and _ ignored).
const secretKey = /^((x|super)?password\w*|oldpassword|newpassword|confirmpassword|x?token|accesstoken|authtoken|(telegram\w*)?bottoken|refreshtoken|idtoken|xcsrftoken|csrftoken|csrf|cookie|setcookie|authorization|proxyauthorization|captcha(answer|text|code|value|token)?|secret\w*|apikey|session)$/

/** Whether a field of that name holds a secret that must never be stored. */
export function isSecretKey (key: string): boolean {
  return secretKey.test(key.toLowerCase().replace(/[-_]/g, ''))
}

const maxTextLength = 2000
// Control characters are exactly what this matches: they must not reach a log viewer or a terminal.
// eslint-disable-next-line no-control-regex
const unsafe = /[\r\n<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/g
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const maxDepth = 8
const maxKeys = 100

/** Makes a string safe to store and show: CR and LF escaped as \r and \n, markup angle brackets as entities, other control characters as \uXXXX, long text cut. */
export function neutraliseText (text: string): string {
  const cut = text.length > maxTextLength ? `${text.slice(0, maxTextLength)}…[${text.length - maxTextLength} more]` : text
  // Lone surrogates (possibly made by the cut) become U+FFFD: PostgreSQL refuses them in jsonb.
  return cut.replace(loneSurrogate, '\ufffd').replace(unsafe, (c) => {
    switch (c) {
      case '\r': return '\\r'
      case '\n': return '\\n'
      case '<': return '&lt;'
      case '>': return '&gt;'
      default: return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    }
  })
}

/** JSON value as stored in the detail column. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** Turns any value into plain JSON fit for the audit detail: secrets redacted by key, strings neutralised, depth and size bounded. */
export function sanitiseDetail (value: unknown, depth = 0): JsonValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return neutraliseText(value)
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'boolean') return value
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof Error) return sanitiseDetail({ name: value.name, message: value.message, code: (value as { code?: unknown }).code }, depth)
  if (typeof value !== 'object') return null
  if (depth >= maxDepth) return '[too deep]'
  if (Array.isArray(value)) return value.slice(0, maxKeys).map((item) => sanitiseDetail(item, depth + 1))
  const out: { [key: string]: JsonValue } = {}
  let kept = 0
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function') continue
    if (kept++ >= maxKeys) break
    out[neutraliseText(key)] = isSecretKey(key) ? REDACTED : sanitiseDetail(item, depth + 1)
  }
  return out
}
