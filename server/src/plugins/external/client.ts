import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** Where `npm run build:client` writes the React app. */
export const clientDist = fileURLToPath(new URL('../../../../dist/client', import.meta.url))

/** Serves the built client; any GET outside /ui and /api falls back to index.html so client routes deep-link. */
async function client (app: FastifyInstance) {
  if (!existsSync(clientDist)) {
    app.log.warn({ clientDist }, 'client is not built: run npm run build:client')
    return
  }
  await app.register(fastifyStatic, { root: clientDist, wildcard: false, index: false })
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(ui|api)(\/|$)/.test(request.url) || request.method !== 'GET'
    if (isApi) return reply.code(404).send({ success: false, message: `No route ${request.method} ${request.url.split('?')[0]}` })
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html')
  })
}

export default fp(client, { name: 'client' })
