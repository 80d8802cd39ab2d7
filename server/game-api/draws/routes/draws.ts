import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { drawOn, type Game } from '../../../../schemas/game/index.ts'
import { dayOfDate } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { DrawResultSchema, DrawSchema } from '../../betting/schemas.ts'
import { readCloseTimes, seriesAnswer, writeCloseTime } from '../store/close-times.ts'
import { ensureUpcomingDraws } from '../store/draws.ts'
import { toDrawAnswer } from '../rules/draw-answer.ts'
import type { DrawRow } from '../types.ts'
import { SERIES_OF } from '../rules/series.ts'
import { drawsTakingBets, insertDraw, latestDraws, unsettledDraws, type DrawFilter } from '../store/draw-lists.ts'
import { drawTimes } from '../rules/draw-times.ts'
import { queueFixedForNewDraws } from '../../betting/api.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { finaliseDraw, refreshSettlementStatistics } from '../store/finalise.ts'
import { editDraw, type DrawEdit } from '../store/edit-draw.ts'
import { existingDraw } from '../store/draw-by-id.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647 })
const SeriesField = Type.Union([Type.Literal('SG4D'), Type.Literal('MG4D'), Type.Literal('TOTO')])
const TimeField = Type.String({ maxLength: 5, description: 'HH:mm, GMT+8' })
const DateField = Type.String({ maxLength: 10, description: 'a date written YYYY-MM-DD' })
const SeriesSetting = Type.Object({ Series: SeriesField, CloseTime: Type.String(), DefaultCloseTime: Type.String(), DrawTime: Type.String() })
const FinaliseAnswer = Type.Object({ DrawId: Type.Integer(), IsFinalised: Type.Boolean(), Bets: Type.Integer(), Winners: Type.Integer(), Strikes: Type.Integer(), Payout: Type.Number() })

/** Draws of the prefix's game: lists by series with status, the close time per series, and (ADMIN) creating, editing, closing and reopening draws. */
const drawRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const list = async (filter: DrawFilter, limit = 200) => {
    const rows = await latestDraws(app.db, game, filter, limit)
    const now = app.gaNow()
    return rows.map((r) => toDrawAnswer(r, now))
  }
  const ListQuery = Type.Object({ LocId: LocIdField })
  const seriesOf = (series: string | undefined) => {
    const chosen = (series ?? SERIES_OF[game][0]) as DrawRow['series']
    if (!SERIES_OF[game].includes(chosen)) throw bettingErrors.badSeries(SERIES_OF[game].join(', '), game)
    return chosen
  }

  app.get('/draw/dateAll', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => {
    await ensureUpcomingDraws(app.db, game, app.gaNow())
    return ok(await list({}))
  })

  app.get('/draw/activeLatest', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => {
    const now = app.gaNow()
    await ensureUpcomingDraws(app.db, game, now)
    return ok((await drawsTakingBets(app.db, game, now)).map((r) => toDrawAnswer(r, now)))
  })

  // Live Exposure's draws: a closed draw stays until it is finalised, since its exposure matters most before the result.
  app.get('/draw/unsettled', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => {
    const now = app.gaNow()
    await ensureUpcomingDraws(app.db, game, now)
    return ok((await unsettledDraws(app.db, game, now)).map((r) => toDrawAnswer(r, now)))
  })

  app.get('/draw/resultDate', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async () => ok(await list({ withResult: true })))

  app.get('/draw2', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, Series: Type.Optional(Type.Union([SeriesField, Type.Literal('')])), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })) }),
      response: envelope(Type.Array(DrawSchema))
    }
  }, async (request) => {
    const { Series: series, limit } = request.query
    return ok(await list(series ? { series } : {}, limit ?? 200))
  })

  app.get('/draw/byId/:id', {
    schema: { params: Type.Object({ id: DrawIdField }), querystring: ListQuery, response: envelope(DrawSchema) }
  }, async (request) => {
    const draw = await existingDraw(app.db, request.params.id, { game })
    return ok(toDrawAnswer(draw, app.gaNow()))
  })

  app.get('/draw/result', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(DrawResultSchema) }
  }, async (request) => {
    const draw = await existingDraw(app.db, request.query.DrawId, { game })
    return ok({ ...toDrawAnswer(draw, app.gaNow()), Result: (draw.result ?? null) as Record<string, unknown> | null })
  })

  app.get('/draw/series', { schema: { querystring: ListQuery, response: envelope(Type.Array(SeriesSetting)) } }, async () => {
    const times = await readCloseTimes(app.db)
    return ok(SERIES_OF[game].map((s) => seriesAnswer(s, times)))
  })

  app.put('/draw/series', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ Series: SeriesField, CloseTime: TimeField, LocId: LocIdField }), response: envelope(Type.Array(SeriesSetting)) }
  }, async (request) => {
    const series = seriesOf(request.body.Series)
    // Checked through the one time parser so a bad value is refused with the field named.
    drawTimes({ DrawDate: '2000-01-01', CloseTime: request.body.CloseTime })
    const times = await app.db.transaction(async (tx) => {
      await writeCloseTime(tx, series, request.body.CloseTime, app.gaNow())
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'draw.closeTime', detail: { series, closeTime: request.body.CloseTime } })
      return readCloseTimes(tx)
    })
    return ok(SERIES_OF[game].map((s) => seriesAnswer(s, times)))
  })

  app.post('/draw', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        DrawDate: DateField,
        Series: Type.Optional(Type.String({ maxLength: 10 })),
        CloseTime: Type.Optional(TimeField),
        OpenDate: Type.Optional(Type.String({ maxLength: 10 })),
        OpenTime: Type.Optional(TimeField),
        LocId: LocIdField
      }),
      response: envelope(DrawSchema)
    }
  }, async (request) => {
    const user = caller(request)
    const series = seriesOf(request.body.Series)
    const { DrawDate: date } = request.body
    const created = await app.db.transaction(async (tx) => {
      // The close time defaults to the series' setting; the special flag follows the calendar (Magnum's Tuesday).
      const closeTime = request.body.CloseTime || (await readCloseTimes(tx))[series]
      const { closeAt, openAt } = drawTimes({ DrawDate: date, CloseTime: closeTime, OpenDate: request.body.OpenDate, OpenTime: request.body.OpenTime })
      const row = await insertDraw(tx, { game, series, date, closeAt, openAt, special: drawOn(series, date).special }, app.gaNow())
      if (!row) throw bettingErrors.drawExists(series, dayOfDate(date))
      // The standing orders are placed on the new draw by the fixed process, queued in this transaction.
      await queueFixedForNewDraws(tx, game, [Number(row.draw_id)], user.userId)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.create', detail: { DrawId: Number(row.draw_id), series, date, closeTime } })
      return toDrawAnswer(row, app.gaNow())
    })
    return ok(created)
  })

  app.put('/draw', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        DrawId: DrawIdField,
        DrawDate: Type.Optional(DateField),
        CloseTime: Type.Optional(TimeField),
        OpenDate: Type.Optional(Type.String({ maxLength: 10 })),
        OpenTime: Type.Optional(TimeField),
        IsFinalised: Type.Optional(Type.Literal(true, { description: 'true finalises in this request (the Draw Setting page runs it as a job: POST result/r5)' })),
        LocId: LocIdField
      }),
      response: envelope(Type.Union([DrawSchema, FinaliseAnswer]))
    }
  }, async (request) => {
    const user = caller(request)
    const { DrawId: drawId, IsFinalised: finalise, LocId: _loc, ...edit } = request.body
    if (finalise === true) {
      // API callers may finalise in one request; it runs the same streamed finaliser as the job.
      // Audited before the effect, as every mutating call; the figures are in the answer and the ledger.
      await app.gaAudit(app.db, request, { userId: user.userId, action: 'draw.finalise', detail: { DrawId: drawId, inline: true } })
      const summary = await finaliseDraw(app.db, drawId, app.gaNow())
      await refreshSettlementStatistics(app.db)
      return ok({ ...summary, IsFinalised: true })
    }
    const saved = await app.db.transaction(async (tx) => {
      const row = await editDraw(tx, game, drawId, edit as DrawEdit, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'draw.edit', detail: { DrawId: drawId, ...edit } })
      return row
    })
    return ok(toDrawAnswer(saved, app.gaNow()))
  })

  // Closing and reopening betting by hand: one call each, so the page's confirmation and the audit name what happened.
  for (const [action, closed] of [['close', true], ['reopen', false]] as const) {
    app.put(`/draw/:id/${action}`, {
      onRequest: app.gaRequireAdmin,
      schema: { params: Type.Object({ id: DrawIdField }), body: Type.Optional(Type.Object({ LocId: LocIdField })), response: envelope(DrawSchema) }
    }, async (request) => {
      const drawId = request.params.id
      const saved = await app.db.transaction(async (tx) => {
        const row = await editDraw(tx, game, drawId, { Closed: closed }, app.gaNow())
        await app.gaAudit(tx, request, { userId: caller(request).userId, action: `draw.${action}`, detail: { DrawId: drawId } })
        return row
      })
      return ok(toDrawAnswer(saved, app.gaNow()))
    })
  }
}

export default drawRoutes
