import t from 'tap'
import { censoredUrl, loggerOptions, redactedPaths } from '../../../server/shared/logger.ts'

t.test('JSON lines unless pretty lines are asked for', async (t) => {
  t.match(loggerOptions('info'), { level: 'info', redact: { paths: redactedPaths, censor: '[redacted]' } })
  t.equal((loggerOptions('info') as { transport?: unknown }).transport, undefined, 'no transport: pino writes JSON itself')
  const pretty = loggerOptions('debug', true) as { level: string, redact: unknown, transport: { target: string } }
  t.equal(pretty.transport.target, 'pino-pretty', 'a terminal gets pino-pretty')
  t.same(pretty.redact, { paths: redactedPaths, censor: '[redacted]' }, 'and the same redaction')
  t.ok(import.meta.resolve('pino-pretty'), 'pino-pretty is installed for the local start')
})

t.test('secrets a body may carry are redacted from log lines: passwords, tokens, the SMS gateway and bot tokens', async (t) => {
  const { pino } = await import('pino')
  const lines: string[] = []
  const log = pino({ redact: { paths: redactedPaths, censor: '[redacted]' } }, { write: (line: string) => { lines.push(line) } })
  log.info({ body: { Password: 'p4ss', AuthToken: 'gateway-secret', BotToken: '123:bot-secret', Endpoint: 'https://gw.example.test' } }, 'a request')
  const line = lines.join('')
  for (const secret of ['p4ss', 'gateway-secret', '123:bot-secret']) t.notMatch(line, secret, `${secret} is not logged`)
  t.match(line, 'https://gw.example.test', 'the rest is')
})

t.test('a secret sent in the query string never reaches a log line: the logged url has its value censored', async (t) => {
  const { default: Fastify } = await import('fastify')
  const lines: string[] = []
  const app = Fastify({ logger: { ...loggerOptions('info') as object, stream: { write: (line: string) => { lines.push(line) } } } })
  app.post('/ui/login', async () => ({ ok: true }))
  t.teardown(() => app.close())
  await app.inject({ method: 'POST', url: '/ui/login?Password=p4ss-w0rd&%20token=captcha-answer&Lang=en&xToken=x-t0ken&Password%5B%5D=arr4y', payload: {} })
  const logged = lines.join('')
  t.match(logged, '"url":"/ui/login?Password=[redacted]', 'the request is still logged, with its path')
  for (const secret of ['p4ss-w0rd', 'captcha-answer', 'x-t0ken', 'arr4y']) t.notMatch(logged, secret, `${secret} is not logged`)
  t.match(logged, 'Lang=en', 'other parameters are kept')
  t.equal(censoredUrl('/ui/session?mobile=1'), '/ui/session?mobile=1')
  t.equal(censoredUrl('/x?OldPassword'), '/x?OldPassword=[redacted]', 'a bare name too')
})
