import { existsSync } from 'node:fs'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { fromRoot } from '../../../shared/paths.ts'
import { serviceNotFound } from '../../errors.ts'

/** Where `npm run build:client` writes the React app. */
export const clientDist = fromRoot('dist/client')

/** A file the build names by its content hash (assets/RjsfForm-C1-OmPt4.js): it never changes, so browsers keep it without asking again. */
export const isHashedAsset = (path: string) => /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css|woff2?|svg|png)$/.test(path)

/** Serves the built client; any GET outside /ui and /api falls back to index.html so client routes deep-link; every other unknown route is a coded 404. */
async function client (app: FastifyInstance) {
  const built = existsSync(clientDist)
  if (built) await app.register(fastifyStatic, { root: clientDist, wildcard: false, index: false })
  // A page reload (a location change) then takes the form library and the other chunks from the browser's cache at once.
  // Set as the answer leaves: @fastify/static writes its own cache-control after its setHeaders hook.
  app.addHook('onSend', async (request, reply) => {
    if (built && reply.statusCode === 200 && isHashedAsset(request.url.split('?')[0] ?? '')) reply.header('cache-control', 'public, max-age=31536000, immutable')
  })
  if (!built) app.log.warn({ clientDist }, 'client is not built: run npm run build:client')
  app.setNotFoundHandler((request, reply) => {
    const isClientRoute = built && request.method === 'GET' && !/^\/(ui|api)(\/|\?|$)/.test(request.url)
    if (!isClientRoute) return serviceNotFound(request, reply)
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html')
  })
}

export default fp(client, { name: 'client' })
