import t from 'tap'
import { loadConfig } from '../../../server/src/config/load.ts'
import { buildProduct } from '../../helpers/build.ts'
import { copyConfig } from './fixtures.ts'

t.test('the service serves the config of CONFIG_DIR: status, catalogues with ETag', async (t) => {
  const dir = copyConfig(t)
  const expected = await loadConfig(dir)
  if (!expected.ok) throw new Error('invalid copy')
  const { serviceUrl } = await buildProduct(t, { env: { CONFIG_DIR: dir } })

  const status = await fetch(`${serviceUrl}/ui/config/status`)
  t.equal(status.status, 200)
  t.equal(status.headers.get('cache-control'), 'no-store')
  t.match(await status.json(), { version: expected.config.version, loadedAt: String, lastRejected: null })

  const en = await fetch(`${serviceUrl}/ui/i18n/en`)
  t.equal(en.status, 200)
  const etag = en.headers.get('etag')
  t.equal(etag, `"${expected.config.version}-en"`)
  const body = await en.json() as Record<string, Record<string, unknown>>
  t.equal(body.menu?.profile, 'Profile')
  t.notOk('$schema' in body, 'the editor hint is not sent')
  t.equal((await fetch(`${serviceUrl}/ui/i18n/zh`).then((r) => r.json()) as Record<string, Record<string, unknown>>).menu?.profile, '个人资料')
  t.equal((await fetch(`${serviceUrl}/ui/i18n/en`, { headers: { 'if-none-match': String(etag) } })).status, 304)
  t.equal((await fetch(`${serviceUrl}/ui/i18n/fr`)).status, 400, 'an unknown language is a bad request')
})
