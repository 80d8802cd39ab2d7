// A write sent without a body (a table row's Close betting button, a bare POST) reads as one with an empty object.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

/** Fastify checks an absent body against the route's object schema and refuses it ("body must be an object"), even when every field is optional. */
async function absentBodyPlugin (app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {}
  })
}

export default fp(absentBodyPlugin, { name: 'game-api-absent-body' })
