import { createHash } from 'node:crypto'
import pg from 'pg'
import { openDb } from '../../server/shared/db.ts'
import { fillSnapshot, nameOf, sourceHash, type Snapshot } from './snapshot.ts'

/**
 * PostgreSQL's counterpart of the PGlite snapshots: a template database migrated (and seeded) once, which each test
 * copies with CREATE DATABASE … TEMPLATE (a file copy) instead of migrating and seeding a schema of its own.
 */

/** The schema the data lives in, in the template and so in every copy of it. */
export const TEMPLATE_SCHEMA = 'app'

/** Runs fn on a connection to the server's maintenance database (the one in url), closed after. */
export async function onServer<T> (url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return await fn(client) } finally { await client.end() }
}

/** url with another database name. */
export function databaseUrl (url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/**
 * The name of a template holding the snapshot, made first when none is good any more (once across processes, under an
 * advisory lock). A template's good-until instant is its name's last part, so an expired one is never copied.
 */
export async function pgTemplate (url: string, s: Snapshot): Promise<string> {
  const prefix = `tpl_${createHash('sha256').update(`${nameOf(s)}-${await sourceHash()}`).digest('hex').slice(0, 16)}_`
  const current = async (client: pg.Client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datistemplate', [`${prefix}%`])
    const good = rows.map((r) => r.datname).filter((name) => Number(name.slice(prefix.length)) * 1000 > Date.now() + 60_000)
    return { good: good.sort().at(-1), expired: rows.map((r) => r.datname).filter((name) => !good.includes(name)) }
  }
  return onServer(url, async (client) => {
    const found = await current(client)
    if (found.good) return found.good
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [prefix])
    try {
      const again = await current(client)
      if (again.good) return again.good
      const making = `${prefix}making_${process.pid}`
      await client.query(`DROP DATABASE IF EXISTS ${making}`)
      await client.query(`CREATE DATABASE ${making}`)
      const db = await openDb({ url: databaseUrl(url, making), schema: TEMPLATE_SCHEMA })
      let until: number
      try { until = await fillSnapshot(db, s) } finally { await db.close() }
      const name = `${prefix}${Math.floor(Math.min(until, 9_999_999_999_000) / 1000)}`
      await client.query(`ALTER DATABASE ${making} RENAME TO ${name}`)
      // A template nobody connects to can be copied at any time (autovacuum skips it too).
      await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
      // Expired copies of this snapshot, when no test is copying them just now.
      for (const old of again.expired) {
        await client.query(`ALTER DATABASE ${old} WITH IS_TEMPLATE false`).then(() => client.query(`DROP DATABASE IF EXISTS ${old}`)).catch(() => undefined)
      }
      return name
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [prefix])
    }
  })
}
