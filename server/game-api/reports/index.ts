// The reports module: its one entry, registering its game calls (reports, bet summaries, share claims with their claim-backs and settings).
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes } from '../plugins/mount.ts'
import reportsRoutes from './routes/index.ts'

/** Registers the reports module under each game's prefix. */
export default async function reportsModule (app: FastifyInstance): Promise<void> {
  await mountGameRoutes(app, reportsRoutes)
}
