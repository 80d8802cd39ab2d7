import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAX_DEPTH, findUnsafeInRequest } from '../../../shared/unsafe-values.ts'
import { errors } from '../../errors.ts'

/** Refuses, before validation, audit or any upstream call, a request holding a value no field may hold (a NUL, a number that reads as Infinity, nesting past MAX_DEPTH). */
async function unsafeValues (app: FastifyInstance) {
  const refuse = async (request: FastifyRequest) => {
    const found = findUnsafeInRequest(request)
    if (!found) return
    if (found.kind === 'nul') throw errors.valueHasNul(found.path)
    if (found.kind === 'not-finite') throw errors.valueNotFinite(found.path)
    throw errors.valueTooDeep(found.path, MAX_DEPTH)
  }
  app.addHook('preValidation', refuse)
  // Again once validated: a number field's coercion reads the string "Infinity" as Infinity.
  app.addHook('preHandler', refuse)
}

export default fp(unsafeValues, { name: 'unsafe-values' })
