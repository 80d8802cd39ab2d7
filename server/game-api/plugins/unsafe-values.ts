// Values no field may hold, refused before validation (whose type coercion reads "1e309" as Infinity) and before the store.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BEFORE_VALIDATION, MAX_DEPTH, findUnsafeInRequest, type UnsafeKind } from '../../shared/unsafe-values.ts'
import { errors } from '../lib/errors.ts'

/** A NUL character (PostgreSQL refuses it), a number or numeral that reads as Infinity, or nesting past MAX_DEPTH: 400 naming the field. */
async function unsafeValuesPlugin (app: FastifyInstance) {
  const refuse = (kinds?: ReadonlySet<UnsafeKind>) => async (request: FastifyRequest) => {
    const found = findUnsafeInRequest(request, kinds)
    if (!found) return
    if (found.kind === 'nul') throw errors.valueHasNul(found.path)
    if (found.kind === 'not-finite') throw errors.valueNotFinite(found.path)
    throw errors.valueTooDeep(found.path, MAX_DEPTH)
  }
  // Nesting before validation walks the body; the rest once validated, so a field's schema words its own refusal first, and a
  // number field's coercion has read the string "Infinity" as Infinity. Both run before any route's own preHandler (audit, proxy).
  app.addHook('preValidation', refuse(BEFORE_VALIDATION))
  app.addHook('preHandler', refuse())
}

export default fp(unsafeValuesPlugin, { name: 'game-api-unsafe-values' })
