import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'

/** GET checkMemberAccess/:id (seed 001 common calls): success when the caller may look at that member, the access gate's check. */
const memberAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/checkMemberAccess/:id', {
    schema: {
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 50, description: 'the member UserId to check' }) }),
      querystring: Type.Object({ LocId: LocIdField }),
      response: envelope(Type.Boolean())
    }
  }, async (request) => {
    // The caller themselves, a downline of theirs, or any existing user for ADMIN; 403 (404 for ADMIN asking for nobody) otherwise.
    await assertSelfOrDownline(app.db, caller(request), request.params.id)
    return ok(true)
  })
}

export default memberAccessRoutes
