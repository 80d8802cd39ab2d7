import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { DrawSchema } from '../schemas.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { drawWeek, drawWeekJob, queueDrawWeek } from '../api-draw-setting.ts'

const SeriesField = Type.Union([Type.Literal('SG4D'), Type.Literal('MG4D'), Type.Literal('TOTO')])
const WeekJobSchema = Type.Object({ JobId: Type.Union([Type.Integer(), Type.Null()]), WeekStart: Type.Union([Type.String(), Type.Null()]), Status: Type.String(), Progress: Type.Integer(), ...JobMessageSchema })

/** The draw week (Draw Setting): the week's draws, and (ADMIN) creating a week's scheduled draws as a durable job with its status. */
const weekRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.get('/draw/week', {
    schema: {
      querystring: Type.Object({ Date: Type.Optional(Type.String({ maxLength: 10, description: 'a day of the week, YYYY-MM-DD; today when left out' })), Series: Type.Optional(Type.Union([SeriesField, Type.Literal('')])), LocId: LocIdField }),
      response: envelope(Type.Array(DrawSchema))
    }
  }, async (request) => ok(await drawWeek(app.db, callerOf(request), { game, date: request.query.Date, series: request.query.Series })))

  app.post('/draw/insertProcess', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ Date: Type.Optional(Type.String({ maxLength: 10, description: 'a day of the week to create; next week when left out' })), LocId: LocIdField }),
      response: envelope(WeekJobSchema)
    }
  }, async (request) => {
    const status = await queueDrawWeek(app.db, callerOf(request), { game, date: request.body.Date })
    // Any instance's runner takes it; this one is woken so a single instance starts at once.
    app.jobs.wake()
    return ok(status)
  })

  app.get('/draw/weekJob', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ JobId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), LocId: LocIdField }), response: envelope(WeekJobSchema) }
  }, async (request) => ok(await drawWeekJob(app.db, callerOf(request), { game, jobId: request.query.JobId })))
}

export default weekRoutes
