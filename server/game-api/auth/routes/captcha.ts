import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CaptchaCheck, Failure } from '../../../../schemas/game-api.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { callOf } from '../../lib/caller.ts'
import { captchaNeeded } from '../api.ts'

/** GET /api/captcha?_=<timestamp>: an SVG captcha and its x-token header; GET /api/captcha/required: the sign-in page's pre-check. */
const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/captcha', {
    schema: {
      querystring: Type.Object({ _: Type.Optional(Type.String({ maxLength: 40 })) }),
      response: { 200: Type.String({ description: 'an SVG image' }), '4xx': Failure, '5xx': Failure }
    }
  }, async (_request, reply) => {
    const { xToken, svg } = await app.gaCaptchas.issue()
    return reply
      .header('x-token', xToken)
      .header('access-control-expose-headers', 'x-token')
      .header('cache-control', 'no-store')
      .type('image/svg+xml')
      .send(svg)
  })

  // Tells no more than a refused sign-in would (unknown user ids count alike), so the page can show the captcha before the first try.
  app.get('/api/captcha/required', {
    schema: {
      querystring: Type.Object({ username: Type.Optional(PlainText({ minLength: 1, maxLength: 50 })) }),
      response: envelope(CaptchaCheck)
    }
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return ok(await captchaNeeded(app.db, callOf(request), { username: request.query.username }))
  })
}

export default captchaRoutes
