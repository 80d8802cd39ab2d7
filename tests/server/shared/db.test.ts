import t from 'tap'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import pg from 'pg'
import { join } from 'node:path'
import { migrate } from '../../../server/shared/migrate.ts'
import { isStoreUnavailable, openDb, prepared } from '../../../server/shared/db.ts'
import { poolSizeFor } from '../../../server/shared/pool-size.ts'
import { QueryInsideTransaction, STATEMENT_TIMEOUT_MS, TransactionTimeout } from '../../../server/shared/transaction-guard.ts'
import { eachDatabase, freshDb, postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { eventually } from '../../helpers/eventually.ts'

t.test('the adapter', (t) => eachDatabase(t, async (t, kind) => {
  const db = await freshDb(t, kind)
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
  await writeFile(join(dir, '001_a.sql'), 'CREATE TABLE a (id int PRIMARY KEY, note text);\nINSERT INTO a VALUES (1, \'one\');\n')
  await writeFile(join(dir, '002_b.sql'), 'ALTER TABLE a ADD COLUMN extra int;\n')
  t.same(await migrate(db, dir), ['001_a.sql', '002_b.sql'], 'applies numbered migrations in order')
  t.same(await migrate(db, dir), [], 'applies each migration once')

  const rows = await db.query<{ note: string }>('SELECT note FROM a WHERE id = $1', [1])
  t.same(rows.rows, [{ note: 'one' }], 'queries take parameters')

  await t.rejects(db.transaction(async (tx) => {
    await tx.query('INSERT INTO a (id, note) VALUES (2, $1)', ['two'])
    throw new Error('boom')
  }), /boom/)
  t.equal((await db.query('SELECT 1 FROM a WHERE id = 2')).rowCount, 0, 'a failed transaction leaves nothing behind')

  await db.transaction(async (tx) => { await tx.query('INSERT INTO a (id, note) VALUES (3, $1)', ['three']) })
  t.equal((await db.query('SELECT 1 FROM a WHERE id = 3')).rowCount, 1, 'a committed transaction is kept')

  await writeFile(join(dir, '003_bad.sql'), 'CREATE TABLE c (id int);\nSELECT nope FROM nowhere;\n')
  await t.rejects(migrate(db, dir), 'a broken migration fails')
  t.equal((await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'c'")).rowCount, 0, 'and leaves no half-applied change')
}))

const onPostgres = await postgresReachable()

t.test('a pool keeps two connections per core unless told, never fewer than 4', async (t) => {
  t.same([1, 2, 3, 8].map(poolSizeFor), [4, 4, 6, 16])
})

t.test('a PostgreSQL pool opens at most poolSize connections, however many statements wait', { skip: onPostgres ? false : `PostgreSQL at ${testPostgresUrl} is not reachable` }, async (t) => {
  const applicationName = `pool_size_${process.pid}`
  const db = await openDb({ url: testPostgresUrl, applicationName, poolSize: 5 })
  t.teardown(() => db.close())
  const watcher = new pg.Client({ connectionString: testPostgresUrl })
  await watcher.connect()
  t.teardown(() => watcher.end())
  const open = async () => Number((await watcher.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [applicationName])).rows[0]?.n)
  const started = performance.now()
  const sleeping = Array.from({ length: 9 }, () => db.query('SELECT pg_sleep(0.3)'))
  await eventually(async () => (await open()) === 5)
  t.equal(await open(), 5, 'five connections are open while nine statements wait')
  await Promise.all(sleeping)
  t.ok(performance.now() - started >= 550, 'so the nine ran in two turns')
})

t.test('transactions queued on one row lock leave connections to single statements', { skip: onPostgres ? false : `PostgreSQL at ${testPostgresUrl} is not reachable` }, async (t) => {
  const schema = await freshDb(t, 'postgres')
  await schema.exec('CREATE TABLE hot (id int PRIMARY KEY, n int); INSERT INTO hot VALUES (1, 0)')
  const db = await schema.fork(4)
  t.teardown(() => db.close())
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  // Six writers on one row, as a member's bets are on its credit: one holds the lock, the rest wait for it or for a connection.
  const writers = Array.from({ length: 6 }, () => db.transaction(async (tx) => {
    await tx.query('SELECT n FROM hot WHERE id = 1 FOR UPDATE')
    await held
    await tx.query('UPDATE hot SET n = n + 1 WHERE id = 1')
  }))
  // Once a writer waits on the lock, every connection a writer may take is taken.
  await eventually(async () => Number((await schema.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT n FROM hot%'")).rows[0]?.n) >= 1)
  const read = await Promise.race([db.query('SELECT n FROM hot WHERE id = 1'), new Promise((resolve) => setTimeout(() => resolve('waited'), 3000))])
  t.not(read, 'waited', 'a read is answered while every writer waits')
  release()
  await Promise.all(writers)
  t.same((await db.query('SELECT n FROM hot')).rows, [{ n: 6 }], 'and every writer commits')
})

// Route tests run on one store (helpers/db.ts testDbKind): the two must hand code the same values for every type the migrations use.
t.test('a statement marked prepared runs by name, kept by the PostgreSQL connection and the PGlite database, and answers as any other', (t) => eachDatabase(t, async (t, kind) => {
  const db = await freshDb(t, kind)
  const text = prepared('SELECT $1::int + 1 AS next')
  const names = await db.transaction(async (tx) => {
    t.same((await tx.query(text, [41])).rows, [{ next: 42 }])
    t.same((await tx.query(text, [1])).rows, [{ next: 2 }], 'again, with other values')
    return (await tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map((r) => r.statement)
  })
  t.same(names, [text], 'the connection keeps it prepared')
  t.same((await db.query(text, [9])).rows, [{ next: 10 }], 'and outside a transaction too')
  await t.rejects(db.query(text, ['nine']), /invalid input syntax for type integer/, 'a bad value is refused with the store\'s own message')
  t.same((await db.query(text, [2])).rows, [{ next: 3 }], 'and the statement still runs after it')
}))

t.test('a prepared statement keeps to its transaction: sent outside one, it is not undone with it; sent after it ended, it is refused', (t) => eachDatabase(t, async (t, kind) => {
  const db = await freshDb(t, kind)
  await db.exec('CREATE TABLE notes (id int PRIMARY KEY)')
  const add = prepared('INSERT INTO notes (id) VALUES ($1)')
  let opened!: () => void
  const open = new Promise<void>((resolve) => { opened = resolve })
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  const failing = db.transaction(async (tx) => {
    await tx.query(add, [1])
    opened()
    await held
    throw new Error('undo')
  })
  await open
  const outside = db.query(add, [2])
  release()
  await t.rejects(failing, /undo/)
  await outside
  t.same((await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).rows, [{ id: 2 }], 'the transaction\'s row is gone, the one sent beside it kept')

  let late!: Promise<unknown>
  await t.rejects(db.transaction(async (tx) => {
    late = new Promise((resolve) => setTimeout(resolve, 150)).then(() => tx.query(add, [3]))
    late.catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 400))
  }, { timeoutMs: 50 }), 'the transaction outlives its bound')
  await t.rejects(late, 'a statement its body sends afterwards is refused')
  t.same((await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).rows, [{ id: 2 }], 'and writes nothing')
}))

t.test('PGlite and PostgreSQL read every column type the same', { skip: onPostgres ? false : `PostgreSQL at ${testPostgresUrl} is not reachable` }, async (t) => {
  const values = `SELECT 7::int AS int, 9007199254740991::bigint AS bigint, 9007199254740993::bigint AS big, 12.50::numeric(12,2) AS numeric,
    'x'::text AS text, true AS bool, '2030-01-03'::date AS date, '2030-01-03T02:00:00Z'::timestamptz AS timestamptz,
    '{"a":[1,"b"]}'::jsonb AS jsonb, '90 minutes'::interval AS interval, ARRAY[1,2] AS ints, ARRAY[3,4]::bigint[] AS bigints,
    ARRAY['a',NULL] AS texts, NULL::numeric AS none, count(*) AS count, sum(2) AS sum, sum(2.5) AS sum_numeric, avg(3) AS avg`
  const read = async (kind: 'pglite' | 'postgres') => (await (await freshDb(t, kind)).query(values)).rows[0]
  const [lite, server] = await Promise.all([read('pglite'), read('postgres')])
  t.same(server, lite, 'the same values')
  t.same(Object.values(server ?? {}).map((v) => v?.constructor.name), Object.values(lite ?? {}).map((v) => v?.constructor.name), 'of the same types')
  t.match(lite, { bigint: 9007199254740991, big: 9007199254740993n, count: 1, date: new Date('2030-01-03T00:00:00Z'), interval: '01:30:00' }, 'a bigint is a number while it is exact, a date midnight UTC')
})

// One request that used the database's own handle inside its transaction held PGlite's one connection forever (every later call 504).
t.test('no transaction holds the store: a statement on the database inside its own transaction is refused at once, and a transaction past its bound is rolled back', (t) => eachDatabase(t, async (t, kind) => {
  const db = await freshDb(t, kind)
  await db.exec('CREATE TABLE held (id int PRIMARY KEY)')
  const inside = await Promise.race([
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO held VALUES (1)')
      await db.query('SELECT count(*) FROM held')
    }).then(() => 'ran', (error: Error) => error),
    new Promise((resolve) => setTimeout(() => resolve('waited'), 3000))
  ])
  t.type(inside, QueryInsideTransaction, 'the database handle refuses a statement inside its transaction instead of waiting for it')
  await t.rejects(db.transaction(async () => { await db.transaction(async () => {}) }), QueryInsideTransaction, 'and a transaction inside a transaction')
  t.equal((await db.query('SELECT 1 FROM held')).rowCount, 0, 'the refused transaction left nothing behind')

  const started = Date.now()
  const slow = db.transaction(async (tx) => {
    await tx.query('INSERT INTO held VALUES (2)')
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await tx.query('INSERT INTO held VALUES (3)')
  }, { timeoutMs: 300 })
  const refusal = await slow.then(() => undefined, (error: unknown) => error)
  t.type(refusal, TransactionTimeout, 'a transaction past its bound is refused')
  t.ok(isStoreUnavailable(refusal), 'as a store busy for now (503, try again), not a fault')
  t.ok(Date.now() - started < 1500, `at its bound, not at its end (${Date.now() - started} ms)`)
  t.same((await db.query('SELECT id FROM held')).rows, [], 'rolled back, and the store answers the next statement at once')
  await new Promise((resolve) => setTimeout(resolve, 2000))
  t.same((await db.query('SELECT id FROM held')).rows, [], 'the body that went on after its bound wrote nothing')
  if (kind === 'postgres') t.equal((await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]?.statement_timeout, `${STATEMENT_TIMEOUT_MS / 1000}s`, 'PostgreSQL ends a statement past its bound')
}))
