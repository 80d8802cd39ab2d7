import type { FastifyRequest } from 'fastify'
import { namesSecret } from '../../shared/logger.ts'
import { errors } from '../errors.ts'

/** onRequest of the routes that take credentials: a password, token or captcha answer in the query string is refused before anything reads it. */
export async function refuseSecretsInQuery (request: FastifyRequest): Promise<void> {
  const at = request.url.indexOf('?')
  if (at === -1) return
  for (const name of new URLSearchParams(request.url.slice(at + 1)).keys()) {
    if (namesSecret(name)) throw errors.credentialsInQuery(name.trim())
  }
}
