import fp from 'fastify-plugin'
import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'

/** Cookie parsing and setting; the session cookie itself is written by @fastify/secure-session on top of it. */
async function cookie (app: FastifyInstance) {
  await app.register(fastifyCookie, {})
}

export default fp(cookie, { name: 'cookie' })
