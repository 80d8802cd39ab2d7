import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import formbody from '@fastify/formbody'
import { fileURLToPath } from 'node:url'
import type { Db } from '../shared/db.ts'
import { migrate } from '../shared/migrate.ts'
import { loggerOptions } from '../shared/logger.ts'
import { seedDemoData } from './seed/seed.ts'
import auditPlugin from './plugins/audit.ts'
import authPlugin from './plugins/auth.ts'
import captchaPlugin from './plugins/captcha.ts'
import clockPlugin from './plugins/clock.ts'
import envelopePlugin from './plugins/envelope.ts'
import maintenancePlugin from './plugins/maintenance.ts'
import captchaRoutes from './routes/captcha.ts'
import gameRoutes from './routes/game/index.ts'
import maintenanceRoutes from './routes/maintenance.ts'
import passwordRoutes from './routes/passwords.ts'
import profileRoutes from './routes/profile.ts'
import signInRoutes from './routes/sign-in.ts'
import termsRoutes from './routes/terms.ts'

export interface GameApiOptions {
  db: Db
  logLevel?: string
  /** The clock every expiry is measured with (tests move it); defaults to the system clock. */
  now?: () => Date
  /** Told each captcha answer as it is issued: for tests and the e2e suite only, never set in production. */
  captchaAnswerSink?: (xToken: string, answer: string) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url))

/** Builds the reference game API on an open database: migrates, seeds on first start, registers every route. */
export async function buildGameApi (options: GameApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'silent'),
    trustProxy: true,
    // verbose: validation errors carry the schema's description, which the 400 message quotes.
    ajv: { customOptions: { verbose: true } }
  }).withTypeProvider<TypeBoxTypeProvider>()
  await migrate(options.db, migrationsDir)
  app.decorate('db', options.db)
  await app.register(clockPlugin, { now: options.now })
  await seedDemoData(options.db, app.gaNow())

  await app.register(formbody)
  await app.register(envelopePlugin)
  await app.register(auditPlugin)
  await app.register(authPlugin)
  await app.register(captchaPlugin, { captchaAnswerSink: options.captchaAnswerSink })
  await app.register(maintenancePlugin)

  app.get('/healthz', async () => ({ success: true, data: 'ok' }))
  await app.register(captchaRoutes)
  await app.register(async (v1) => {
    await v1.register(signInRoutes)
    await v1.register(profileRoutes)
    await v1.register(passwordRoutes)
    await v1.register(termsRoutes)
    await v1.register(maintenanceRoutes)
    await v1.register(gameRoutes, { prefix: '/4d', game: '4D' })
    await v1.register(gameRoutes, { prefix: '/tt', game: 'TOTO' })
  }, { prefix: '/api/v1' })
  return app
}
