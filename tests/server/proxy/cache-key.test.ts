import t from 'tap'
import { cacheKey, usersOfCacheKey } from '../../../server/src/proxy/cache-key.ts'

t.test('keys never mix users, locations or queries; query order and cache-busters do not matter', async (t) => {
  const base = cacheKey('ag1', 'SG', 'announcements', { PopUp: 'Y', a: '1' })
  t.equal(cacheKey('ag1', 'SG', 'announcements', { a: '1', PopUp: 'Y', rand: '123', LocId: 'XX' }), base)
  t.not(cacheKey('mem1', 'SG', 'announcements', { PopUp: 'Y', a: '1' }), base)
  t.not(cacheKey('ag1', 'TT', 'announcements', { PopUp: 'Y', a: '1' }), base)
  t.not(cacheKey('ag1', 'SG', 'announcements', { PopUp: 'N', a: '1' }), base)
  t.not(cacheKey('ag1', 'SG', 'bet/userIds', { PopUp: 'Y', a: '1' }), base)
})

t.test('the users a key is about: its owner, or a supporter and whom they previewed', async (t) => {
  t.same(usersOfCacheKey(cacheKey('ag1', 'SG', 'announcements', {})), ['ag1'])
  t.same(usersOfCacheKey(cacheKey('sup1>mem1', 'SG', 'announcements', {})), ['sup1', 'mem1'])
  for (const bad of ['', 'k', '[1]', '{}']) t.same(usersOfCacheKey(bad), [], bad)
})
