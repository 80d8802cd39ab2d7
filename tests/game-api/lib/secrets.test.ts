import t from 'tap'
import { dummyPasswordHash, hashPassword, randomSecret, sameDigest, sha256, verifyPassword } from '../../../server/game-api/lib/secrets.ts'

t.test('scrypt hashes with a random salt and verifies', async (t) => {
  const a = await hashPassword('Demo#1234')
  const b = await hashPassword('Demo#1234')
  t.match(a, /^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/)
  t.not(a, b, 'each hash has its own salt')
  t.ok(await verifyPassword('Demo#1234', a))
  t.notOk(await verifyPassword('demo#1234', a))
  t.notOk(await verifyPassword('Demo#1234', 'plain'), 'a malformed hash never matches')
})

t.test('the dummy hash costs the same and matches nothing a user types', async (t) => {
  const dummy = await dummyPasswordHash()
  t.equal(dummy, await dummyPasswordHash(), 'computed once')
  t.equal(dummy.split('$').slice(0, 4).join('$'), 'scrypt$16384$8$1')
  t.notOk(await verifyPassword('Demo#1234', dummy))
})

t.test('secrets and digests', async (t) => {
  t.match(randomSecret(), /^[\w-]{43}$/, '32 bytes base64url')
  t.not(randomSecret(), randomSecret())
  t.equal(sha256('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  t.ok(sameDigest(sha256('x'), sha256('x')))
  t.notOk(sameDigest(sha256('x'), sha256('y')))
  t.notOk(sameDigest(sha256('x'), 'ab'))
})
