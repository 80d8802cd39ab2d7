import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { openDb, type Db } from '../../../server/shared/db.ts'
import { migrate } from '../../../server/shared/migrate.ts'
import { appendRecords } from '../../../server/src/audit/store.ts'
import { shapeRecord } from '../../../server/src/audit/record.ts'
import { eachDatabase, freshDb, testPostgresUrl } from '../../helpers/db.ts'
import { migrationsDir as serviceMigrations } from '../../../server/src/plugins/app/store.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** Runs `npm run audit:verify` with only the given settings; resolves with its exit code and output. */
function auditVerify (env: Record<string, string>): Promise<{ code: number | null, out: string, err: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _d, DATA_DIR: _dd, ...rest } = process.env
    const child = spawn('npm', ['run', '-s', 'audit:verify'], { cwd: root, env: { ...rest, ...env } })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => { out += c })
    child.stderr.on('data', (c) => { err += c })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

t.test('npm run audit:verify: exit 0 with the count, 1 naming the first broken record, 2 when the store cannot be read', (t) => eachDatabase(t, async (t, kind) => {
  let env: Record<string, string>
  let reopen: () => Promise<Db>
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'audit-verify-'))
    t.teardown(() => rm(dir, { recursive: true, force: true }))
    env = { DATA_DIR: dir }
    reopen = () => openDb({ dataDir: join(dir, 'service') })
  } else {
    // The script reads DATABASE_URL only; the test's own schema is chosen through the connection's search_path.
    const db = await freshDb(t, kind)
    const schema = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s
    // Its own DATA_DIR too: the checkpoints of a ./data left by npm start belong to another store.
    const dir = await mkdtemp(join(tmpdir(), 'audit-verify-'))
    t.teardown(() => rm(dir, { recursive: true, force: true }))
    env = { DATABASE_URL: `${testPostgresUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`, DATA_DIR: dir }
    reopen = () => openDb({ url: testPostgresUrl, schema })
  }

  const empty = await auditVerify(env)
  t.equal(empty.code, 0, 'no audit log yet is not an error')
  t.match(empty.out, /^OK: 0 records/)

  let db = await reopen()
  await migrate(db, serviceMigrations)
  const { ids } = await appendRecords(db, Array.from({ length: 6 }, (_, i) => shapeRecord({ action: 'request', userId: 'ag1', detail: { i } })))
  await db.close()
  const ok = await auditVerify(env)
  t.equal(ok.code, 0, ok.err)
  t.match(ok.out, /^OK: 6 records, chain intact/)

  db = await reopen()
  await db.query("UPDATE audit_log SET user_id = 'admin' WHERE id = $1", [ids[3]])
  await db.close()
  const broken = await auditVerify(env)
  t.equal(broken.code, 1)
  t.match(broken.err, new RegExp(`^BROKEN: record id ${ids[3]}: `), 'names the first broken record')
  t.match(broken.err, /3 records before it verified/)

  const down = await auditVerify({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' })
  t.equal(down.code, 2)
  t.match(down.err, /^ERROR: could not read the audit log/)
}))
