import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** The game API's clock: every expiry (captcha, token, failure window, maintenance) is measured against it. */
    gaNow(): Date
  }
}

async function clockPlugin (app: FastifyInstance, options: { now?: (() => Date) | undefined }) {
  const now = options.now ?? (() => new Date())
  app.decorate('gaNow', () => now())
}

export default fp(clockPlugin, { name: 'game-api-clock' })
