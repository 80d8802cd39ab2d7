import { watch, type FSWatcher } from 'node:fs'
import { hostname } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { ConfigStatus, RejectedChange } from '../../../../schemas/config-status.ts'
import { loadConfig, type ConfigError, type ConfigFiles, type LoadedConfig } from '../../config/load.ts'
import { importFromFiles } from '../../config/versions.ts'
import { fromRoot } from '../../../shared/paths.ts'

/** The outcome of one reload: swapped in, identical to what is served, or refused (the previous config keeps serving). */
export type ReloadResult =
  | { outcome: 'loaded', version: string, previousVersion: string, number: number }
  | { outcome: 'unchanged', version: string }
  | { outcome: 'rejected', version: string, errors: ConfigError[] }

/** What onChange listeners get (the audit log and metrics subscribe). Never carries the config itself. */
export type ConfigChangeEvent =
  | { kind: 'loaded', version: string, previousVersion: string, loadedAt: string, number: number, previousNumber: number }
  | { kind: 'rejected', version: string, keptVersion: string, at: string, errors: ConfigError[] }

export interface ConfigStore {
  /** The config to use for this request: read it once per request so a response never mixes two versions. */
  current (): LoadedConfig
  /** The number of the version current() is, among the versions in the store (x-config-version on every answer). */
  versionNumber (): number
  /** This instance's view: served version, when it was loaded, the last change it refused. */
  status (): ConfigStatus
  /** The served version plus the last change any instance refused (from the store). */
  sharedStatus (): Promise<ConfigStatus>
  /** Reads and validates the directory again; swaps only a valid, different config, once the store holds it as a version. */
  reload (): Promise<ReloadResult>
  onChange (fn: (event: ConfigChangeEvent) => void): void
  /** The watched config directory. */
  readonly dir: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator config (menus/): hot-reloaded on directory changes, last good config kept on any error. */
    configStore: ConfigStore
  }
}

export interface ConfigStoreOptions {
  /** The config directory; default CONFIG_DIR, else <repo>/menus. */
  dir?: string
  /** Watch the directories for changes (default true). */
  watch?: boolean
  /** Quiet time after the last file event before reloading (default 100 ms). */
  debounceMs?: number
}

/** The shipped config directory. */
export const defaultConfigDir = fromRoot('menus')

const SUBDIRS = ['pages', 'columns', 'fragments', 'i18n']

function describeErrors (errors: ConfigError[]): string {
  return errors.map((e) => `  ${e.file}#${e.pointer}: ${e.message}`).join('\n')
}

/** Loads the config at start (refusing to start on an invalid one), watches its directories and swaps valid changes in. */
async function configStore (app: FastifyInstance, opts: ConfigStoreOptions) {
  const dir = resolve(opts.dir ?? app.settings.CONFIG_DIR ?? defaultConfigDir)
  const debounceMs = opts.debounceMs ?? 100
  const instance = `${hostname()}:${process.pid}`
  const log = app.log.child({ component: 'config-store', dir })
  const listeners: Array<(event: ConfigChangeEvent) => void> = []

  const first = await loadConfig(dir)
  if (!first.ok) throw new Error(`The config in ${dir} is invalid (fix it, then start again; npm run config:check ${dir} shows the same):\n${describeErrors(first.errors)}`)
  // Every config served is a version in the store first: the same content as the live version is that version, other content a new one.
  const asVersion = (config: LoadedConfig, files: ConfigFiles) => importFromFiles(app.store, { files, contentVersion: config.version, dirName: basename(dir) })
  // The config and its version number change together, in one assignment.
  let served: { config: LoadedConfig, number: number } = { config: first.config, number: (await asVersion(first.config, first.files)).number }
  let lastRejected: RejectedChange | null = null

  const record = async (outcome: 'loaded' | 'rejected', version: string, errors: ConfigError[]) => {
    try {
      await app.store.query('INSERT INTO config_events (outcome, version, errors, instance) VALUES ($1, $2, $3, $4)', [outcome, version, JSON.stringify(errors), instance])
    } catch (error) {
      log.error({ err: error }, 'could not record the config event in the store')
    }
  }
  const emit = (event: ConfigChangeEvent) => {
    for (const fn of listeners) {
      try { fn(event) } catch (error) { log.error({ err: error }, 'a config change listener failed') }
    }
  }
  await record('loaded', served.config.version, [])
  log.info({ version: served.config.version, number: served.number }, 'config loaded')

  const reloadNow = async (): Promise<ReloadResult> => {
    const result = await loadConfig(dir)
    if (result.ok) {
      const previous = served
      const previousVersion = previous.config.version
      if (result.config.version === previousVersion) return { outcome: 'unchanged', version: previousVersion }
      // A store that cannot take the version fails the reload: the previous config keeps serving until the next change or reload.
      const { number } = await asVersion(result.config, result.files)
      served = { config: result.config, number } // the one swap: requests that already read current() finish with the old config
      const current = served.config
      log.info({ version: current.version, previousVersion, number, previousNumber: previous.number }, 'config reloaded')
      await record('loaded', current.version, [])
      emit({ kind: 'loaded', version: current.version, previousVersion, loadedAt: current.loadedAt, number, previousNumber: previous.number })
      return { outcome: 'loaded', version: current.version, previousVersion, number }
    }
    // The same refused content seen again (several file events) is reported once.
    if (lastRejected?.version !== result.version) {
      lastRejected = { version: result.version, at: new Date().toISOString(), errors: result.errors }
      const kept = served.config.version
      log.warn({ version: result.version, keptVersion: kept, errors: result.errors }, `config change rejected, still serving ${kept}:\n${describeErrors(result.errors)}`)
      await record('rejected', result.version, result.errors)
      emit({ kind: 'rejected', version: result.version, keptVersion: kept, at: lastRejected.at, errors: result.errors })
    }
    return { outcome: 'rejected', version: result.version, errors: result.errors }
  }

  // Reloads run one after another; a reload asked for while one runs waits for it.
  let chain: Promise<unknown> = Promise.resolve()
  const reload = (): Promise<ReloadResult> => {
    const next = chain.then(reloadNow, reloadNow)
    chain = next.catch(() => {}).finally(rewatch)
    return next
  }

  let watchers: FSWatcher[] = []
  let timer: NodeJS.Timeout | undefined
  let closed = false
  const schedule = () => {
    if (closed) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      reload().catch((error: unknown) => log.error({ err: error }, 'config reload failed'))
    }, debounceMs)
  }
  const tryWatch = (path: string, onEvent: (filename: string | null) => void) => {
    try {
      const watcher = watch(path, { persistent: false }, (_event, filename) => onEvent(filename === null ? null : String(filename)))
      watcher.on('error', () => schedule())
      watchers.push(watcher)
    } catch {
      // A missing directory is reported by the loader; nothing to watch there.
    }
  }
  // Directories, not files: an editor's rename-and-replace or a symlink swap (Kubernetes ConfigMap) replaces files under us.
  // Watching again after every reload follows a directory whose symlink now points elsewhere.
  function rewatch () {
    if (closed || opts.watch === false) return
    for (const watcher of watchers) watcher.close()
    watchers = []
    const name = basename(dir)
    tryWatch(dirname(dir), (filename) => { if (filename === null || filename === name) schedule() })
    tryWatch(dir, () => schedule())
    for (const sub of SUBDIRS) tryWatch(join(dir, sub), () => schedule())
  }
  rewatch()

  app.decorate('configStore', {
    dir,
    current: () => served.config,
    versionNumber: () => served.number,
    status: () => ({ version: served.config.version, versionNumber: served.number, loadedAt: served.config.loadedAt, lastRejected }),
    async sharedStatus () {
      const { config, number } = served
      try {
        const { rows } = await app.store.query<{ version: string, at: Date | string, errors: unknown }>("SELECT version, at, errors FROM config_events WHERE outcome = 'rejected' ORDER BY id DESC LIMIT 1")
        const row = rows[0]
        const shared = row ? { version: row.version, at: new Date(row.at).toISOString(), errors: (typeof row.errors === 'string' ? JSON.parse(row.errors) : row.errors) as ConfigError[] } : null
        return { version: config.version, versionNumber: number, loadedAt: config.loadedAt, lastRejected: shared }
      } catch (error) {
        log.error({ err: error }, 'could not read config events from the store')
        return { version: config.version, versionNumber: number, loadedAt: config.loadedAt, lastRejected }
      }
    },
    reload,
    onChange: (fn) => { listeners.push(fn) }
  } satisfies ConfigStore)

  // Every answer names the version it was served from (read at the start, as the handlers read current()).
  app.addHook('onRequest', async (_request, reply) => { reply.header('x-config-version', String(served.number)) })

  app.addHook('onClose', async () => {
    closed = true
    clearTimeout(timer)
    for (const watcher of watchers) watcher.close()
    await chain
  })
}

export default fp(configStore, { name: 'config-store', dependencies: ['store'] })
