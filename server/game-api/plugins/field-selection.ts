import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { decodeFieldSelection, FIELDS_APPLIED_HEADER, FIELDS_HEADER, selectFields } from '../../shared/field-selection.ts'

/** Answers only the fields a caller's FIELDS_HEADER keeps (the service's column sets), and says so, so the service need not cut them. */
async function fieldSelectionPlugin (app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const asked = request.headers[FIELDS_HEADER]
    if (typeof asked !== 'string' || reply.statusCode !== 200) return payload
    const selection = decodeFieldSelection(asked)
    if (!selection) return payload
    reply.header(FIELDS_APPLIED_HEADER, asked)
    // The route's response schema names every field, a cut answer fewer: it is written as it is.
    reply.serializer(JSON.stringify)
    return selectFields(payload, selection)
  })
}

export default fp(fieldSelectionPlugin, { name: 'game-api-field-selection' })
