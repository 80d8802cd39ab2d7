// The draws module: its one entry, registering its game calls and its jobs (finalising, the week's draws, bin burst).
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes } from '../plugins/mount.ts'
import { BIN_BURST_JOB, binBurstJob } from './jobs/bin-burst.ts'
import { FINALISE_JOB, finaliseJob } from './jobs/finalise.ts'
import { WEEK_JOB, weekJob } from './jobs/week.ts'
import drawsRoutes from './routes/index.ts'

/** Registers the draws module: its jobs (the week job once per game), and its calls under each game's prefix. */
export default async function drawsModule (app: FastifyInstance): Promise<void> {
  const now = () => app.gaNow()
  app.jobs.register(FINALISE_JOB, finaliseJob(app.db, now))
  for (const kind of Object.values(WEEK_JOB)) app.jobs.register(kind, weekJob(app.db, now))
  app.jobs.register(BIN_BURST_JOB, binBurstJob(app.db, now))
  await mountGameRoutes(app, drawsRoutes)
}
