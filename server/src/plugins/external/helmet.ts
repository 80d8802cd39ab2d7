import fp from 'fastify-plugin'
import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'

/** Where the embed layout is served: the only pages FRAME_ANCESTORS may frame. */
const EMBED_PATH = /^\/embed(\/|\?|$)/
const HSTS = 'max-age=31536000; includeSubDomains'

/** The CSP directives: everything from this origin only, no inline script or style, no plugins, framed by nobody. */
const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // Announcements may carry data: pictures, the captcha is an object URL (blob:) of the SVG fetched from /ui/captcha.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null
}

/** A CSP with its frame-ancestors replaced by 'none': for pages that bring their own policy (Swagger UI's allows 'self'). */
export function unframable (csp: string): string {
  const cut = csp.replace(/;?\s*frame-ancestors[^;]*/gi, '').replace(/;\s*$/, '')
  return `${cut}; frame-ancestors 'none'`
}

/** Security headers from helmet: CSP, nosniff, Referrer-Policy, X-Frame-Options; HSTS only over TLS; FRAME_ANCESTORS may frame /embed. */
async function helmetHeaders (app: FastifyInstance) {
  // Built once: @fastify/helmet rebuilt helmet's middleware (parsing every CSP directive) on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Sent only when the request came over TLS (below): over plain HTTP the header would be ignored or wrong.
    strictTransportSecurity: false
  })
  app.addHook('onRequest', (request, reply, done) => { setHeaders(request.raw, reply.raw, (error) => { done(error as Error | undefined) }) })
  const ancestors = app.settings.FRAME_ANCESTORS
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    if (ancestors && request.method === 'GET' && EMBED_PATH.test(request.url)) {
      reply.header('content-security-policy', String(reply.getHeader('content-security-policy')).replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`))
      // frame-ancestors supersedes X-Frame-Options, which cannot name hosts.
      reply.removeHeader('x-frame-options')
    }
    return payload
  })
}

export default fp(helmetHeaders, { name: 'helmet' })
