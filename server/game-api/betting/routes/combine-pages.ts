import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../rules/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline, withinReach } from '../../lib/downline-access.ts'
import { combinePages, lockPages, pageBettors } from '../store/combine-pages.ts'
import { UPLOAD_JOB } from '../jobs/upload.ts'

/** Combining processed upload pages of one account into one page (POST bet/page/combine). */
const combinePageRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.post('/bet/page/combine', {
    schema: {
      body: Type.Object({ FileIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 2, maxItems: 100, description: 'the pages to combine; the first (lowest id) keeps them' }), LocId: LocIdField }),
      response: envelope(Type.Object({ FileId: Type.Integer(), Combined: Type.Array(Type.Integer()), Tickets: Type.Integer({ description: 'tickets moved onto FileId' }) }))
    }
  }, async (request) => {
    const user = caller(request)
    const combined = await app.db.transaction(async (tx) => {
      const pages = await lockPages(tx, game, request.body.FileIds)
      await assertSelfOrDownline(tx, user, pages[0]?.user_id ?? '', 'file')
      // An upload may place for users its text names: each of them must be within the caller's reach too.
      const ids = pages.map((p) => Number(p.file_id))
      const bettors = await pageBettors(tx, ids)
      const seen = await withinReach(tx, user, bettors)
      if (bettors.some((b) => !seen.has(b))) throw errors.recordOutsideDownline('ticket')
      const done = await combinePages(tx, pages, UPLOAD_JOB)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'file.combine', detail: { FileId: done.fileId, Combined: done.folded, Tickets: done.moved } })
      return done
    })
    return ok({ FileId: combined.fileId, Combined: combined.folded, Tickets: combined.moved })
  })
}

export default combinePageRoutes
