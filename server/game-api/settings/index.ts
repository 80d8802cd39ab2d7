// The settings module: its one entry, registering its game calls (locations, settings, announcements, audits, cache, backup, pay rates) and maintenance.
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes, mountV1 } from '../plugins/mount.ts'
import settingRoutes from './routes/index.ts'
import maintenanceRoutes from './routes/maintenance.ts'

/** Registers the settings module: maintenance under /api/v1, the rest under each game's prefix. */
export default async function settingsModule (app: FastifyInstance): Promise<void> {
  await mountV1(app, maintenanceRoutes)
  await mountGameRoutes(app, settingRoutes)
}
