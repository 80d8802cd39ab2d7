import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { refuseUnsafeValues } from '../../../shared/unsafe-values.ts'
import { errors } from '../../errors.ts'

/** Refuses, before any audit record or upstream call, a request holding a value no field may hold (a NUL, a number that reads as Infinity, nesting past MAX_DEPTH): UI_VALUE_*. */
async function unsafeValues (app: FastifyInstance) {
  refuseUnsafeValues(app, errors)
}

export default fp(unsafeValues, { name: 'unsafe-values' })
