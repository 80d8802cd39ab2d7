import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { trustProxyOption, type ResolvedSettings } from '../shared/env.ts'
import type { Db } from '../shared/db.ts'
import { loggerOptions } from '../shared/logger.ts'
import storePlugin, { openServiceStore } from './plugins/app/store.ts'
import configStorePlugin from './plugins/app/config-store.ts'
import configStatusRoutes from './routes/config-status.ts'
import configI18nRoutes from './routes/config-i18n.ts'
import configVersionsRoutes from './routes/config-versions.ts'
import configDraftRoutes from './routes/config-drafts.ts'
import configScheduleRoutes from './routes/config-schedules.ts'
import configTreeRoutes from './routes/config-trees.ts'
import configSchedulesPlugin from './plugins/app/config-schedules.ts'
import configImpactRoutes from './routes/config-impact.ts'
import clientPlugin from './plugins/external/client.ts'
import brandsPlugin from './plugins/app/brands.ts'
import brandRoutes from './routes/brand.ts'
import swaggerPlugin from './plugins/external/swagger.ts'
import metricsPlugin from './plugins/app/metrics.ts'
import auditPlugin from './plugins/app/audit.ts'
import healthRoutes from './routes/health.ts'
import metricsRoutes from './routes/metrics.ts'
import auditRoutes from './routes/audit.ts'
import cachesPlugin from './plugins/app/caches.ts'
import proxyPlugin from './plugins/app/proxy.ts'

import cookiePlugin from './plugins/external/cookie.ts'
import helmetPlugin from './plugins/external/helmet.ts'
import secureSessionPlugin from './plugins/external/secure-session.ts'
import rateLimitPlugin from './plugins/external/rate-limit.ts'
import formbodyPlugin from './plugins/external/formbody.ts'
import eventsPlugin from './plugins/app/events.ts'
import sessionPlugin from './plugins/app/session.ts'
import gameClientPlugin from './plugins/app/game-client.ts'
import csrfPlugin from './plugins/app/csrf.ts'
import unsafeValuesPlugin from './plugins/app/unsafe-values.ts'
import userContextPlugin from './plugins/app/user-context.ts'
import requestIdPlugin, { newRequestId } from './plugins/app/request-id.ts'
import opsAccessPlugin from './plugins/app/ops-access.ts'
import previewPlugin from './plugins/app/preview.ts'
import { serviceErrorHandler } from './errors.ts'
import captchaRoutes from './routes/ui/captcha.ts'
import loginRoutes from './routes/ui/login.ts'
import logoutRoutes from './routes/ui/logout.ts'
import passwordRoutes from './routes/ui/password.ts'
import termsRoutes from './routes/ui/terms.ts'
import sessionRoutes from './routes/ui/session.ts'
import locationRoutes from './routes/ui/location.ts'
import pagesRoutes from './routes/ui/pages.ts'
import supportRoutes from './routes/ui/support.ts'
import { lazySchemaCompilers } from '../shared/schema-compilers.ts'

export interface ServiceOptions {
  settings: ResolvedSettings
  /** Base URL of the game API, e.g. http://127.0.0.1:3100 */
  gameApiUrl: string
  /** An already open store (tests); otherwise opened from the settings. */
  store?: Db
  /** The operator config directory (default CONFIG_DIR, else <repo>/menus). */
  configDir?: string
  /** Human-readable log lines (the local start on a terminal); JSON lines otherwise. */
  prettyLogs?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: ResolvedSettings
    gameApiUrl: string
  }
}

/** Builds the config/menu service: plugins first, then the routes of the HTTP surface, then the built client. */
export async function buildService (options: ServiceOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.settings.LOG_LEVEL, options.prettyLogs),
    // X-Forwarded-* are believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: trustProxyOption(options.settings.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: newRequestId,
    // PGlite and the config watch can start slowly on a busy machine; a slow start is not a failed one.
    pluginTimeout: 120_000,
    schemaController: { compilersFactory: lazySchemaCompilers }
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.decorate('settings', options.settings)
  app.decorate('gameApiUrl', options.gameApiUrl.replace(/\/$/, ''))

  await app.register(requestIdPlugin)

  // -- external plugins (one file each under plugins/external)
  await app.register(helmetPlugin)
  await app.register(cookiePlugin)
  await app.register(secureSessionPlugin)
  await app.register(rateLimitPlugin)
  await app.register(formbodyPlugin)

  // -- the service's own plugins (plugins/app)
  // The store opens before the plugins run, so its start-up time never counts against a plugin timeout.
  await app.register(storePlugin, { db: options.store ?? await openServiceStore(options.settings), owned: !options.store })
  // config store, rules, menu, pages:
  await app.register(configStorePlugin, options.configDir ? { dir: options.configDir } : {})

  // session, csrf, game client, rate limit:
  app.setErrorHandler(serviceErrorHandler)
  await app.register(eventsPlugin)
  // The cache owner before the session and the user context, which keep their reads in it.
  await app.register(cachesPlugin)
  await app.register(sessionPlugin)
  await app.register(gameClientPlugin)
  await app.register(csrfPlugin)
  await app.register(unsafeValuesPlugin)
  await app.register(userContextPlugin)
  await app.register(opsAccessPlugin)

  // audit, proxy, cache, metrics:
  // Swagger first: it documents the routes registered after it.
  await app.register(swaggerPlugin)
  await app.register(metricsPlugin)
  await app.register(auditPlugin)
  await app.register(previewPlugin)
  // Scheduled config publishes: every instance looks for due ones (after the audit, which records what they made).
  await app.register(configSchedulesPlugin)

  // -- routes
  // config routes:
  for (const routes of [configStatusRoutes, configI18nRoutes, configVersionsRoutes, configDraftRoutes, configImpactRoutes]) await app.register(routes)

  await app.register(configScheduleRoutes)
  // Its own scope: the archive and multipart body parsers of the tree upload stay with it.
  await app.register(configTreeRoutes)

  // session routes:
  for (const routes of [captchaRoutes, loginRoutes, logoutRoutes, passwordRoutes, termsRoutes, sessionRoutes, locationRoutes, pagesRoutes]) await app.register(routes)

  // audit, ops and proxy routes:
  for (const routes of [healthRoutes, metricsRoutes, auditRoutes, supportRoutes]) await app.register(routes)
  await app.register(proxyPlugin)

  // brand routes:
  await app.register(brandsPlugin)
  await app.register(brandRoutes)

  await app.register(clientPlugin)
  return app
}
