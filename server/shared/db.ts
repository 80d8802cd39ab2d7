import { mkdir } from 'node:fs/promises'
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite'
import { runPrepared } from './pglite-prepared.ts'
import pg from 'pg'
import pLimit from 'p-limit'
import { pgliteLikeTypes } from './db-types.ts'
import { STATEMENT_TIMEOUT_MS, TRANSACTION_TIMEOUT_MS, transactionGuard } from './transaction-guard.ts'
import { READ_RESERVE, defaultPoolSize } from './pool-size.ts'

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
  /**
   * Runs fn in one transaction: committed when fn resolves, rolled back when it throws or outlives its bound (TransactionTimeout).
   * Inside fn every statement goes through tx: the database's own handle refuses them (QueryInsideTransaction).
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>
  /** Another handle on the same database with connections of its own (PGlite: the same single connection), closed on its own. */
  fork(maxConnections: number): Promise<Db>
  /** Tells listener about connections the server dropped (pg_terminate_backend, a restart); the pool reconnects on its own. */
  onConnectionError(listener: (error: Error) => void): void
  close(): Promise<void>
}

// Statements a hot path runs many times a second (a placement's): each marked text gets a name, under which PostgreSQL keeps it
// parsed and planned on every connection (about half of such a statement's cost is its planning). Only texts of a bounded set.
const preparedNames = new Map<string, string>()

// Generic plans for the named (prepared) statements, on both stores: left to choose, PostgreSQL planned placement's statements afresh on
// every run (their array parameters keep the generic plan's estimate above the custom ones'), about 0.8 of its 2.8 ms of CPU a bet.
const GENERIC_PLANS = 'plan_cache_mode=force_generic_plan'

/** Marks a statement's text as worth preparing (kept parsed and planned on each PostgreSQL connection and each PGlite database); answers the text. */
export function prepared (text: string): string {
  if (!preparedNames.has(text)) preparedNames.set(text, `prepared_${preparedNames.size + 1}`)
  return text
}

/** A transaction's own bound, for the few that do more than a request's work (a migration, the first seed). */
export interface TransactionOptions {
  /** Default TRANSACTION_TIMEOUT_MS; on PostgreSQL it is the transaction's statement timeout too. */
  timeoutMs?: number
}

// Codes and messages of a store that cannot answer now (connection lost, server shutting down or starting): a 503, not a fault.
// A statement or transaction cut at its bound (57014, STORE_TIMEOUT) is one too: the same call may pass when the store is less busy.
const UNAVAILABLE_CODES = /^(08|57P0[1-3]|53300|57014)|^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|STORE_TIMEOUT)$/
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
  /** How long a transaction may hold the store (default TRANSACTION_TIMEOUT_MS); tests shorten it. */
  transactionTimeoutMs?: number | undefined
  /** PostgreSQL only: how long one statement may run (default STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number | undefined
  /** PostgreSQL only: connections the pool keeps at most (default two per core, pool-size.ts; DATABASE_POOL_SIZE). */
  poolSize?: number | undefined
}

/** Opens PGlite or a pg pool behind the same interface. */
export async function openDb (options: DbOptions): Promise<Db> {
  const bounds = { transactionMs: options.transactionTimeoutMs ?? TRANSACTION_TIMEOUT_MS, statementMs: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS }
  return options.url ? openPostgres(options.url, options.schema, options.applicationName, bounds, options.poolSize) : openPglite(options.dataDir, options.loadDataDir, bounds.transactionMs)
}

async function openPglite (dataDir: string | undefined, loadDataDir: Blob | undefined, transactionTimeoutMs: number): Promise<Db> {
  if (dataDir && !dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  return pgliteDb(await PGlite.create(dataDir ?? 'memory://', loadDataDir ? { loadDataDir } : {}), transactionTimeoutMs)
}

/** The adapter over an open PGlite (tests open one themselves to dump its data dir). */
export function pgliteDb (lite: PGlite, transactionTimeoutMs = TRANSACTION_TIMEOUT_MS): Db {
  // Queued before any statement of the adapter's, outside every transaction (a SET inside one would roll back with it).
  lite.exec(`SET ${GENERIC_PLANS}`).catch(() => { /* a closed database: its statements fail with their own error */ })
  const run = async <Row>(q: PGlite | PGliteTransaction, text: string, params?: unknown[]) => {
    const name = params === undefined ? undefined : preparedNames.get(text)
    const result = name === undefined ? await q.query<Row>(text, params as never) : await runPrepared<Row>(lite, q === lite ? undefined : q as PGliteTransaction, name, text, params ?? [])
    return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
  }
  // PGlite has one connection: a statement sent to it from inside its own transaction would wait for that transaction forever.
  const guard = transactionGuard()
  const db: Db = {
    kind: 'pglite',
    query: async (text, params) => {
      guard.assertOutside(text)
      return run(lite, text, params)
    },
    // A timed-out body is rejected, so PGlite rolls back and frees the connection; the body's later statements meet a closed transaction.
    transaction: async (fn, options) => {
      guard.assertOutside('BEGIN')
      return lite.transaction((tx) => guard.run(() => fn({ query: (text, params) => run(tx, text, params), exec: async (sql) => { await tx.exec(sql) } }), options?.timeoutMs ?? transactionTimeoutMs, () => {}))
    },
    exec: async (sql) => {
      guard.assertOutside(sql)
      await lite.exec(sql)
    },
    // An embedded database has one connection: a fork shares it, and closing the fork leaves it open.
    fork: async () => ({ ...db, close: async () => {} }),
    // An embedded database has no connection to lose.
    onConnectionError: () => {},
    close: () => lite.close()
  }
  return db
}

interface Bounds { transactionMs: number, statementMs: number }

// Forks share the guard: a fork's statement inside the first handle's transaction may wait on that transaction's locks.
async function openPostgres (url: string, schema: string | undefined, applicationName: string | undefined, bounds: Bounds, maxConnections = defaultPoolSize(), guard = transactionGuard()): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema name "${schema}" must be lower-case letters, digits and _`)
  if (schema) {
    const admin = new pg.Client({ connectionString: url })
    admin.on('error', () => {})
    await admin.connect()
    try { await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`) } finally { await admin.end() }
  }
  // JIT off: these are short OLTP statements, and the planner's overestimate of a recursive downline made the search spend
  // 250 to 350 ms compiling a query that runs in about 100.
  // The server ends a statement past its bound, and a connection left idle inside a transaction (a client that died mid-way).
  const options = ['-c jit=off', `-c ${GENERIC_PLANS}`, `-c statement_timeout=${bounds.statementMs}`, `-c idle_in_transaction_session_timeout=${bounds.transactionMs}`, ...(schema ? [`-c search_path=${schema}`] : [])].join(' ')
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
  // A statement sent to the pool from inside a transaction may wait on that transaction's locks, or for a connection it holds (see guard).
  // A query without parameters goes over the simple protocol, which takes a script of several statements.
  const wrap = (client: pg.Pool | pg.PoolClient, usable: (text: string) => void): Transaction => ({
    query: async (text, params) => {
      usable(text)
      const name = params === undefined ? undefined : preparedNames.get(text)
      const result = name === undefined ? await client.query(text, params) : await client.query({ name, text, values: params })
      return { rows: result.rows, rowCount: result.rowCount ?? 0 }
    },
    exec: async (sql) => {
      usable(sql)
      await client.query(sql)
    }
  })
  return {
    kind: 'postgres',
    ...wrap(pool, guard.assertOutside),
    transaction: async (fn, txOptions) => {
      guard.assertOutside('BEGIN')
      return transactions(async () => {
        const client = await pool.connect()
        // A checked-out connection that drops between two queries emits 'error' on itself, not on the pool.
        let lost: Error | undefined
        const onLost = (error: Error) => { lost = error }
        client.on('error', onLost)
        const timeoutMs = txOptions?.timeoutMs ?? bounds.transactionMs
        // Once the transaction has ended (a timeout), a body still running may not use the connection, which another caller may hold.
        let ended = false
        const usable = (text: string) => { if (ended) throw new Error(`The transaction had ended when this statement came: ${text.trim().slice(0, 80)}`) }
        try {
          await client.query('BEGIN')
          if (txOptions?.timeoutMs !== undefined) await client.query(`SET LOCAL statement_timeout = ${Math.max(0, Math.floor(timeoutMs))}`)
          // A timeout destroys the connection (released with the error below), which makes the server roll back.
          const value = await guard.run(() => fn(wrap(client, usable)), timeoutMs, (error) => { lost ??= error })
          await client.query('COMMIT')
          return value
        } catch (error) {
          if (isStoreUnavailable(error)) lost ??= error as Error
          else await client.query('ROLLBACK').catch(() => {})
          throw error
        } finally {
          ended = true
          client.removeListener('error', onLost)
          // A lost connection is destroyed, never handed to the next caller.
          client.release(lost)
        }
      })
    },
    exec: async (sql) => {
      guard.assertOutside(sql)
      await pool.query(sql)
    },
    fork: async (max) => {
      const forked = await openPostgres(url, schema, applicationName, bounds, max, guard)
      for (const listener of listeners) forked.onConnectionError(listener)
      return forked
    },
    onConnectionError: (listener) => { listeners.add(listener) },
    close: () => pool.end()
  }
}
