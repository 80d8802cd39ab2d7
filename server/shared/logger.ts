import type { FastifyRequest, FastifyServerOptions } from 'fastify'

/** Keys whose values never reach a log line: credentials, tokens, captcha answers, cookies. */
export const redactedPaths = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers.token', 'req.headers["x-token"]', 'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie', 'headers["x-csrf-token"]', 'headers["set-cookie"]', '*.password', '*.Password', '*.OldPassword', '*.Password1', '*.Password2', '*.SuperPassword', '*.SuperPassword1', '*.SuperPassword2', '*.Token', '*.token',
  '*.AuthToken', '*.authToken', '*.BotToken', '*.botToken', '*.Telegram4DBotToken', '*.TelegramTotoBotToken',
  '*.access_token', '*.xToken'
]

/** The names (lowercased) of body fields that hold secrets: a query parameter of that name is censored in a logged URL too. */
const secretNames = new Set(redactedPaths.filter((p) => p.startsWith('*.')).map((p) => p.slice(2).toLowerCase()))

/** Whether a query or field name is a secret's, in any spelling (case, padding, Password[]). */
export function namesSecret (name: string): boolean {
  return secretNames.has(name.replace(/\[.*$/, '').trim().toLowerCase())
}

/** A URL with the value of every secret-named query parameter censored, for log lines. */
export function censoredUrl (url: string): string {
  const at = url.indexOf('?')
  if (at === -1) return url
  const query = url.slice(at + 1)
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=')
    let name = eq === -1 ? part : part.slice(0, eq)
    try { name = decodeURIComponent(name.replace(/\+/g, ' ')) } catch { /* a broken escape is checked as it is */ }
    return namesSecret(name) ? `${eq === -1 ? part : part.slice(0, eq)}=[redacted]` : part
  })
  return `${url.slice(0, at)}?${parts.join('&')}`
}

/** Fastify's request serializer with the URL's secrets censored (a password sent in the query string never reaches a log line). */
const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: censoredUrl(req.url),
    version: req.headers['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort as number | undefined
  })
}

/** pino options shared by the service and the game API: JSON lines (pretty lines for a developer's terminal), secrets redacted. */
export function loggerOptions (level: string, pretty = false): FastifyServerOptions['logger'] {
  const redact = { paths: redactedPaths, censor: '[redacted]' }
  // pino-pretty is a development dependency: only the local start asks for it, the production start never does.
  if (pretty) return { level, redact, serializers, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
  return { level, redact, serializers }
}
