import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import formbody from '@fastify/formbody'
import type { Db } from '../shared/db.ts'
import { migrate } from '../shared/migrate.ts'
import { loggerOptions } from '../shared/logger.ts'
import { trustProxyOption } from '../shared/env.ts'
import { seedDemoData } from './seed/seed.ts'
import { pingDatabase } from './lib/store/readiness.ts'
import authPlugin from './plugins/auth.ts'
import captchaPlugin from './plugins/captcha.ts'
import clockPlugin from './plugins/clock.ts'
import envelopePlugin from './plugins/envelope.ts'
import absentBodyPlugin from './plugins/absent-body.ts'
import unsafeValuesPlugin from './plugins/unsafe-values.ts'
import fieldSelectionPlugin from './plugins/field-selection.ts'
import maintenancePlugin from './plugins/maintenance.ts'
import openApiPlugin from './plugins/openapi.ts'
import jobsPlugin from './jobs/plugin.ts'
import type { RunnerOptions } from './jobs/runner.ts'
import { registerModules } from './routes.ts'
import { mountDemoGateway } from './messaging/stand-ins/demo-gateway.ts'
import { fromRoot } from '../shared/paths.ts'
import { lazySchemaCompilers } from '../shared/schema-compilers.ts'

export interface GameApiOptions {
  db: Db
  logLevel?: string
  /** Human-readable log lines (the local start on a terminal); JSON lines otherwise. */
  prettyLogs?: boolean
  /** The clock every expiry is measured with (tests move it); defaults to the system clock. */
  now?: () => Date
  /** Whose X-Forwarded-For is believed (GAME_API_TRUST_PROXY): only the service in front of it; loopback by default, as the service runs beside it. */
  trustProxy?: false | number | string
  /** Told each captcha answer as it is issued: for tests and the e2e suite only, never set in production. */
  captchaAnswerSink?: (xToken: string, answer: string) => void
  /** The job runner's poll and lease timings (tests shorten them); defaults in jobs/runner.ts. */
  jobs?: Partial<RunnerOptions>
  /** Mounts the stand-in SMS gateway under /demo-sms-gateway (npm start's demo only; messaging/stand-ins/demo-gateway.ts). */
  demoSmsGateway?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

const migrationsDir = fromRoot('server/game-api/migrations')

/** Builds the reference game API on an open database: migrates, seeds on first start, registers every domain module (its routes and jobs). */
export async function buildGameApi (options: GameApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'silent', options.prettyLogs),
    trustProxy: trustProxyOption(options.trustProxy ?? 'loopback'),
    // verbose: validation errors carry the schema's description, which the 400 message quotes.
    ajv: { customOptions: { verbose: true } },
    schemaController: { compilersFactory: lazySchemaCompilers }
  }).withTypeProvider<TypeBoxTypeProvider>()
  await migrate(options.db, migrationsDir)
  options.db.onConnectionError((err) => app.log.error({ err }, 'game API store: a PostgreSQL connection was lost; the pool reconnects on the next query'))
  app.decorate('db', options.db)
  await app.register(clockPlugin, { now: options.now })
  await seedDemoData(options.db, app.gaNow())

  await app.register(openApiPlugin)
  await app.register(formbody)
  await app.register(absentBodyPlugin)
  await app.register(unsafeValuesPlugin)
  await app.register(envelopePlugin)
  await app.register(fieldSelectionPlugin)
  await app.register(authPlugin)
  await app.register(captchaPlugin, { captchaAnswerSink: options.captchaAnswerSink })
  await app.register(maintenancePlugin)
  await app.register(jobsPlugin, options.jobs ?? {})

  app.get('/healthz', async () => ({ success: true, data: 'ok' }))
  // Ready when the database answers; a lost one answers 503 through the envelope's store-unavailable mapping.
  app.get('/readyz', async () => { await pingDatabase(app.db); return { success: true, data: 'ready' } })
  if (options.demoSmsGateway) await mountDemoGateway(app)
  await registerModules(app)
  return app
}
