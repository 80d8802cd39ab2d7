import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { DrawResultSchema, DrawSchema } from '../schemas.ts'
import { activeDraws, allDraws, changeDraw, createDraw, drawOf, drawsUnsettled, drawsWithResults, drawWithResult, latestDrawsOf, seriesSettings, setCloseTime, setDrawClosed } from '../api-draw-setting.ts'

const DrawIdField = Type.Integer({ minimum: 1, maximum: 2147483647 })
const SeriesField = Type.Union([Type.Literal('SG4D'), Type.Literal('MG4D'), Type.Literal('TOTO')])
const TimeField = Type.String({ maxLength: 5, description: 'HH:mm, GMT+8' })
const DateField = Type.String({ maxLength: 10, description: 'a date written YYYY-MM-DD' })
const SeriesSetting = Type.Object({ Series: SeriesField, CloseTime: Type.String(), DefaultCloseTime: Type.String(), DrawTime: Type.String() })
const FinaliseAnswer = Type.Object({ DrawId: Type.Integer(), IsFinalised: Type.Boolean(), Bets: Type.Integer(), Winners: Type.Integer(), Strikes: Type.Integer(), Payout: Type.Number() })

/** Draws of the prefix's game: lists by series with status, the close time per series, and (ADMIN) creating, editing, closing and reopening draws. */
const drawRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  const ListQuery = Type.Object({ LocId: LocIdField })

  app.get('/draw/dateAll', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async (request) => ok(await allDraws(app.db, callerOf(request), { game })))

  app.get('/draw/activeLatest', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async (request) => ok(await activeDraws(app.db, callerOf(request), { game })))

  // Live Exposure's draws: a closed draw stays until it is finalised, since its exposure matters most before the result.
  app.get('/draw/unsettled', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async (request) => ok(await drawsUnsettled(app.db, callerOf(request), { game })))

  app.get('/draw/resultDate', { schema: { querystring: ListQuery, response: envelope(Type.Array(DrawSchema)) } }, async (request) => ok(await drawsWithResults(app.db, callerOf(request), { game })))

  app.get('/draw2', {
    schema: {
      querystring: Type.Object({ LocId: LocIdField, Series: Type.Optional(Type.Union([SeriesField, Type.Literal('')])), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })) }),
      response: envelope(Type.Array(DrawSchema))
    }
  }, async (request) => ok(await latestDrawsOf(app.db, callerOf(request), { game, series: request.query.Series, limit: request.query.limit })))

  app.get('/draw/byId/:id', {
    schema: { params: Type.Object({ id: DrawIdField }), querystring: ListQuery, response: envelope(DrawSchema) }
  }, async (request) => ok(await drawOf(app.db, callerOf(request), { game, drawId: request.params.id })))

  app.get('/draw/result', {
    schema: { querystring: Type.Object({ DrawId: DrawIdField, LocId: LocIdField }), response: envelope(DrawResultSchema) }
  }, async (request) => ok(await drawWithResult(app.db, callerOf(request), { game, drawId: request.query.DrawId })))

  app.get('/draw/series', { schema: { querystring: ListQuery, response: envelope(Type.Array(SeriesSetting)) } }, async (request) => ok(await seriesSettings(app.db, callerOf(request), { game })))

  app.put('/draw/series', {
    onRequest: app.gaRequireAdmin,
    schema: { body: Type.Object({ Series: SeriesField, CloseTime: TimeField, LocId: LocIdField }), response: envelope(Type.Array(SeriesSetting)) }
  }, async (request) => ok(await setCloseTime(app.db, callerOf(request), { game, series: request.body.Series, closeTime: request.body.CloseTime })))

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
  }, async (request) => ok(await createDraw(app.db, callerOf(request), { game, draw: request.body })))

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
    const { DrawId: drawId, IsFinalised: finalise, LocId: _loc, ...edit } = request.body
    return ok(await changeDraw(app.db, callerOf(request), { game, drawId, edit, finalise: finalise === true }))
  })

  // Closing and reopening betting by hand: one call each, so the page's confirmation and the audit name what happened.
  for (const [action, closed] of [['close', true], ['reopen', false]] as const) {
    app.put(`/draw/:id/${action}`, {
      onRequest: app.gaRequireAdmin,
      schema: { params: Type.Object({ id: DrawIdField }), body: Type.Optional(Type.Object({ LocId: LocIdField })), response: envelope(DrawSchema) }
    }, async (request) => ok(await setDrawClosed(app.db, callerOf(request), { game, drawId: request.params.id, closed })))
  }
}

export default drawRoutes
