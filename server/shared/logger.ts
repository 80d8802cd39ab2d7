import type { FastifyServerOptions } from 'fastify'

/** Keys whose values never reach a log line: credentials, tokens, captcha answers, cookies. */
export const redactedPaths = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers.token', 'req.headers["x-token"]', 'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie', 'headers["x-csrf-token"]', 'headers["set-cookie"]', '*.password', '*.Password', '*.OldPassword', '*.Password1', '*.Password2', '*.Token', '*.token',
  '*.access_token', '*.xToken'
]

/** pino options shared by the service and the game API: JSON lines, secrets redacted. */
export function loggerOptions (level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: redactedPaths, censor: '[redacted]' } }
}
