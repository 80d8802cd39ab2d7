import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { openDb, type Db } from '../../../shared/db.ts'
import { migrate } from '../../../shared/migrate.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's own store (audit log, config status): PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR/service. */
    store: Db
  }
}

const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url))

/** Opens and migrates the service store; DATA_DIR=memory:// keeps it in memory (tests). */
async function store (app: FastifyInstance, opts: { db?: Db }) {
  const { DATABASE_URL, DATA_DIR } = app.settings
  const db = opts.db ?? await openDb({ url: DATABASE_URL, dataDir: DATA_DIR.startsWith('memory://') ? undefined : join(DATA_DIR, 'service') })
  await migrate(db, migrationsDir)
  app.decorate('store', db)
  if (!opts.db) app.addHook('onClose', () => db.close())
}

export default fp(store, { name: 'store' })
