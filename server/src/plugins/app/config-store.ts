import { watch, type FSWatcher } from 'node:fs'
import { hostname } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { ConfigStatus, RejectedChange } from '../../../../schemas/config-status.ts'
import { loadConfig, validateOnce, type ConfigError, type LoadedConfig } from '../../config/load.ts'
import { applyFiles, liveNumber, readVersion, versionContent } from '../../config/versions.ts'
import { fromRoot } from '../../../shared/paths.ts'

/** The outcome of one reload: swapped in, identical to what is served, or refused (the previous config keeps serving). */
export type ReloadResult =
  | { outcome: 'loaded', version: string, previousVersion: string, number: number }
  | { outcome: 'unchanged', version: string }
  | { outcome: 'rejected', version: string, errors: ConfigError[] }
  | { outcome: 'drafted', version: string, draft: number }

/** What onChange listeners get (the audit log and metrics subscribe). Never carries the config itself. */
export type ConfigChangeEvent =
  | { kind: 'loaded', version: string, previousVersion: string, loadedAt: string, number: number, previousNumber: number, here: boolean }
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
  /** Reads and validates the directory again and applies the files rule (applyFiles): a valid change is served once the store holds it as a version, or becomes a draft. */
  reload (): Promise<ReloadResult>
  /**
   * Serves the store's live version when it is not the one served (a publish or rollback here or on another instance);
   * here: this instance made the change, so its listeners tell the others. Answers the number served.
   */
  sync (here?: boolean): Promise<number>
  onChange (fn: (event: ConfigChangeEvent) => void): void
  /** The watched config directory. */
  readonly dir: string
  /** This instance's name in GET /ui/config/status (host:pid). */
  readonly instance: string
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
  /** How often to look for a live version published elsewhere (default CONFIG_SYNC_MS). */
  syncMs?: number
}

/** The shipped config directory. */
export const defaultConfigDir = fromRoot('menus')

const SUBDIRS = ['pages', 'columns', 'fragments', 'i18n']
let instancesHere = 0
/** An instance not seen for this long (its catch-up poll writes every CONFIG_SYNC_MS) is no longer listed as serving. */
const INSTANCE_SEEN_S = 60

function describeErrors (errors: ConfigError[]): string {
  return errors.map((e) => `  ${e.file}#${e.pointer}: ${e.message}`).join('\n')
}

/** Loads the config at start (refusing to start on an invalid one), watches its directories and swaps valid changes in. */
async function configStore (app: FastifyInstance, opts: ConfigStoreOptions) {
  const dir = resolve(opts.dir ?? app.settings.CONFIG_DIR ?? defaultConfigDir)
  const debounceMs = opts.debounceMs ?? 100
  // host:pid, and a count when one process runs several services (tests, benchmarks).
  const instance = `${hostname()}:${process.pid}${++instancesHere > 1 ? `#${instancesHere}` : ''}`
  const log = app.log.child({ component: 'config-store', dir })
  const listeners: Array<(event: ConfigChangeEvent) => void> = []

  const first = await loadConfig(dir)
  if (!first.ok) throw new Error(`The config in ${dir} is invalid (fix it, then start again; npm run config:check ${dir} shows the same):\n${describeErrors(first.errors)}`)
  // The files as this instance last read them: a file event with the same content changes nothing.
  let filesContent = first.config.version
  const fromFiles = (config: LoadedConfig, files: ReadonlyMap<string, string>) => applyFiles(app.store, { files, contentVersion: config.version, dirName: basename(dir) })
  let lastRejected: RejectedChange | null = null

  /** The config of a stored version: the files just read when it holds them, else its files validated (again, against today's contract). */
  const configOf = async (number: number, fromDisk?: LoadedConfig): Promise<{ ok: true, config: LoadedConfig } | { ok: false, version: string, errors: ConfigError[] }> => {
    // The hash first: the files (about 1 MB) are read only when the served config must be made from them.
    if (fromDisk !== undefined && fromDisk.version === await versionContent(app.store, number)) return { ok: true, config: fromDisk }
    const version = await readVersion(app.store, number)
    if (!version) throw new Error(`the store holds no config version ${number}`)
    return validateOnce(new Map(Object.entries(version.files)))
  }
  const started = await fromFiles(first.config, first.files)
  const initial = await configOf(started.number, first.config)
  if (!initial.ok) throw new Error(`The live config version ${started.number} in the store no longer validates (roll back to another version, or fix the files and start again):\n${describeErrors(initial.errors)}`)
  // The config and its version number change together, in one assignment.
  let served: { config: LoadedConfig, number: number, since: Date } = { config: initial.config, number: started.number, since: new Date() }
  if (started.kind === 'draft') log.warn({ draft: started.draft, number: started.number }, `the files in ${dir} changed after a console edit: they are draft ${started.draft}, awaiting review`)

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
  // Which version this instance serves, and that it is alive: GET /ui/config/status lists the instances seen lately.
  const report = async () => {
    try {
      await app.store.query(
        `INSERT INTO config_instances (instance, version_id, since, seen_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (instance) DO UPDATE SET version_id = EXCLUDED.version_id, since = EXCLUDED.since, seen_at = now()`,
        [instance, served.number, served.since])
    } catch (error) {
      log.warn({ err: error }, 'could not report the served config version to the store')
    }
  }
  await record('loaded', served.config.version, [])
  await report()
  log.info({ version: served.config.version, number: served.number }, 'config loaded')

  /** Swaps in a stored version (validated) and tells the listeners; a version that no longer validates is refused and the served one kept. */
  const serve = async (number: number, here: boolean, fromDisk?: LoadedConfig): Promise<ReloadResult> => {
    const previous = served
    if (number === previous.number) return { outcome: 'unchanged', version: previous.config.version }
    const result = await configOf(number, fromDisk)
    if (!result.ok) {
      log.error({ number, errors: result.errors }, `config version ${number} is live in the store but does not validate here: still serving ${previous.number}`)
      await record('rejected', result.version, result.errors)
      return { outcome: 'rejected', version: result.version, errors: result.errors }
    }
    served = { config: result.config, number, since: new Date() } // the one swap: requests that already read current() finish with the old config
    const current = served.config
    log.info({ version: current.version, previousVersion: previous.config.version, number, previousNumber: previous.number }, 'config reloaded')
    await record('loaded', current.version, [])
    await report()
    emit({ kind: 'loaded', version: current.version, previousVersion: previous.config.version, loadedAt: current.loadedAt, number, previousNumber: previous.number, here })
    return { outcome: 'loaded', version: current.version, previousVersion: previous.config.version, number }
  }

  const reloadNow = async (): Promise<ReloadResult> => {
    const result = await loadConfig(dir)
    if (result.ok) {
      if (result.config.version === filesContent) return { outcome: 'unchanged', version: result.config.version }
      // A store that cannot take the version fails the reload: the previous config keeps serving until the next change or reload.
      const applied = await fromFiles(result.config, result.files)
      filesContent = result.config.version
      if (applied.kind === 'draft') {
        log.warn({ draft: applied.draft }, `the files in ${dir} changed after a console edit: they are draft ${applied.draft}, awaiting review`)
        return { outcome: 'drafted', version: result.config.version, draft: applied.draft }
      }
      return serve(applied.number, true, result.config)
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

  let closed = false
  // Reloads and syncs run one after another; one asked for while another runs waits for it.
  let chain: Promise<unknown> = Promise.resolve()
  const queued = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn)
    chain = next.catch(() => {})
    return next
  }
  const reload = (): Promise<ReloadResult> => {
    const next = queued(reloadNow)
    next.catch(() => {}).finally(rewatch).catch(() => {})
    return next
  }
  const sync = (here = false): Promise<number> => queued(async () => {
    const live = await liveNumber(app.store)
    if (live !== null) await serve(live, here)
    return served.number
  })
  // Catch-up: a publish message this instance missed (Redis away, a restart) is found in the store within CONFIG_SYNC_MS.
  const poll = setInterval(() => {
    if (closed) return
    sync().then(report, (error: unknown) => log.warn({ err: error }, 'could not read the live config version from the store')).catch(() => {})
  }, opts.syncMs ?? app.settings.CONFIG_SYNC_MS ?? 2000)
  poll.unref()

  let watchers: FSWatcher[] = []
  let timer: NodeJS.Timeout | undefined
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
    instance,
    current: () => served.config,
    versionNumber: () => served.number,
    status: () => ({ version: served.config.version, versionNumber: served.number, loadedAt: served.config.loadedAt, lastRejected }),
    sync,
    async sharedStatus () {
      const { config, number } = served
      try {
        const { rows } = await app.store.query<{ version: string, at: Date | string, errors: unknown }>("SELECT version, at, errors FROM config_events WHERE outcome = 'rejected' ORDER BY id DESC LIMIT 1")
        const row = rows[0]
        const shared = row ? { version: row.version, at: new Date(row.at).toISOString(), errors: (typeof row.errors === 'string' ? JSON.parse(row.errors) : row.errors) as ConfigError[] } : null
        const { rows: seen } = await app.store.query<{ instance: string, version_id: number, since: Date | string, seen_at: Date | string }>(
          `SELECT instance, version_id, since, seen_at FROM config_instances WHERE seen_at > now() - interval '${INSTANCE_SEEN_S} seconds' ORDER BY instance`)
        const instances = seen.map((r) => ({ instance: r.instance, versionNumber: Number(r.version_id), since: new Date(r.since).toISOString(), seenAt: new Date(r.seen_at).toISOString() }))
        return { version: config.version, versionNumber: number, loadedAt: config.loadedAt, lastRejected: shared, instances }
      } catch (error) {
        log.error({ err: error }, 'could not read config events from the store')
        return { version: config.version, versionNumber: number, loadedAt: config.loadedAt, lastRejected, instances: [] }
      }
    },
    reload,
    onChange: (fn) => { listeners.push(fn) }
  } satisfies ConfigStore)

  // Every answer names the version it was served from (read at the start, as the handlers read current()).
  app.addHook('onRequest', async (_request, reply) => { reply.header('x-config-version', String(served.number)) })

  app.addHook('onClose', async () => {
    closed = true
    clearInterval(poll)
    clearTimeout(timer)
    for (const watcher of watchers) watcher.close()
    await chain
    // A stopped instance serves nothing: GET /ui/config/status stops listing it at once, not a minute later.
    try {
      await app.store.query('DELETE FROM config_instances WHERE instance = $1', [instance])
    } catch (error) {
      log.warn({ err: error }, 'could not remove this instance from the store\'s list of instances')
    }
  })
}

export default fp(configStore, { name: 'config-store', dependencies: ['store'] })
