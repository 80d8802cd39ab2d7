// The accounts module: its one entry, registering its game calls and its credit recalculation job.
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes } from '../plugins/mount.ts'
import { CREDIT_RECALC_JOB, creditRecalcJob } from './jobs/credit-recalc.ts'
import accountRoutes from './routes/index.ts'

/** Registers the accounts module: the credit recalculation job, and its calls under each game's prefix. */
export default async function accountsModule (app: FastifyInstance): Promise<void> {
  app.jobs.register(CREDIT_RECALC_JOB, creditRecalcJob(app.db, () => app.gaNow()))
  await mountGameRoutes(app, accountRoutes)
}
