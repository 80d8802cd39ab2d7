import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { resolveSessionKey } from '../../../server/src/plugins/external/secure-session.ts'

t.test('the session key', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'session-key-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))

  await t.test('from SESSION_SECRET: derived (HKDF), 32 bytes, the same on every instance', async (t) => {
    const secret = 'a-long-enough-secret-of-32-chars!!'
    const a = await resolveSessionKey({ SESSION_SECRET: secret, DATA_DIR: dir })
    const b = await resolveSessionKey({ SESSION_SECRET: secret, DATA_DIR: 'memory://' })
    t.equal(a.source, 'secret')
    t.equal(a.key.length, 32)
    t.same(a.key, b.key, 'deterministic')
    t.not(a.key.toString('hex'), Buffer.from(secret).subarray(0, 32).toString('hex'), 'not the secret itself')
    const other = await resolveSessionKey({ SESSION_SECRET: secret + 'x', DATA_DIR: dir })
    t.notSame(other.key, a.key)
  })

  await t.test('without a secret: generated once under DATA_DIR/session.key (0600) and kept across restarts', async (t) => {
    const first = await resolveSessionKey({ DATA_DIR: dir })
    const second = await resolveSessionKey({ DATA_DIR: dir })
    t.equal(first.source, 'file')
    t.same(first.key, second.key, 'a restart keeps the key (and the sessions)')
    t.equal((await stat(join(dir, 'session.key'))).mode & 0o777, 0o600, 'readable by the owner only')
    t.equal(Buffer.from((await readFile(join(dir, 'session.key'), 'utf8')).trim(), 'base64').length, 32)
  })

  await t.test('a damaged key file is refused with how to fix it', async (t) => {
    const bad = await mkdtemp(join(tmpdir(), 'session-key-bad-'))
    t.teardown(() => rm(bad, { recursive: true, force: true }))
    await writeFile(join(bad, 'session.key'), 'c2hvcnQ=\n')
    await t.rejects(resolveSessionKey({ DATA_DIR: bad }), /session\.key does not hold a 32-byte base64 key: delete it/)
  })

  await t.test('DATA_DIR=memory://: a new key per process', async (t) => {
    const a = await resolveSessionKey({ DATA_DIR: 'memory://' })
    const b = await resolveSessionKey({ DATA_DIR: 'memory://' })
    t.equal(a.source, 'memory')
    t.notSame(a.key, b.key)
  })
})
