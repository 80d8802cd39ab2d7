// Values no field may hold, refused before validation (whose type coercion reads "1e309" as Infinity) and before the store.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { refuseUnsafeValues } from '../../shared/unsafe-values.ts'
import { errors } from '../lib/errors.ts'

/** A NUL character (PostgreSQL refuses it), a number or numeral that reads as Infinity, or nesting past MAX_DEPTH: 400 naming the field (GA_VALUE_*). */
async function unsafeValuesPlugin (app: FastifyInstance) {
  refuseUnsafeValues(app, errors)
}

export default fp(unsafeValuesPlugin, { name: 'game-api-unsafe-values' })
