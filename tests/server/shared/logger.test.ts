import t from 'tap'
import { loggerOptions, redactedPaths } from '../../../server/shared/logger.ts'

t.test('JSON lines unless pretty lines are asked for', async (t) => {
  t.same(loggerOptions('info'), { level: 'info', redact: { paths: redactedPaths, censor: '[redacted]' } }, 'no transport: pino writes JSON itself')
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
