import { Type } from 'typebox'
import { Value } from 'typebox/value'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigSchedule } from '../../../schemas/config-versions.ts'
import { DrawSeriesSetting } from '../../../schemas/game-api.ts'
import { zoneDayTime } from '../../../schemas/domain/calendar.ts'
import { UiError, configErrors, errors } from '../errors.ts'
import { cancelSchedule, listSchedules, scheduleDraft, type NearClose } from '../config/schedules.ts'
import { calendarCloses, closeNear, closeTimesOf, scheduleInstant, type DrawClose } from '../config/schedule-time.ts'
import { operatorOf, type Operator } from './config-access.ts'

const DraftId = Type.Object({ id: Type.Integer({ minimum: 1, description: 'the draft number' }) })
const errorAnswers = { '4xx': UiError, '5xx': UiError }
const SeriesSettings = Type.Array(DrawSeriesSetting)

/**
 * Scheduled publishes of config drafts (Utilities → Configuration): a draft's revision published at a time by whichever
 * instance finds it due first (server/src/plugins/app/config-schedules.ts). A time within 30 minutes before a draw closes
 * asks for confirmation; any later save of the draft cancels the schedule. ConfigEdit for all; every change is audited.
 */
export default async function configScheduleRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const audited = async (request: FastifyRequest, operator: Operator, action: string, detail: Record<string, unknown>) => {
    await app.audit.record(app.audit.entryFor(request, { action, ...operator.actor, detail }))
  }

  /**
   * The draw closes around a time, as the service knows them: the next closes the header counts down to (the game API's
   * settings, a draw edited or closed by hand included) and the draw calendar with the series' close times the game API sets.
   */
  const drawClosesAfter = async (request: FastifyRequest, at: Date): Promise<DrawClose[]> => {
    const session = app.sessions.read(request)
    if (!session) throw configErrors.CONFIG_AUTH_REQUIRED()
    const { settings } = await app.userContext.own(request, session)
    const series = await Promise.all((['4d', 'tt'] as const).map(async (game) => {
      const path = `/api/v1/${game}/draw/series`
      const data = await app.gameApi.call({ method: 'GET', path, token: session.token, request })
      if (!Value.Check(SeriesSettings, data)) throw errors.gameApiBrokeContract(path, 'data is not a list of series settings')
      return data
    }))
    const countedDown: DrawClose[] = [{ series: 'SG4D', closesAt: new Date(settings.dClose.CloseDate) }, { series: 'TOTO', closesAt: new Date(settings.tClose.CloseDate) }]
    return [...countedDown.filter((c) => !Number.isNaN(c.closesAt.getTime())), ...calendarCloses(at, closeTimesOf(series.flat()))]
  }

  app.post('/ui/config/drafts/:id/schedule', {
    schema: {
      summary: 'Publish the draft at a time (ConfigEdit): refused with the draw named when the time is within 30 minutes before a draw closes, unless confirm is true',
      description: 'The schedule publishes the revision sent; any later save, a publish by hand or a discard cancels it. At its time the first instance to find it due applies it once; a draft that no longer validates, conflicts with the live version or lacks its approvals (CONFIG_APPROVALS=2) is not published, and the schedule says why (state failed, reason its code). A new schedule replaces one still waiting.',
      tags: ['config'],
      params: DraftId,
      body: Type.Object({
        at: Type.String({ minLength: 16, maxLength: 40, description: 'YYYY-MM-DD HH:mm on the operator\'s clock (GMT+8), or ISO 8601 with its offset' }),
        revision: Type.Integer({ minimum: 1, description: 'the revision you read: the one the schedule publishes' }),
        message: Type.Optional(Type.String({ maxLength: 500, description: 'the version\'s message (the draft\'s when empty)' })),
        confirm: Type.Optional(Type.Boolean({ description: 'schedule it even within 30 minutes before a draw closes' }))
      }, { additionalProperties: false }),
      response: { 200: ConfigSchedule, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const { at: written, revision, message, confirm } = request.body
    const at = scheduleInstant(written)
    if (at === undefined) throw configErrors.CONFIG_SCHEDULE_BAD_TIME(written)
    if (at.getTime() <= Date.now()) throw configErrors.CONFIG_SCHEDULE_PAST(zoneDayTime(at))
    const close = closeNear(at, await drawClosesAfter(request, at))
    if (close !== undefined && confirm !== true) {
      const minutes = Math.ceil((close.closesAt.getTime() - at.getTime()) / 60_000)
      throw configErrors.CONFIG_SCHEDULE_NEAR_CLOSE(zoneDayTime(at), String(minutes), close.series, zoneDayTime(close.closesAt))
    }
    const nearClose: NearClose | null = close === undefined ? null : { series: close.series, closesAt: close.closesAt.toISOString() }
    const schedule = await scheduleDraft(app.store, request.params.id, operator.userId, { revision, at, message: message ?? '', nearClose })
    await audited(request, operator, 'config-schedule', { draft: schedule.draft, revision, schedule: schedule.id, at: schedule.at, nearClose })
    return schedule
  })

  app.delete('/ui/config/drafts/:id/schedule', {
    schema: {
      summary: 'Cancel the draft\'s scheduled publish (ConfigEdit)',
      tags: ['config'],
      params: DraftId,
      response: { 200: ConfigSchedule, ...errorAnswers }
    }
  }, async (request) => {
    const operator = await operatorOf(app, request, 'ConfigEdit')
    const schedule = await cancelSchedule(app.store, request.params.id)
    await audited(request, operator, 'config-schedule-cancel', { draft: schedule.draft, revision: schedule.revision, schedule: schedule.id })
    return schedule
  })

  app.get('/ui/config/schedules', {
    schema: {
      summary: 'Scheduled publishes newest first, with what became of each (why one failed: its refusal\'s message, problems and conflicts) (ConfigEdit)',
      tags: ['config'],
      querystring: Type.Object({ draft: Type.Optional(Type.Integer({ minimum: 1, description: 'only this draft\'s' })) }),
      response: { 200: Type.Object({ schedules: Type.Array(ConfigSchedule) }), ...errorAnswers }
    }
  }, async (request, reply) => {
    await operatorOf(app, request, 'ConfigEdit')
    reply.header('cache-control', 'no-store')
    return { schedules: await listSchedules(app.store, request.query.draft) }
  })
}
