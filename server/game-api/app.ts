import { FIXED_JOB, fixedProcessJob } from './betting/jobs/fixed.ts'
import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import formbody from '@fastify/formbody'
import type { Db } from '../shared/db.ts'
import { migrate } from '../shared/migrate.ts'
import { loggerOptions } from '../shared/logger.ts'
import { trustProxyOption } from '../shared/env.ts'
import { seedDemoData } from './seed/seed.ts'
import auditPlugin from './plugins/audit.ts'
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
import { FINALISE_JOB, finaliseJob } from './draws/jobs/finalise.ts'
import { WEEK_JOB, weekJob } from './draws/jobs/week.ts'
import { BIN_BURST_JOB, binBurstJob } from './draws/jobs/bin-burst.ts'
import { UPLOAD_JOB, uploadJob } from './betting/jobs/upload.ts'
import { CREDIT_RECALC_JOB, creditRecalcJob } from './accounts/jobs/credit-recalc.ts'
import { smsSendJob } from './messaging/jobs/sms-send.ts'
import { SMS_SEND_JOB } from './messaging/store/outbound.ts'
import { SMS_BROADCAST_JOB, broadcastJob } from './messaging/jobs/broadcast.ts'
import { OUTSET_PROCESS_JOB, outsetProcessJob } from './risk/jobs/process.ts'
import { OUTSET_PROCESS2_JOB, OUTSET_RULE_JOB, outsetRuleJob } from './risk/jobs/rules.ts'
import { BET_SPECIAL_JOB, betSpecialJob } from './risk/jobs/bet-special.ts'
import { registerRoutes } from './routes.ts'
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

/** Builds the reference game API on an open database: migrates, seeds on first start, registers every route. */
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
  await app.register(auditPlugin)
  await app.register(authPlugin)
  await app.register(captchaPlugin, { captchaAnswerSink: options.captchaAnswerSink })
  await app.register(maintenancePlugin)
  await app.register(jobsPlugin, options.jobs ?? {})
  app.jobs.register(UPLOAD_JOB, uploadJob(options.db, () => app.gaNow()))
  app.jobs.register(CREDIT_RECALC_JOB, creditRecalcJob(options.db, () => app.gaNow()))
  app.jobs.register(FINALISE_JOB, finaliseJob(options.db, () => app.gaNow()))
  for (const kind of Object.values(WEEK_JOB)) app.jobs.register(kind, weekJob(options.db, () => app.gaNow()))
  app.jobs.register(BIN_BURST_JOB, binBurstJob(options.db, () => app.gaNow()))
  app.jobs.register(SMS_SEND_JOB, smsSendJob(options.db, () => app.gaNow()))
  app.jobs.register(SMS_BROADCAST_JOB, broadcastJob(options.db, () => app.gaNow()))
  app.jobs.register(FIXED_JOB, fixedProcessJob(options.db, () => app.gaNow()))
  app.jobs.register(OUTSET_PROCESS_JOB, outsetProcessJob(options.db, () => app.gaNow()))
  app.jobs.register(OUTSET_RULE_JOB, outsetRuleJob(options.db, () => app.gaNow(), 'distributors/rule/outset'))
  app.jobs.register(OUTSET_PROCESS2_JOB, outsetRuleJob(options.db, () => app.gaNow(), 'outsettingProcess2'))
  app.jobs.register(BET_SPECIAL_JOB, betSpecialJob(options.db, () => app.gaNow()))

  app.get('/healthz', async () => ({ success: true, data: 'ok' }))
  // Ready when the database answers; a lost one answers 503 through the envelope's store-unavailable mapping.
  app.get('/readyz', async () => { await app.db.query('SELECT 1'); return { success: true, data: 'ready' } })
  if (options.demoSmsGateway) await mountDemoGateway(app)
  await registerRoutes(app)
  return app
}
