import { randomBytes } from 'node:crypto'
import type { Test } from 'tap'
import { openDb, type Db } from '../../server/shared/db.ts'
import { reachable } from './reachable.ts'
import { snapshot, type Snapshot } from './snapshot.ts'
import { databaseUrl, onServer, pgTemplate, TEMPLATE_SCHEMA } from './pg-template.ts'

/** The PostgreSQL server tests use when it answers; override with TEST_DATABASE_URL. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Whether the test PostgreSQL server answers. */
export const postgresReachable = () => reachable(testPostgresUrl, 5432)

export type DbKind = Db['kind']

/**
 * The database a test product runs its game API and store on when the test names none: TEST_DB_KIND, else PostgreSQL when
 * it answers (the deployed topology; its queries run in the server's processes, not in the test's one thread, which makes
 * the suite a quarter faster), else PGlite. PGlite, the embedded default, stays covered: what the stores do differently is
 * tested on both through eachDatabase, and the start tests and the smoke browser test run it as `npm start` does.
 */
export async function productDbKind (): Promise<DbKind> {
  const named = process.env.TEST_DB_KIND
  if (named === 'pglite' || named === 'postgres') return named
  return await postgresReachable() ? 'postgres' : 'pglite'
}

/** Whatever closes what a helper opened when it ends: a tap test, or a benchmark's own list (bench/lib/product.ts). */
export interface Owner { teardown: (fn: () => unknown) => void }

/**
 * A fresh database of that kind for one test, dropped after: PGlite in memory, or on the server a database of its own
 * copied from the snapshot's template, or an empty schema when no snapshot is named. A named snapshot is already migrated
 * (and seeded, for a game API).
 */
export async function freshDb (t: Owner, kind: DbKind, from?: Snapshot): Promise<Db> {
  if (kind === 'pglite') {
    const db = await openDb(from ? { loadDataDir: await snapshot(from) } : {})
    t.teardown(() => db.close())
    return db
  }
  if (from) {
    const db = await openDb(await templateCopy(t, from))
    // Closed before the copy is dropped (teardowns run last first).
    t.teardown(() => db.close())
    return db
  }
  const name = `t_${randomBytes(6).toString('hex')}`
  const db = await openDb({ url: testPostgresUrl, schema: name })
  t.teardown(async () => {
    await db.close()
    await onServer(testPostgresUrl, (client) => client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`))
  })
  return db
}

/**
 * A PostgreSQL database of its own, copied from the snapshot's template (a file copy instead of a migration and a seed) and
 * dropped after; answers where its data is, for a test that opens it itself or hands it to a child process.
 */
export async function templateCopy (t: Owner, from: Snapshot): Promise<{ url: string, schema: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const template = await pgTemplate(testPostgresUrl, from)
  await onServer(testPostgresUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`))
  t.teardown(() => onServer(testPostgresUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
  return { url: databaseUrl(testPostgresUrl, name), schema: TEMPLATE_SCHEMA }
}

/**
 * Runs body once, on the store a test product uses (productDbKind: PostgreSQL when it answers). Route tests run here: no server
 * code branches on the store, and the two read every type alike (server/shared/db-types.ts, held by the parity test in
 * tests/server/shared/db.test.ts), so a route runs the same SQL to the same values on either. What the stores do differently
 * (transactions, locks, job claims, migrations, the audit verify script) is tested on both through eachDatabase;
 * TEST_DB_KIND=pglite runs the rest on PGlite.
 */
export async function onTestDatabase (t: Test, body: (t: Test, kind: DbKind) => Promise<void>): Promise<void> {
  const kind = await productDbKind()
  await t.test(kind === 'postgres' ? 'on PostgreSQL' : 'on PGlite', (tt) => body(tt, kind))
}

/** Runs body once per database kind: PGlite always, PostgreSQL when reachable (and says so when it is not). */
export async function eachDatabase (t: Test, body: (t: Test, kind: DbKind) => Promise<void>): Promise<void> {
  await t.test('on PGlite', (tt) => body(tt, 'pglite'))
  if (await postgresReachable()) {
    await t.test('on PostgreSQL', (tt) => body(tt, 'postgres'))
  } else {
    t.comment(`PostgreSQL at ${testPostgresUrl} is not reachable: skipped the PostgreSQL run`)
    await t.test('on PostgreSQL', { skip: `PostgreSQL at ${testPostgresUrl} is not reachable` }, async () => {})
  }
}
