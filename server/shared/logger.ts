import type { FastifyServerOptions } from 'fastify'

/** Keys whose values never reach a log line: credentials, tokens, captcha answers, cookies. */
export const redactedPaths = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers.token', 'req.headers["x-token"]', 'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie', 'headers["x-csrf-token"]', 'headers["set-cookie"]', '*.password', '*.Password', '*.OldPassword', '*.Password1', '*.Password2', '*.SuperPassword', '*.SuperPassword1', '*.SuperPassword2', '*.Token', '*.token',
  '*.AuthToken', '*.authToken', '*.BotToken', '*.botToken', '*.Telegram4DBotToken', '*.TelegramTotoBotToken',
  '*.access_token', '*.xToken'
]

/** pino options shared by the service and the game API: JSON lines (pretty lines for a developer's terminal), secrets redacted. */
export function loggerOptions (level: string, pretty = false): FastifyServerOptions['logger'] {
  const redact = { paths: redactedPaths, censor: '[redacted]' }
  // pino-pretty is a development dependency: only the local start asks for it, the production start never does.
  if (pretty) return { level, redact, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
  return { level, redact }
}
