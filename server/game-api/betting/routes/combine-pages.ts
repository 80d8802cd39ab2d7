import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { combinePagesOf } from '../api-tickets.ts'

/** Combining processed upload pages of one account into one page (POST bet/page/combine). */
const combinePageRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/bet/page/combine', {
    schema: {
      body: Type.Object({ FileIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 2, maxItems: 100, description: 'the pages to combine; the first (lowest id) keeps them' }), LocId: LocIdField }),
      response: envelope(Type.Object({ FileId: Type.Integer(), Combined: Type.Array(Type.Integer()), Tickets: Type.Integer({ description: 'tickets moved onto FileId' }) }))
    }
  }, async (request) => {
    const combined = await combinePagesOf(app.db, callerOf(request), { game, fileIds: request.body.FileIds })
    return ok({ FileId: combined.fileId, Combined: combined.folded, Tickets: combined.moved })
  })
}

export default combinePageRoutes
