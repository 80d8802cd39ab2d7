import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { UiError, errors, type GameApiFailureBody } from '../../errors.ts'
import { CaptchaCheck } from '../../../../schemas/game-api.ts'
import { CaptchaCheckQuery } from '../../../../schemas/session.ts'

/** GET /ui/captcha: the game API's captcha image, streamed, with its x-token header (sent back as xToken on sign-in); GET /ui/captcha/required: the pre-check. */
export default async function captchaRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/captcha', {
    schema: {
      summary: 'A captcha image (SVG) from the game API; the x-token response header identifies it',
      tags: ['session'],
      response: { 200: Type.String({ description: 'the SVG image; header x-token' }), '4xx': UiError, '5xx': UiError }
    }
  }, async (request, reply) => {
    const res = await app.gameApi.fetch({ method: 'GET', path: '/api/captcha', query: { _: Date.now() }, headers: { accept: 'image/svg+xml' }, request })
    if (res.statusCode >= 300) {
      const body = await res.body.json().catch(() => null) as GameApiFailureBody | null
      throw body ? app.gameApi.failure(request, undefined, res.statusCode, body) : errors.gameApiBadAnswer('/api/captcha')
    }
    const token = res.headers['x-token']
    if (typeof token !== 'string' || token === '') {
      res.body.resume()
      throw errors.gameApiBadAnswer('/api/captcha')
    }
    const type = res.headers['content-type']
    reply
      .header('content-type', typeof type === 'string' ? type : 'image/svg+xml')
      .header('x-token', token)
      .header('access-control-expose-headers', 'x-token')
      .header('cache-control', 'no-store')
    // Fastify sends a stream as it comes; the 200 schema documents the image and is not used to serialize it.
    return reply.send(res.body as unknown as string)
  })

  // The sign-in page asks before the first try, so a needed captcha is shown instead of refusing a right password.
  app.get('/ui/captcha/required', {
    schema: {
      summary: 'Whether a sign-in from this address (and with this user id, when given) must carry a captcha',
      tags: ['session'],
      querystring: CaptchaCheckQuery,
      response: { 200: CaptchaCheck, '4xx': UiError, '5xx': UiError }
    }
  }, async (request, reply) => {
    const { UserId } = request.query
    const answer = await app.gameApi.call<CaptchaCheck>({ method: 'GET', path: '/api/captcha/required', query: { username: UserId }, request })
    reply.header('cache-control', 'no-store')
    return answer
  })
}
