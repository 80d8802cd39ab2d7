// Backup ARA (Utilities, not TT; seed 001 §7 backup): GET countCreateARA, GET and POST backupARA, PUT resetUpdateCreateARA/{DrawId}. ADMIN only.
// A backup is taken in two steps: download the draw's bets as .ara (the file names the last ticket it holds), then mark them done.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { writeAra } from '../../../../schemas/domain/ara.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { backupCounts, backupRows, markBackedUp } from '../store/backup.ts'
import { BACKUP_FIELDS, backupFileName } from '../rules/ara-rows.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { existingDraw, isoDateOf } from '../../draws/api.ts'

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
  /** The draw's count (its tickets and what is left to back up), or 404 when the game has no such draw. */
  const countOf = async (drawId: number) => {
    const draw = await existingDraw(app.db, drawId, { game })
    const [count] = await backupCounts(app.db, game, drawId, 1)
    return count ?? { DrawId: drawId, DrawDate: isoDateOf(draw.draw_date), Series: draw.series, Tickets: 0, Bets: 0, NotBackedUp: 0, LastTicketId: null }
  }

  app.get('/countCreateARA', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ DrawId: Type.Optional(Id), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })), LocId: LocIdField }), response: envelope(Type.Array(Count)) }
  }, async (request) => {
    const { DrawId: drawId, limit } = request.query
    return ok(drawId === undefined ? await backupCounts(app.db, game, undefined, limit ?? 60) : [await countOf(drawId)])
  })

  // The lines as JSON rows, for a table whose .ara export writes the same file (client/src/renderers/lib/exports.ts).
  app.get('/backupARA', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object(BackupQuery), response: envelope(Type.Array(Type.Record(Type.String(), Type.String()))) }
  }, async (request) => {
    const { DrawId: drawId, UpToTicketId: upTo, OnlyNew: onlyNew } = request.query
    await countOf(drawId)
    return ok(await backupRows(app.db, drawId, upTo ?? null, onlyNew === true))
  })

  app.post('/backupARA', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object(BackupQuery) }
  }, async (request, reply) => {
    const { DrawId: drawId, UpToTicketId: upTo, OnlyNew: onlyNew } = request.body
    const count = await countOf(drawId)
    // Fixed before reading, so the file and a later resetUpdateCreateARA with the same UpToTicketId cover the same tickets.
    const last = upTo ?? count.LastTicketId
    const rows = last === null ? [] : await backupRows(app.db, drawId, last, onlyNew === true)
    await app.db.transaction((tx) => app.gaAudit(tx, request, { userId: caller(request).userId, action: 'backup.download', detail: { DrawId: drawId, UpToTicketId: last, Lines: rows.length } }))
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${backupFileName(count)}"`)
      .header('x-ara-up-to-ticket-id', String(last ?? ''))
      .send(writeAra(BACKUP_FIELDS, rows.map((r) => BACKUP_FIELDS.map((f) => r[f]))))
  })

  app.put('/resetUpdateCreateARA/:id', {
    onRequest: app.gaRequireAdmin,
    schema: {
      params: Type.Object({ id: Id }),
      body: Type.Optional(Type.Object({ UpToTicketId: BackupQuery.UpToTicketId, LocId: LocIdField })),
      response: envelope(Type.Object({ DrawId: Type.Integer(), Marked: Type.Integer(), NotBackedUp: Type.Integer() }))
    }
  }, async (request) => {
    const drawId = request.params.id
    await countOf(drawId)
    const marked = await app.db.transaction(async (tx) => {
      const n = await markBackedUp(tx, drawId, request.body?.UpToTicketId ?? null, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'backup.markDone', detail: { DrawId: drawId, UpToTicketId: request.body?.UpToTicketId ?? null, Marked: n } })
      return n
    })
    return ok({ DrawId: drawId, Marked: marked, NotBackedUp: (await countOf(drawId)).NotBackedUp })
  })
}

export default backupRoutes
