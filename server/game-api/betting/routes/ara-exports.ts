// The .ara downloads (seed 001 §7 bet/page/exportAra, bet/exportDetailsAra, bet/exportIntakeAra; server/docs/ara-format.md), written by the one .ara writer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Game } from '../rules/index.ts'
import { LocIdField } from '../../lib/envelope.ts'
import { DEFAULT_ARA_NAME, writeAra } from '../../../../schemas/domain/ara.ts'
import { caller } from '../../plugins/auth.ts'
import { bettingErrors } from '../errors.ts'
import { assertSelfOrDownline, groupOf, subjectOf, withinReach } from '../../lib/downline-access.ts'
import { existingDraw } from '../../draws/api.ts'
import { BACKUP_FIELDS, backupRows } from '../../settings/api.ts'
import { DETAIL_FIELDS, INTAKE_FIELDS, detailLines, intakeLines } from '../store/ara-exports.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const UserIdField = Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose group (a downline of the caller); absent: the caller\'s (a staff admin: its company\'s)' }))
const DrawBody = Type.Object({ DrawId: Id, UserId: UserIdField, LocId: LocIdField })

/** Every download is answered as a file named exported.ara (seed 001 §9) and audited like the draw backup's. */
const araExportRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const send = async <F extends readonly string[]>(request: FastifyRequest, reply: FastifyReply, action: string, detail: object, fields: F, rows: Array<Record<F[number], string>>) => {
    await app.db.transaction((tx) => app.gaAudit(tx, request, { userId: caller(request).userId, action, detail: { ...detail, Lines: rows.length } }))
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${DEFAULT_ARA_NAME}"`)
      .send(writeAra(fields, rows.map((r) => fields.map((f: F[number]) => r[f]))))
  }

  // The tickets of one upload page (FileId), or of the group's bets on a draw (DrawId): the draw backup's lines, narrowed.
  app.post('/bet/page/exportAra', {
    schema: {
      body: Type.Object({
        FileId: Type.Optional({ ...Id, description: 'an upload page (files): its tickets' }),
        DrawId: Type.Optional({ ...Id, description: 'a draw: the group\'s tickets on it (with FileId: that page\'s bets on this draw)' }),
        UserId: UserIdField,
        LocId: LocIdField
      }, { description: 'given FileId (an upload page) or DrawId (a draw)', anyOf: [{ required: ['FileId'] }, { required: ['DrawId'] }] })
    }
  }, async (request, reply) => {
    const user = caller(request)
    const { FileId: fileId, DrawId: drawId, UserId: named } = request.body
    if (drawId !== undefined) await existingDraw(app.db, drawId, { game })
    let userIds: string[] | undefined
    if (fileId !== undefined) {
      const { rows: [file] } = await app.db.query<{ user_id: string }>('SELECT user_id FROM files WHERE file_id = $1 AND game = $2', [fileId, game])
      if (!file) throw bettingErrors.fileNotFound(fileId)
      await assertSelfOrDownline(app.db, user, file.user_id, 'file')
    }
    if (fileId === undefined || named !== undefined) userIds = (await groupOf(app.db, await subjectOf(app.db, user, named))).map((m) => m.UserId)
    const rows = await backupRows(app.db, drawId ?? null, null, false, { ...(fileId === undefined ? {} : { fileId }), ...(userIds === undefined ? {} : { userIds }) })
    // An upload may place for users its text names: the page's lines show only those within the caller's reach.
    const seen = await withinReach(app.db, user, [...new Set(rows.map((r) => r.UserId))])
    return send(request, reply, 'bet.exportAra', { FileId: fileId ?? null, DrawId: drawId ?? null }, BACKUP_FIELDS, rows.filter((r) => seen.has(r.UserId)))
  })

  app.post('/bet/exportDetailsAra', { schema: { body: DrawBody } }, async (request, reply) => {
    const { DrawId: drawId, UserId: named } = request.body
    await existingDraw(app.db, drawId, { game })
    const members = (await groupOf(app.db, await subjectOf(app.db, caller(request), named))).map((m) => m.UserId)
    return send(request, reply, 'bet.exportDetailsAra', { DrawId: drawId }, DETAIL_FIELDS, await detailLines(app.db, drawId, members))
  })

  app.post('/bet/exportIntakeAra', { schema: { body: DrawBody } }, async (request, reply) => {
    const { DrawId: drawId, UserId: named } = request.body
    await existingDraw(app.db, drawId, { game })
    const level = await subjectOf(app.db, caller(request), named)
    return send(request, reply, 'bet.exportIntakeAra', { DrawId: drawId, UserId: level }, INTAKE_FIELDS, await intakeLines(app.db, drawId, level))
  })
}

export default araExportRoutes
