import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** Anything that runs one SQL statement: the database itself or a transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[], rowCount: number }>
}

/** The one storage adapter: plain PostgreSQL SQL on PGlite (embedded) or on a server through pg. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>
  /** Another handle on the same database with connections of its own (PGlite: the same single connection), closed on its own. */
  fork(maxConnections: number): Promise<Db>
  close(): Promise<void>
}

export interface DbOptions {
  /** postgres://… to use a server; absent for embedded PGlite. */
  url?: string | undefined
  /** PGlite data folder; absent or 'memory://' for an in-memory database. */
  dataDir?: string | undefined
  /** Server only: the schema every connection uses (created when missing); lets tests isolate runs. */
  schema?: string | undefined
}

/** Opens PGlite or a pg pool behind the same interface. */
export async function openDb (options: DbOptions): Promise<Db> {
  return options.url ? openPostgres(options.url, options.schema) : openPglite(options.dataDir)
}

async function openPglite (dataDir: string | undefined): Promise<Db> {
  if (dataDir && !dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  const lite = await PGlite.create(dataDir ?? 'memory://')
  const run = async <Row>(q: Pick<PGlite, 'query'>, text: string, params?: unknown[]) => {
    const result = await q.query<Row>(text, params as never)
    return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
  }
  const db: Db = {
    kind: 'pglite',
    query: (text, params) => run(lite, text, params),
    transaction: (fn) => lite.transaction((tx) => fn({ query: (text, params) => run(tx, text, params) })),
    exec: async (sql) => { await lite.exec(sql) },
    // An embedded database has one connection: a fork shares it, and closing the fork leaves it open.
    fork: async () => ({ ...db, close: async () => {} }),
    close: () => lite.close()
  }
  return db
}

async function openPostgres (url: string, schema: string | undefined, maxConnections = 10): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema name "${schema}" must be lower-case letters, digits and _`)
  if (schema) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try { await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`) } finally { await admin.end() }
  }
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, ...(schema ? { options: `-c search_path=${schema}` } : {}) })
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (text, params) => {
      const result = await client.query(text, params)
      return { rows: result.rows, rowCount: result.rowCount ?? 0 }
    }
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction (fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const value = await fn(wrap(client))
        await client.query('COMMIT')
        return value
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    exec: async (sql) => { await pool.query(sql) },
    fork: (max) => openPostgres(url, schema, max),
    close: () => pool.end()
  }
}
