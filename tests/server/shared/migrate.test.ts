import t from 'tap'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../../../server/shared/migrate.ts'
import { eachDatabase, freshDb } from '../../helpers/db.ts'

// A function body, a trigger and a string hold semicolons of their own: splitting the file on ; would break each of them.
const withFunctionBody = `
CREATE TABLE note (id int PRIMARY KEY, body text NOT NULL, words int);

-- Counts the words of a note; the body has semicolons inside the dollar quotes.
CREATE FUNCTION count_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
BEGIN
  n := coalesce(array_length(regexp_split_to_array(trim(NEW.body), '\\s+'), 1), 0);
  NEW.words := n;
  RETURN NEW;
END;
$$;

CREATE TRIGGER note_words BEFORE INSERT ON note FOR EACH ROW EXECUTE FUNCTION count_words();
INSERT INTO note (id, body) VALUES (1, 'one; two; three');
`

t.test('a migration runs as one whole script', (t) => eachDatabase(t, async (t, kind) => {
  const db = await freshDb(t, kind)
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
  await writeFile(join(dir, '001_function.sql'), withFunctionBody)
  t.same(await migrate(db, dir), ['001_function.sql'], 'the file with a $$ function body applies')
  t.same((await db.query('SELECT body, words FROM note')).rows, [{ body: 'one; two; three', words: 3 }], 'the trigger function ran whole, and the string kept its semicolons')
  await db.query("INSERT INTO note (id, body) VALUES (2, 'a b')")
  t.same((await db.query('SELECT words FROM note WHERE id = 2')).rows, [{ words: 2 }], 'the function stays in place for later rows')

  await writeFile(join(dir, '002_half.sql'), 'CREATE TABLE later (id int);\nCREATE FUNCTION broken() RETURNS int LANGUAGE sql AS $$ SELECT nope FROM nowhere; $$;\n')
  await t.rejects(migrate(db, dir), 'a script that fails part-way fails')
  t.equal((await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'later'")).rowCount, 0, 'and none of its statements stay applied')
  t.equal((await db.query("SELECT 1 FROM schema_migrations WHERE name = '002_half.sql'")).rowCount, 0, 'nor is it recorded as applied')
}))
