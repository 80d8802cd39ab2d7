import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import pLimit from 'p-limit'
import { pgliteLikeTypes } from './db-types.ts'

/** Anything that runs one SQL statement: the database itself or a transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[], rowCount: number }>
}

/** A transaction's handle: statements one by one, or a whole script (a migration) inside it. */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>
}

/** The one storage adapter: plain PostgreSQL SQL on PGlite (embedded) or on a server through pg. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>
  /** Another handle on the same database with connections of its own (PGlite: the same single connection), closed on its own. */
  fork(maxConnections: number): Promise<Db>
  /** Tells listener about connections the server dropped (pg_terminate_backend, a restart); the pool reconnects on its own. */
  onConnectionError(listener: (error: Error) => void): void
  close(): Promise<void>
}

// Codes and messages of a store that cannot answer now (connection lost, server shutting down or starting): a 503, not a fault.
const UNAVAILABLE_CODES = /^(08|57P0[1-3]|53300)|^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)$/
const UNAVAILABLE_MESSAGES = /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|terminating connection/

/** Whether error says the store is unreachable for now (the caller answers 503 and tries again later), not that the SQL is wrong. */
export function isStoreUnavailable (error: unknown): boolean {
  const e = error as { code?: unknown, message?: unknown, cause?: unknown } | null
  if (!e || typeof e !== 'object') return false
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.test(e.code)) return true
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true
  return e.cause !== undefined && e.cause !== error && isStoreUnavailable(e.cause)
}

export interface DbOptions {
  /** postgres://… to use a server; absent for embedded PGlite. */
  url?: string | undefined
  /** PGlite data folder; absent or 'memory://' for an in-memory database. */
  dataDir?: string | undefined
  /** Server only: the schema every connection uses (created when missing); lets tests isolate runs. */
  schema?: string | undefined
  /** Server only: the application_name its connections show in pg_stat_activity. */
  applicationName?: string | undefined
  /** PGlite only: starts from this data-dir tarball (PGlite's dumpDataDir) instead of an initdb, as tests do. */
  loadDataDir?: Blob | undefined
}

/** Opens PGlite or a pg pool behind the same interface. */
export async function openDb (options: DbOptions): Promise<Db> {
  return options.url ? openPostgres(options.url, options.schema, options.applicationName) : openPglite(options.dataDir, options.loadDataDir)
}

async function openPglite (dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Db> {
  if (dataDir && !dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  return pgliteDb(await PGlite.create(dataDir ?? 'memory://', loadDataDir ? { loadDataDir } : {}))
}

/** The adapter over an open PGlite (tests open one themselves to dump its data dir). */
export function pgliteDb (lite: PGlite): Db {
  const run = async <Row>(q: Pick<PGlite, 'query'>, text: string, params?: unknown[]) => {
    const result = await q.query<Row>(text, params as never)
    return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
  }
  const db: Db = {
    kind: 'pglite',
    query: (text, params) => run(lite, text, params),
    transaction: (fn) => lite.transaction((tx) => fn({ query: (text, params) => run(tx, text, params), exec: async (sql) => { await tx.exec(sql) } })),
    exec: async (sql) => { await lite.exec(sql) },
    // An embedded database has one connection: a fork shares it, and closing the fork leaves it open.
    fork: async () => ({ ...db, close: async () => {} }),
    // An embedded database has no connection to lose.
    onConnectionError: () => {},
    close: () => lite.close()
  }
  return db
}

/** Connections of a pool that transactions leave to single statements. */
const READ_RESERVE = 2

async function openPostgres (url: string, schema: string | undefined, applicationName: string | undefined, maxConnections = 10): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema name "${schema}" must be lower-case letters, digits and _`)
  if (schema) {
    const admin = new pg.Client({ connectionString: url })
    admin.on('error', () => {})
    await admin.connect()
    try { await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`) } finally { await admin.end() }
  }
  // JIT off: these are short OLTP statements, and the planner's overestimate of a recursive downline made the search spend
  // 250 to 350 ms compiling a query that runs in about 100.
  const options = ['-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ')
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, options, types: pgliteLikeTypes, ...(applicationName ? { application_name: applicationName } : {}) })
  // Transactions hold at most all but two connections: a burst of writes queued on one row lock (a member's credit, a
  // number's totals) then never makes a single read (a page, the live exposure, a token check) wait behind it.
  const transactions = pLimit(Math.max(1, maxConnections - READ_RESERVE))
  const listeners = new Set<(error: Error) => void>()
  // An idle connection the server dropped emits 'error' on the pool; with no listener Node would end the process.
  pool.on('error', (error) => {
    if (listeners.size === 0) console.error(`PostgreSQL connection lost (the pool reconnects on the next query): ${error.message}`)
    for (const listener of listeners) listener(error)
  })
  // A query without parameters goes over the simple protocol, which takes a script of several statements.
  const wrap = (client: pg.Pool | pg.PoolClient): Transaction => ({
    query: async (text, params) => {
      const result = await client.query(text, params)
      return { rows: result.rows, rowCount: result.rowCount ?? 0 }
    },
    exec: async (sql) => { await client.query(sql) }
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: (fn) => transactions(async () => {
      const client = await pool.connect()
      // A checked-out connection that drops between two queries emits 'error' on itself, not on the pool.
      let lost: Error | undefined
      const onLost = (error: Error) => { lost = error }
      client.on('error', onLost)
      try {
        await client.query('BEGIN')
        const value = await fn(wrap(client))
        await client.query('COMMIT')
        return value
      } catch (error) {
        if (isStoreUnavailable(error)) lost ??= error as Error
        else await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.removeListener('error', onLost)
        // A lost connection is destroyed, never handed to the next caller.
        client.release(lost)
      }
    }),
    exec: async (sql) => { await pool.query(sql) },
    fork: async (max) => {
      const forked = await openPostgres(url, schema, applicationName, max)
      for (const listener of listeners) forked.onConnectionError(listener)
      return forked
    },
    onConnectionError: (listener) => { listeners.add(listener) },
    close: () => pool.end()
  }
}
