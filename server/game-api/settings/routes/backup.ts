// Backup ARA (Utilities, not TT; seed 001 §7 backup): GET countCreateARA, GET and POST backupARA, PUT resetUpdateCreateARA/{DrawId}. ADMIN only.
// A backup is taken in two steps: download the draw's bets as .ara (the file names the last ticket it holds), then mark them done.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { backupCountsOf, backupFile, backupLines, markBackupDone } from '../api.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Count = Type.Object({ DrawId: Type.Integer(), DrawDate: Type.String(), Series: Type.String(), Tickets: Type.Integer(), Bets: Type.Integer(), NotBackedUp: Type.Integer(), LastTicketId: Type.Union([Type.Integer(), Type.Null()]) })
const BackupQuery = {
  DrawId: Id,
  UpToTicketId: Type.Optional(Type.Integer({ minimum: 1, description: 'the last ticket the backup holds (countCreateARA LastTicketId); absent: every ticket now' })),
  OnlyNew: Type.Optional(Type.Boolean({ description: 'only tickets not yet marked backed up' })),
  LocId: LocIdField
}

/** The backup calls of the prefix's game. */
const backupRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/countCreateARA', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ DrawId: Type.Optional(Id), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })), LocId: LocIdField }), response: envelope(Type.Array(Count)) }
  }, async (request) => ok(await backupCountsOf(app.db, callerOf(request), { game, drawId: request.query.DrawId, limit: request.query.limit })))

  // The lines as JSON rows, for a table whose .ara export writes the same file (client/src/renderers/lib/exports.ts).
  app.get('/backupARA', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object(BackupQuery), response: envelope(Type.Array(Type.Record(Type.String(), Type.String()))) }
  }, async (request) => ok(await backupLines(app.db, callerOf(request), { game, drawId: request.query.DrawId, upTo: request.query.UpToTicketId, onlyNew: request.query.OnlyNew })))

  app.post('/backupARA', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object(BackupQuery) }
  }, async (request, reply) => {
    const file = await backupFile(app.db, callerOf(request), { game, drawId: request.body.DrawId, upTo: request.body.UpToTicketId, onlyNew: request.body.OnlyNew })
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-ara-up-to-ticket-id', String(file.upTo ?? ''))
      .send(file.text)
  })

  app.put('/resetUpdateCreateARA/:id', {
    onRequest: app.gaRequireAdmin,
    schema: {
      params: Type.Object({ id: Id }),
      body: Type.Optional(Type.Object({ UpToTicketId: BackupQuery.UpToTicketId, LocId: LocIdField })),
      response: envelope(Type.Object({ DrawId: Type.Integer(), Marked: Type.Integer(), NotBackedUp: Type.Integer() }))
    }
  }, async (request) => ok(await markBackupDone(app.db, callerOf(request), { game, drawId: request.params.id, upTo: request.body?.UpToTicketId })))
}

export default backupRoutes
