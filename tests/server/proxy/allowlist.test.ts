import t from 'tap'
import { compileAllowlist, endpointAllowed } from '../../../server/src/proxy/allowlist.ts'

const matcher = compileAllowlist([
  { path: 'announcements', methods: ['GET'], game: true, shell: true, cache: true },
  { path: 'announcements', methods: ['POST'], game: true, pages: ['/control/announcement'] },
  { path: 'announcements/:id', methods: ['DELETE'], game: true, pages: ['/control/announcement'] },
  { path: 'profile', methods: ['GET'], shell: true },
  { path: 'status', methods: ['GET'], public: true }
])

t.test('matches literal and parameter segments by method', async (t) => {
  const get = matcher.match('GET', ['announcements'])
  t.match(get, { endpoint: { path: 'announcements', shell: true }, params: {} })
  t.match(matcher.match('POST', ['announcements']), { endpoint: { pages: ['/control/announcement'] } })
  t.match(matcher.match('DELETE', ['announcements', '42']), { params: { id: '42' } })
})

t.test('unknown paths and wrong methods are told apart', async (t) => {
  t.equal(matcher.match('GET', ['nope']), 'not-found')
  t.equal(matcher.match('GET', ['announcements', '42']), 'method-not-allowed')
  t.equal(matcher.match('PUT', ['profile']), 'method-not-allowed')
  t.equal(matcher.match('GET', ['profile', 'extra']), 'not-found')
})

t.test('page endpoints need one of their pages in the menu; shell and public ones do not', async (t) => {
  const post = matcher.match('POST', ['announcements'])
  if (typeof post === 'string') throw new Error('expected a match')
  t.equal(endpointAllowed(post.endpoint, (p) => p === '/control/announcement'), true)
  t.equal(endpointAllowed(post.endpoint, () => false), false)
  const profile = matcher.match('GET', ['profile'])
  if (typeof profile === 'string') throw new Error('expected a match')
  t.equal(endpointAllowed(profile.endpoint, () => false), true)
})
