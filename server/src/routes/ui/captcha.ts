import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { GameApiFailure, UiError, errors } from '../../errors.ts'

/** GET /ui/captcha: the game API's captcha image, streamed, with its x-token header (sent back as xToken on sign-in). */
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
    if (!res.ok) {
      const body = await res.json().catch(() => null) as ConstructorParameters<typeof GameApiFailure>[1] | null
      throw body ? new GameApiFailure(res.status, body) : errors.gameApiBadAnswer('/api/captcha')
    }
    const token = res.headers.get('x-token')
    if (!token || !res.body) throw errors.gameApiBadAnswer('/api/captcha')
    reply
      .header('content-type', res.headers.get('content-type') ?? 'image/svg+xml')
      .header('x-token', token)
      .header('access-control-expose-headers', 'x-token')
      .header('cache-control', 'no-store')
    const image = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>)
    // Fastify sends a stream as it comes; the 200 schema documents the image and is not used to serialize it.
    return reply.send(image as unknown as string)
  })
}
