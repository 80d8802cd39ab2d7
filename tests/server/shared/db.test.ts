import t from 'tap'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../../../server/shared/migrate.ts'
import { eachDatabase, freshDb } from '../../helpers/db.ts'

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
