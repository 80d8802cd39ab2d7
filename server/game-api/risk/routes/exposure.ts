// Live exposure (GET exposure, exposure/stream): per number of the open draw what the level takes, keeps and passes on, its worst cases, and a stream of changes.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { ServerResponse } from 'node:http'
import type { Game } from '../../../../schemas/game/index.ts'
import { drawChanges, type DrawChange } from '../../lib/draw-changes.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { assertMayFollowExposure, exposureOfDraw } from '../api-exposure.ts'

const Money = Type.Union([Type.Number(), Type.Null()])
const Row = Type.Object({
  Key: Type.String({ description: 'Number and Form together: one row each' }),
  Number: Type.String({ description: 'the played number (4D forms expanded) or the TOTO entry' }),
  Form: Type.String({ description: '4D form or TOTO type' }),
  Bets: Type.Integer({ description: 'bets playing the number' }),
  Intake: Type.Number({ description: 'what reached the level (its downline\'s bets and its own)' }),
  Kept: Type.Number({ description: 'the part the level keeps' }),
  PassedOn: Type.Number({ description: 'the part it passes on to its upline' }),
  Thrown: Type.Number({ description: 'what the level threw out of the number by hand (4D); Kept and the pays are net of it' }),
  First: Type.Number({ description: 'what the kept part pays if the number takes 1st prize (4D)' }),
  Second: Type.Number(),
  Third: Type.Number(),
  Starter: Type.Number(),
  Consolation: Type.Number(),
  Liability: Type.Number({ description: 'the worst case: the most the kept part pays if the number wins' }),
  LimitBig: Money,
  LimitSmall: Money,
  LimitUnits: Money,
  OverLimit: Type.Boolean({ description: 'what reached the level on the number is above its limit (the rest went up)' }),
  Over: Type.String({ description: '"over" when OverLimit, else empty (what the page shows)' })
})
const Answer = Type.Object({
  DrawId: Type.Union([Type.Integer(), Type.Null()]),
  DrawDate: Type.Union([Type.String(), Type.Null()]),
  UserId: Type.String(),
  Count: Type.Integer({ description: 'every row; the MAX_ROWS of largest liability are answered' }),
  Totals: Type.Object({ Intake: Type.Number(), Kept: Type.Number(), PassedOn: Type.Number() }, { description: 'over every row, not only those answered' }),
  rows: Type.Array(Row)
})
const DrawIdField = Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the draw; when absent the first unsettled one (draw/unsettled), else the latest' }))
// A comment line this often keeps the stream open through proxies and the service's body timeout (10 s by default).
const HEARTBEAT_MS = 4000

/** The exposure of the caller (or a downline's UserId) in a draw, and the server-sent events that say when to read it again. */
const exposureRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/exposure', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, UserId: Type.Optional(Type.String({ maxLength: 50 })), LocId: LocIdField }), response: envelope(Answer) }
  }, async (request) => ok(await exposureOfDraw(app.db, callerOf(request), { game, drawId: request.query.DrawId, userId: request.query.UserId })))

  // Open streams, ended when the app closes (a hijacked answer would otherwise hold the server open).
  const open = new Set<ServerResponse>()
  app.addHook('preClose', async () => { for (const res of open) res.end() })

  app.get('/exposure/stream', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }) }
  }, async (request, reply) => {
    await assertMayFollowExposure(app.db, callerOf(request))
    const drawId = request.query.DrawId
    reply.hijack()
    const res = reply.raw
    // No caching, no transforming, no buffering on the way (x-accel-buffering: nginx and its kind).
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' })
    res.write('retry: 2000\n\nevent: ready\ndata: {}\n\n')
    open.add(res)
    const bus = drawChanges(app.db)
    // Only which draws moved: the page reads what it may see through the gated exposure call.
    const onChange = (change: DrawChange) => {
      if (change.game !== game || (drawId !== undefined && !change.drawIds.includes(drawId))) return
      res.write(`event: change\ndata: ${JSON.stringify({ Kind: change.kind, DrawIds: change.drawIds })}\n\n`)
    }
    bus.on('change', onChange)
    const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
    res.on('close', () => {
      clearInterval(beat)
      bus.off('change', onChange)
      open.delete(res)
    })
  })
}

export default exposureRoutes
