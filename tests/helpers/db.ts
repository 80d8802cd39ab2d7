import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Test } from 'tap'
import { openDb, type Db } from '../../server/shared/db.ts'
import { reachable } from './reachable.ts'
import { snapshot, type Snapshot } from './snapshot.ts'

/** The PostgreSQL server tests use when it answers; override with TEST_DATABASE_URL. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Whether the test PostgreSQL server answers. */
export const postgresReachable = () => reachable(testPostgresUrl, 5432)

export type DbKind = Db['kind']

/** Whatever closes what a helper opened when it ends: a tap test, or a benchmark's own list (bench/lib/product.ts). */
export interface Owner { teardown: (fn: () => unknown) => void }

/**
 * A fresh database of that kind for one test: PGlite in memory (loaded from the snapshot when one is named, so it is
 * already migrated and seeded), or its own empty schema on the server (dropped after).
 */
export async function freshDb (t: Owner, kind: DbKind, from?: Snapshot): Promise<Db> {
  if (kind === 'pglite') {
    const db = await openDb(from ? { loadDataDir: await snapshot(from) } : {})
    t.teardown(() => db.close())
    return db
  }
  const schema = `t_${randomBytes(6).toString('hex')}`
  const db = await openDb({ url: testPostgresUrl, schema })
  t.teardown(async () => {
    await db.close()
    const admin = new pg.Client({ connectionString: testPostgresUrl })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.end()
  })
  return db
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
