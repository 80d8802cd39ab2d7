// Send Result and Send Strike (SMS › Send Result, Send Strike): a finalised draw's result to its subscribers and each winner's strikes,
// previewed (who gets what), sent as a durable job, followed to the last message. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { broadcastStatus, recipients, resultText, sendableDraw, type BroadcastKind } from '../jobs/broadcast.ts'
import { queueSmsBroadcast } from '../api.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'a finalised draw of the prefix\'s game' })
const Recipient = Type.Object({
  UserId: Type.String(),
  UserName: Type.String(),
  Phone: Type.String(),
  Text: Type.String(),
  Status: Type.String({ description: 'pending (not written yet), noPhone, queued, sent or failed' }),
  LastError: Type.String(),
  OutboundId: Type.Union([Type.Integer(), Type.Null()])
})
const Preview = Type.Object({
  DrawId: Type.Integer(),
  Text: Type.String({ description: 'the result text (Send Result) or empty (each winner\'s own text is on their row)' }),
  rows: Type.Array(Recipient),
  totals: Type.Object({ Subscribers: Type.Integer(), Pending: Type.Integer(), Queued: Type.Integer(), Sent: Type.Integer(), Failed: Type.Integer(), NoPhone: Type.Integer() })
})
const Status = Type.Object({
  JobId: Type.Union([Type.Integer(), Type.Null()]),
  DrawId: Type.Integer(),
  Status: Type.String({ description: 'idle, queued or running (writing the messages), sending, held (the gateway is off), done or failed' }),
  Progress: Type.Integer(),
  ...JobMessageSchema,
  Subscribers: Type.Integer(),
  Sent: Type.Integer(),
  Queued: Type.Integer(),
  Failed: Type.Integer(),
  NoPhone: Type.Integer(),
  Failures: Type.Array(Type.Object({ UserId: Type.String(), Phone: Type.String(), Message: Type.String() }))
})

/** The preview, send and status calls of both kinds. */
const smsBroadcastRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  for (const [path, kind] of [['sendSmsResult', 'result'], ['sendSmsStrike', 'strike']] as const satisfies ReadonlyArray<readonly [string, BroadcastKind]>) {
    app.get(`/${path}`, {
      schema: { querystring: Type.Object({ LocId: LocIdField, DrawId: DrawIdField }), response: envelope(Preview) }
    }, async (request) => {
      const draw = await sendableDraw(app.db, game, request.query.DrawId)
      const list = await recipients(app.db, draw, kind)
      const count = (status: string) => list.filter((r) => r.status === status).length
      return ok({
        DrawId: Number(draw.draw_id),
        Text: kind === 'result' ? resultText(draw) : '',
        rows: list.map((r) => ({ UserId: r.userId, UserName: r.userName, Phone: r.phone ?? '', Text: r.text, Status: r.status, LastError: r.lastError, OutboundId: r.outboundId })),
        totals: { Subscribers: list.length, Pending: count('pending'), Queued: count('queued'), Sent: count('sent'), Failed: count('failed'), NoPhone: count('noPhone') }
      })
    })

    app.post(`/${path}`, {
      schema: { body: Type.Object({ LocId: LocIdField, DrawId: DrawIdField }), response: envelope(Status) }
    }, async (request) => {
      const { drawId, jobId } = await queueSmsBroadcast(app.db, callerOf(request), { game, kind, drawId: request.body.DrawId })
      app.jobs.wake()
      return ok(await broadcastStatus(app.db, game, kind, drawId, jobId))
    })

    app.get(`/${path}/:id/status`, {
      schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
    }, async (request) => ok(await broadcastStatus(app.db, game, kind, 0, request.params.id)))
  }
}

export default smsBroadcastRoutes
