// The betting module: its one entry, registering its game calls and its jobs (uploads, fixed bets on new draws).
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes } from '../plugins/mount.ts'
import { onNewDraws } from '../draws/api.ts'
import { queueFixedForNewDraws } from './store/fixed-on-new-draws.ts'
import { FIXED_JOB, fixedProcessJob } from './jobs/fixed.ts'
import { UPLOAD_JOB, uploadJob } from './jobs/upload.ts'
import bettingRoutes from './routes/index.ts'

/** Registers the betting module: its jobs, and its calls under each game's prefix. */
export default async function bettingModule (app: FastifyInstance): Promise<void> {
  const now = () => app.gaNow()
  app.jobs.register(UPLOAD_JOB, uploadJob(app.db, now))
  app.jobs.register(FIXED_JOB, fixedProcessJob(app.db, now))
  // New draws get the standing orders placed on them (Fixed Process), however they were created.
  onNewDraws(queueFixedForNewDraws)
  await mountGameRoutes(app, bettingRoutes)
}
