import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { applySchedule, dueSchedules, type ScheduleOutcome } from '../../config/schedules.ts'

/** The scheduled config publishes of this instance: every instance looks for due ones, and each is applied once. */
export interface ConfigSchedules {
  /** Applies the schedules due at `at` (default now); what became of each. The timer calls it every CONFIG_SYNC_MS. */
  applyDue: (at?: Date) => Promise<ScheduleOutcome[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled publishes of config drafts (server/src/config/schedules.ts). */
    configSchedules: ConfigSchedules
  }
}

export interface ConfigSchedulesOptions {
  /** How often to look for due schedules (default CONFIG_SYNC_MS, the catch-up poll's period). */
  intervalMs?: number
}

/** Looks for due schedules on a timer (unref'd, stopped on close), applies each in the store, serves and audits what it made. */
async function configSchedules (app: FastifyInstance, opts: ConfigSchedulesOptions) {
  const log = app.log.child({ component: 'config-schedules' })
  const applyDue = async (at = new Date()): Promise<ScheduleOutcome[]> => {
    const outcomes: ScheduleOutcome[] = []
    for (const due of await dueSchedules(app.store, at)) {
      const outcome = await applySchedule(app.store, due, { instance: app.configStore.instance, approvals: app.settings.CONFIG_APPROVALS, now: at })
      outcomes.push(outcome)
      if (outcome.kind === 'applied') {
        const { schedule, published, previous } = outcome
        log.info({ schedule: schedule.id, draft: schedule.draft, version: published.number }, 'scheduled config publish applied')
        // Served here at once and announced to the other instances, as a publish made by hand is.
        await app.configStore.sync(true)
        await app.audit.record({
          action: 'config-publish',
          userId: schedule.author,
          detail: { draft: schedule.draft, revision: schedule.revision, version: published.number, previous, merged: published.merged, digest: published.contentVersion, schedule: schedule.id }
        })
      } else if (outcome.kind === 'failed') {
        const { schedule, refusal } = outcome
        log.warn({ schedule: schedule.id, draft: schedule.draft, code: refusal.code }, `scheduled config publish not applied: ${refusal.message}`)
        await app.audit.record({
          action: 'config-schedule-failed',
          userId: schedule.author,
          detail: { draft: schedule.draft, revision: schedule.revision, schedule: schedule.id, reason: refusal.code, problems: schedule.detail?.problems?.length ?? 0, conflicts: schedule.detail?.conflicts?.length ?? 0 }
        })
      }
    }
    return outcomes
  }

  let closed = false
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    if (closed || running !== undefined) return
    running = applyDue()
      .catch((error: unknown) => log.warn({ err: error }, 'could not apply the due config schedules (tried again at the next look)'))
      .finally(() => { running = undefined })
  }, opts.intervalMs ?? app.settings.CONFIG_SYNC_MS)
  timer.unref()

  app.decorate('configSchedules', { applyDue } satisfies ConfigSchedules)
  app.addHook('onClose', async () => {
    closed = true
    clearInterval(timer)
    await running
  })
}

export default fp(configSchedules, { name: 'config-schedules', dependencies: ['store', 'config-store', 'audit'] })
