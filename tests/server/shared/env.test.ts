import t from 'tap'
import { loadSettings } from '../../../server/shared/env.ts'

t.test('defaults fill every unset setting', async (t) => {
  const s = loadSettings({})
  t.match(s, { PORT: 3000, GAME_API_PORT: 3100, DATA_DIR: './data', LOG_LEVEL: 'info' })
  t.equal(s.DATABASE_URL, undefined)
})

t.test('values are read and numbers parsed', async (t) => {
  const s = loadSettings({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: '12', REDIS_URL: 'redis://127.0.0.1:6379', LOG_LEVEL: 'warn' })
  t.match(s, { PORT: 8080, DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: 12, REDIS_URL: 'redis://127.0.0.1:6379', LOG_LEVEL: 'warn' })
})

t.test('each bad value is named with what it must be', async (t) => {
  const error = t.throws(() => loadSettings({ PORT: 'abc', GAME_API_PORT: '70000', DATABASE_URL: 'mysql://x', DATABASE_POOL_SIZE: '2', LOG_LEVEL: 'loud', GAME_API_URL: 'ftp://x' })) as Error
  t.match(error.message, /PORT="abc": must be a whole number from 0 to 65535/)
  t.match(error.message, /GAME_API_PORT=70000: must be a whole number/)
  t.match(error.message, /DATABASE_URL="mysql:\/\/x": must be a postgres or postgresql URL/)
  t.match(error.message, /DATABASE_POOL_SIZE=2: must be a whole number of connections from 4 to 500/, 'fewer than 4 leaves a transaction no connection beside the reads')
  t.match(error.message, /LOG_LEVEL="loud": must be one of fatal, error/)
  t.match(error.message, /GAME_API_URL="ftp:\/\/x": must be a http or https URL/)
})

t.test('TRUST_PROXY: off by default, a hop count, or proxy addresses; never "trust everyone"', async (t) => {
  t.equal(loadSettings({}).TRUST_PROXY, false)
  t.equal(loadSettings({ TRUST_PROXY: '1' }).TRUST_PROXY, 1)
  t.equal(loadSettings({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY, '127.0.0.1,10.0.0.0/8')
  t.equal(loadSettings({}).GAME_API_TRUST_PROXY, 'loopback', 'the game API trusts the service beside it')
  for (const value of ['true', '*', '10.0.0.1;evil']) {
    t.throws(() => loadSettings({ TRUST_PROXY: value }), /TRUST_PROXY=.*must be a hop count \(1, 2, …\) or a comma list of proxy addresses/, value)
  }
})
