import t from 'tap'
import { compileAllowlist, endpointAllowed } from '../../../server/src/proxy/allowlist.ts'
import type { RuleContext } from '../../../server/src/config/rules.ts'
import { compileRule } from '../../../server/src/config/rules.ts'

const ctx = (Role: string) => ({ profile: { Role }, location: { LocId: 'L1', flags: [] }, mobile: false, settings: {} }) as unknown as RuleContext

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
  t.equal(endpointAllowed(post.endpoint, (p) => p === '/control/announcement', ctx('AG')), true)
  t.equal(endpointAllowed(post.endpoint, () => false, ctx('AG')), false)
  const profile = matcher.match('GET', ['profile'])
  if (typeof profile === 'string') throw new Error('expected a match')
  t.equal(endpointAllowed(profile.endpoint, () => false, ctx('AG')), true)
})

t.test('a derived endpoint needs a page in the menu and every rule on the way to the action', async (t) => {
  const admin = compileRule({ role: 'ADMIN' })
  const reaches = [{ file: 'pages/x.json', pointer: '/actions/0/endpoint', paths: ['/control/announcement'], shell: false, rules: [admin], written: [{ pointer: '/actions/0/rule', rule: { role: 'ADMIN' as const } }] }]
  const derived = compileAllowlist([{ path: 'announcements/:id', methods: ['DELETE'], game: true, reaches }])
  const hit = derived.match('DELETE', ['announcements', '7'])
  if (typeof hit === 'string') throw new Error('expected a match')
  const holds = (p: string) => p === '/control/announcement'
  t.equal(endpointAllowed(hit.endpoint, holds, ctx('ADMIN')), true)
  t.equal(endpointAllowed(hit.endpoint, holds, ctx('AG')), false, 'the rule on the action fails')
  t.equal(endpointAllowed(hit.endpoint, () => false, ctx('ADMIN')), false, 'the page is not in the menu')
})

t.test('a lookup walks the path, literal segments before parameters', async (t) => {
  const many = compileAllowlist([
    ...Array.from({ length: 400 }, (_, i) => ({ path: `gen${i}/:id`, methods: ['GET' as const], game: true, shell: true })),
    { path: 'gen7/special', methods: ['POST'], game: true, shell: true }
  ])
  t.equal(many.size, 401)
  t.match(many.match('GET', ['gen7', 'special']), { endpoint: { path: 'gen7/:id' }, params: { id: 'special' } })
  t.match(many.match('POST', ['gen7', 'special']), { endpoint: { path: 'gen7/special' } })
  t.equal(many.match('PUT', ['gen7', 'x']), 'method-not-allowed')
})
