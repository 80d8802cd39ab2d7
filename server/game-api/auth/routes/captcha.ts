import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Failure } from '../../../../schemas/game-api.ts'

/** GET /api/captcha?_=<timestamp>: an SVG captcha and its x-token header. */
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
}

export default captchaRoutes
