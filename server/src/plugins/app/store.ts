import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { openDb, type Db } from '../../../shared/db.ts'
import type { ResolvedSettings } from '../../../shared/env.ts'
import { migrate } from '../../../shared/migrate.ts'
import { fromRoot } from '../../../shared/paths.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's own store (audit log, config status): PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR/service. */
    store: Db
  }
}

/** The service store's numbered migrations (tests migrate snapshots and bare audit tables from them). */
export const migrationsDir = fromRoot('server/src/migrations')

/** Opens the service store the settings name; DATA_DIR=memory:// keeps it in memory (tests). */
export function openServiceStore ({ DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE }: Pick<ResolvedSettings, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>): Promise<Db> {
  return openDb({ url: DATABASE_URL, dataDir: DATA_DIR.startsWith('memory://') ? undefined : join(DATA_DIR, 'service'), poolSize: DATABASE_POOL_SIZE })
}

/** Migrates and decorates an open store; closes it with the app when the app opened it (owned). */
async function store (app: FastifyInstance, opts: { db: Db, owned: boolean }) {
  await migrate(opts.db, migrationsDir)
  opts.db.onConnectionError((err) => app.log.error({ err }, 'service store: a PostgreSQL connection was lost; the pool reconnects on the next query'))
  app.decorate('store', opts.db)
  if (opts.owned) app.addHook('onClose', () => opts.db.close())
}

export default fp(store, { name: 'store' })
