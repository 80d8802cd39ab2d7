import fp from 'fastify-plugin'
import fastifyFormbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'

/** Parses application/x-www-form-urlencoded bodies (the game API's own form calls); CSRF still guards every non-GET. */
async function formbody (app: FastifyInstance) {
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 })
}

export default fp(formbody, { name: 'formbody' })
