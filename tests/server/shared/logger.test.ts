import t from 'tap'
import { loggerOptions, redactedPaths } from '../../../server/shared/logger.ts'

t.test('JSON lines unless pretty lines are asked for', async (t) => {
  t.same(loggerOptions('info'), { level: 'info', redact: { paths: redactedPaths, censor: '[redacted]' } }, 'no transport: pino writes JSON itself')
  const pretty = loggerOptions('debug', true) as { level: string, redact: unknown, transport: { target: string } }
  t.equal(pretty.transport.target, 'pino-pretty', 'a terminal gets pino-pretty')
  t.same(pretty.redact, { paths: redactedPaths, censor: '[redacted]' }, 'and the same redaction')
  t.ok(import.meta.resolve('pino-pretty'), 'pino-pretty is installed for the local start')
})
