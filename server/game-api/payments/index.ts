// The payments module: its one entry, registering its game calls (payments, adjustments, statements, group expenses).
import type { FastifyInstance } from 'fastify'
import { mountGameRoutes } from '../plugins/mount.ts'
import paymentRoutes from './routes/index.ts'

/** Registers the payments module under each game's prefix. */
export default async function paymentsModule (app: FastifyInstance): Promise<void> {
  await mountGameRoutes(app, paymentRoutes)
}
