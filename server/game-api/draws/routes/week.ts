import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { addDays, isIsoDate, zoneDateOf } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { DrawSchema } from '../../betting/schemas.ts'
import { toDrawAnswer } from '../rules/draw-answer.ts'
import type { DrawRow } from '../types.ts'
import { weekDraws } from '../store/week.ts'
import { weekOf } from '../rules/week.ts'
import { queueWeekJob, weekJobStatus } from '../jobs/week.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { drawErrors } from '../errors.ts'
import { SERIES_OF } from '../rules/series.ts'
import { bettingErrors } from '../../betting/errors.ts'

const SeriesField = Type.Union([Type.Literal('SG4D'), Type.Literal('MG4D'), Type.Literal('TOTO')])
const WeekJobSchema = Type.Object({ JobId: Type.Union([Type.Integer(), Type.Null()]), WeekStart: Type.Union([Type.String(), Type.Null()]), Status: Type.String(), Progress: Type.Integer(), ...JobMessageSchema })

/** The draw week (Draw Setting): the week's draws, and (ADMIN) creating a week's scheduled draws as a durable job with its status. */
const weekRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  /** The date asked (checked, naming the field) or today in the operator's zone. */
  const dateOf = (value: string | undefined, field: string, fallback: () => string) => {
    if (value === undefined || value === '') return fallback()
    if (!isIsoDate(value)) throw errors.fieldNotDate(field, value)
    return value
  }

  app.get('/draw/week', {
    schema: {
      querystring: Type.Object({ Date: Type.Optional(Type.String({ maxLength: 10, description: 'a day of the week, YYYY-MM-DD; today when left out' })), Series: Type.Optional(Type.Union([SeriesField, Type.Literal('')])), LocId: LocIdField }),
      response: envelope(Type.Array(DrawSchema))
    }
  }, async (request) => {
    const now = app.gaNow()
    const week = weekOf(dateOf(request.query.Date, 'querystring/Date', () => zoneDateOf(now)))
    const series = request.query.Series || undefined
    if (series !== undefined && !SERIES_OF[game].includes(series as DrawRow['series'])) throw bettingErrors.badSeries(SERIES_OF[game].join(', '), game)
    return ok((await weekDraws(app.db, game, week, series as DrawRow['series'] | undefined)).map((r) => toDrawAnswer(r, now)))
  })

  app.post('/draw/insertProcess', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({ Date: Type.Optional(Type.String({ maxLength: 10, description: 'a day of the week to create; next week when left out' })), LocId: LocIdField }),
      response: envelope(WeekJobSchema)
    }
  }, async (request) => {
    const user = caller(request)
    const week = weekOf(dateOf(request.body.Date, 'body/Date', () => addDays(zoneDateOf(app.gaNow()), 7)))
    const jobId = await queueWeekJob(app.db, game, week, user.userId,
      (tx, id) => app.gaAudit(tx, request, { userId: user.userId, action: 'draw.week', detail: { WeekStart: week.start, JobId: id } }))
    // Any instance's runner takes it; this one is woken so a single instance starts at once.
    app.jobs.wake()
    return ok(await weekJobStatus(app.db, game, jobId) as NonNullable<Awaited<ReturnType<typeof weekJobStatus>>>)
  })

  app.get('/draw/weekJob', {
    onRequest: app.gaRequireAdmin,
    schema: { querystring: Type.Object({ JobId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), LocId: LocIdField }), response: envelope(WeekJobSchema) }
  }, async (request) => {
    const status = await weekJobStatus(app.db, game, request.query.JobId)
    if (!status) throw drawErrors.weekJobNotFound(request.query.JobId ?? 0)
    return ok(status)
  })
}

export default weekRoutes
