// The .ara downloads (seed 001 §7 bet/page/exportAra, bet/exportDetailsAra, bet/exportIntakeAra; server/docs/ara-format.md), written by the one .ara writer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import type { Game } from '../rules/index.ts'
import { LocIdField } from '../../lib/envelope.ts'
import { DEFAULT_ARA_NAME } from '../../../../schemas/domain/ara.ts'
import { callerOf } from '../../plugins/auth.ts'
import { detailsAra, intakeAra, pageAra } from '../api.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const UserIdField = Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'whose group (a downline of the caller); absent: the caller\'s (a staff admin: its company\'s)' }))
const DrawBody = Type.Object({ DrawId: Id, UserId: UserIdField, LocId: LocIdField })

/** Answers the .ara text as a download. */
const sendAra = (reply: FastifyReply, text: string) => reply
  .header('content-type', 'text/plain; charset=utf-8')
  .header('content-disposition', `attachment; filename="${DEFAULT_ARA_NAME}"`)
  .send(text)

/** Every download is answered as a file named exported.ara (seed 001 §9) and audited like the draw backup's. */
const araExportRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
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
  }, async (request, reply) => sendAra(reply, await pageAra(app.db, callerOf(request), { game, fileId: request.body.FileId, drawId: request.body.DrawId, userId: request.body.UserId })))

  app.post('/bet/exportDetailsAra', { schema: { body: DrawBody } }, async (request, reply) => sendAra(reply, await detailsAra(app.db, callerOf(request), { game, drawId: request.body.DrawId, userId: request.body.UserId })))

  app.post('/bet/exportIntakeAra', { schema: { body: DrawBody } }, async (request, reply) => sendAra(reply, await intakeAra(app.db, callerOf(request), { game, drawId: request.body.DrawId, userId: request.body.UserId })))
}

export default araExportRoutes
