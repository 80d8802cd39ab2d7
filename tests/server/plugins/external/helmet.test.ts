import t from 'tap'
import type { Test } from 'tap'
import { loadSettings } from '../../../../server/shared/env.ts'
import { buildService } from '../../../helpers/build.ts'

/** The service alone (nothing here calls the game API), with extra settings. */
async function service (t: Test, env: NodeJS.ProcessEnv = {}) {
  return (await buildService(t, { gameApiUrl: 'http://127.0.0.1:9', listen: false, env })).service
}

const directives = (csp: unknown) => new Map(String(csp).split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]))

t.test('security headers on every answer: CSP without inline script, not framable, nosniff, Referrer-Policy; HSTS only over TLS', async (t) => {
  const app = await service(t)
  for (const url of ['/healthz', '/ui/session', '/login', '/embed/home']) {
    const res = await app.inject(url)
    const csp = directives(res.headers['content-security-policy'])
    t.same(csp.get('script-src'), ["'self'"], `${url}: scripts from this origin only`)
    t.same(csp.get('style-src'), ["'self'"], `${url}: no inline styles either`)
    t.same(csp.get('img-src'), ["'self'", 'data:', 'blob:'], `${url}: no remote pictures`)
    t.same(csp.get('object-src'), ["'none'"])
    t.same(csp.get('frame-ancestors'), ["'none'"], `${url}: framed by nobody`)
    t.equal(res.headers['x-frame-options'], 'DENY')
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(res.headers['referrer-policy'], 'same-origin')
    t.equal(res.headers['strict-transport-security'], undefined, `${url}: no HSTS over plain HTTP`)
  }
  const tls = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })
  t.match(tls.headers['strict-transport-security'], /^max-age=\d+; includeSubDomains$/, 'HSTS behind a TLS-terminating proxy')
})

t.test('FRAME_ANCESTORS lets those hosts frame the embed layout, and only it', async (t) => {
  const app = await service(t, { FRAME_ANCESTORS: 'https://portal.example.com https://intranet.example.com' })
  const embed = await app.inject('/embed/report/full')
  t.same(directives(embed.headers['content-security-policy']).get('frame-ancestors'), ['https://portal.example.com', 'https://intranet.example.com'])
  t.equal(embed.headers['x-frame-options'], undefined, 'X-Frame-Options cannot name hosts: left out where frame-ancestors allows some')
  for (const url of ['/report/full', '/login', '/ui/session', '/embedded']) {
    const res = await app.inject(url)
    t.same(directives(res.headers['content-security-policy']).get('frame-ancestors'), ["'none'"], `${url} is still not framable`)
    t.equal(res.headers['x-frame-options'], 'DENY')
  }
  t.throws(() => loadSettings({ FRAME_ANCESTORS: "'self'; script-src *" }), /FRAME_ANCESTORS=.*must be space-separated http\(s\) origins/)
})

t.test('/docs is framed by nobody either: Swagger UI\'s own policy (frame-ancestors \'self\') is not kept', async (t) => {
  const OPS_TOKEN = 'ops-token-for-the-tests-0123456789'
  const app = await service(t, { OPS_TOKEN, FRAME_ANCESTORS: 'https://portal.example.com' })
  for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/json']) {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${OPS_TOKEN}` } })
    t.ok(res.statusCode < 400, `${url} answers (${res.statusCode})`)
    const csp = String(res.headers['content-security-policy'])
    t.same(directives(csp).get('frame-ancestors'), ["'none'"], `${url}: framed by nobody`)
    t.equal(csp.match(/frame-ancestors/g)?.length, 1, `${url}: one frame-ancestors directive`)
    t.equal(res.headers['x-frame-options'], 'DENY')
  }
})
