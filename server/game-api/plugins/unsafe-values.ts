// Values no field may hold, refused before validation (whose type coercion reads "1e309" as Infinity) and before the store.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAX_DEPTH, findUnsafeInRequest } from '../../shared/unsafe-values.ts'
import { errors } from '../lib/errors.ts'

/** A NUL character (PostgreSQL refuses it), a number or numeral that reads as Infinity, or nesting past MAX_DEPTH: 400 naming the field. */
async function unsafeValuesPlugin (app: FastifyInstance) {
  const refuse = async (request: FastifyRequest) => {
    const found = findUnsafeInRequest(request)
    if (!found) return
    if (found.kind === 'nul') throw errors.valueHasNul(found.path)
    if (found.kind === 'not-finite') throw errors.valueNotFinite(found.path)
    throw errors.valueTooDeep(found.path, MAX_DEPTH)
  }
  app.addHook('preValidation', refuse)
  // Again once validated: a number field's coercion reads the string "Infinity" as Infinity (a text field keeps it as text).
  app.addHook('preHandler', refuse)
}

export default fp(unsafeValuesPlugin, { name: 'game-api-unsafe-values' })
