import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'
import { openDb } from '../../../server/shared/db.ts'

/**
 * The store's own transaction rate, the peer placement is measured against (issue #43): PostgreSQL's pgbench TPC-B when
 * the binary is installed, else the same transaction (three updates, a read and an insert) written with pg. Its tables
 * live in a schema of their own, dropped by close.
 */
export interface StoreRate {
  /** What the rate counts, for the benchmark's printout. */
  readonly how: string
  /** Transactions per second of `clients` concurrent clients over `seconds`. */
  measure: (seconds: number, clients: number) => Promise<number>
  close: () => Promise<void>
}

const run = promisify(execFile)
/** TPC-B at scale 1, as pgbench -i makes it: one branch, 10 tellers, 100,000 accounts. */
const ACCOUNTS = 100_000

/** TPC-B's tables at scale 1. */
const TPCB_TABLES = `CREATE TABLE branches (bid int PRIMARY KEY, bbalance int NOT NULL);
  CREATE TABLE tellers (tid int PRIMARY KEY, bid int NOT NULL, tbalance int NOT NULL);
  CREATE TABLE accounts (aid int PRIMARY KEY, bid int NOT NULL, abalance int NOT NULL);
  CREATE TABLE history (tid int, bid int, aid int, delta int, mtime timestamp);
  INSERT INTO branches VALUES (1, 0);
  INSERT INTO tellers SELECT t, 1, 0 FROM generate_series(1, 10) AS t;
  INSERT INTO accounts SELECT a, 1, 0 FROM generate_series(1, ${ACCOUNTS}) AS a;`

const random = (n: number) => 1 + Math.floor(Math.random() * n)

/** The statements of one TPC-B transaction (pgbench's built-in script), sent through q inside the caller's transaction. */
async function tpcbTransaction (q: { query: (text: string, params: unknown[]) => Promise<unknown> }): Promise<void> {
  const [aid, tid, delta] = [random(ACCOUNTS), random(10), random(10_000) - 5_000]
  await q.query('UPDATE accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid])
  await q.query('SELECT abalance FROM accounts WHERE aid = $1', [aid])
  await q.query('UPDATE tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid])
  await q.query('UPDATE branches SET bbalance = bbalance + $1 WHERE bid = 1', [delta])
  await q.query('INSERT INTO history (tid, bid, aid, delta, mtime) VALUES ($1, 1, $2, $3, CURRENT_TIMESTAMP)', [tid, aid, delta])
}

/** Prepares the peer's tables in `schema` on the server at url. */
export async function storeRate (url: string, schema: string): Promise<StoreRate> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  const close = async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.end()
  }
  // pgbench's tables go where the connection's search_path says.
  const env = { ...process.env, PGOPTIONS: `-c search_path=${schema}` }
  if (spawnSync('sh', ['-c', 'command -v pgbench']).status === 0) {
    await run('pgbench', ['-i', '-q', '-s', '1', url], { env })
    return {
      how: 'pgbench TPC-B (scale 1)',
      async measure (seconds, clients) {
        const { stdout } = await run('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), url], { env })
        const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]
        if (tps === undefined) throw new Error(`pgbench printed no rate: ${stdout.slice(-300)}`)
        return Number(tps)
      },
      close
    }
  }
  await admin.query(`SET search_path = ${schema}; ${TPCB_TABLES}`)
  return {
    how: 'a TPC-B transaction written with pg (pgbench is not installed)',
    async measure (seconds, clients) {
      const pool = new pg.Pool({ connectionString: url, max: clients, options: `-c search_path=${schema}` })
      let done = 0
      const until = performance.now() + seconds * 1000
      await Promise.all(Array.from({ length: clients }, async () => {
        const client = await pool.connect()
        try {
          while (performance.now() < until) {
            await client.query('BEGIN')
            await tpcbTransaction(client)
            await client.query('COMMIT')
            done++
          }
        } finally {
          client.release()
        }
      }))
      await pool.end()
      return done / seconds
    },
    close
  }
}

/**
 * The same TPC-B transaction on an in-memory PGlite of its own, through the product's store adapter (db.transaction), the peer
 * placement on PGlite is measured against: PGlite has one connection, so the clients' transactions take turns, as placements do.
 */
export async function pgliteStoreRate (): Promise<StoreRate> {
  const db = await openDb({})
  await db.exec(TPCB_TABLES)
  return {
    how: 'a TPC-B transaction on an in-memory PGlite (the store adapter\'s transactions)',
    async measure (seconds, clients) {
      let done = 0
      const until = performance.now() + seconds * 1000
      await Promise.all(Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          await db.transaction(tpcbTransaction)
          done++
        }
      }))
      return done / seconds
    },
    close: () => db.close()
  }
}
