import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { JobRunner, type RunnerOptions } from './runner.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The game API's durable job runner: handlers register by kind; routes queue jobs with enqueueJob and wake it. */
    jobs: JobRunner
  }
}

/** Runs the job runner's poll loop while the app is up: started when ready, stopped (the current job released at its next step) on close. */
async function jobsPlugin (app: FastifyInstance, options: Partial<RunnerOptions>) {
  const runner = new JobRunner(app.db, options, app.log)
  app.decorate('jobs', runner)
  app.addHook('onReady', async () => { runner.start() })
  app.addHook('onClose', async () => { await runner.stop() })
}

export default fp(jobsPlugin, { name: 'game-api-jobs' })
