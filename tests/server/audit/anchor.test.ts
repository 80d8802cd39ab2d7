import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { loadSettings } from '../../../server/shared/env.ts'
import { openDb } from '../../../server/shared/db.ts'
import { buildService } from '../../../server/src/app.ts'
import { auditVerify } from '../../../server/scripts/audit-verify.ts'
import { appendRecords } from '../../../server/src/audit/store.ts'
import { shapeRecord } from '../../../server/src/audit/record.ts'

// The service on disk (DATA_DIR), as in production: every committed batch leaves a signed checkpoint in DATA_DIR/audit-anchors.log.
const dir = await mkdtemp(join(tmpdir(), 'audit-anchor-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const app = await buildService({ settings: loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: dir }), gameApiUrl: 'http://127.0.0.1:9' })
for (let i = 0; i < 8; i++) await app.audit.record({ action: 'test', userId: 'ag1', detail: { i } })
await app.close()

t.test('an intact log reaches every checkpoint', async (t) => {
  const { code, lines } = await auditVerify({ DATA_DIR: dir })
  t.equal(code, 0, lines.join('\n'))
  t.match(lines[0], /^OK: \d+ records, chain intact in PGlite at .*, reaching all \d+ checkpoints of .*audit-anchors\.log/)
})

t.test('deleting the newest records is seen: verify names the gap and the checkpoint that proves it', async (t) => {
  const db = await openDb({ dataDir: join(dir, 'service') })
  const max = (await db.query<{ max: number }>('SELECT max(id)::int AS max FROM audit_log')).rows[0]?.max ?? 0
  await db.query('DELETE FROM audit_log WHERE id > $1', [max - 3])
  await db.close()
  const { code, lines } = await auditVerify({ DATA_DIR: dir })
  t.equal(code, 1, 'BROKEN')
  t.match(lines[0], new RegExp(`^BROKEN: record id ${max - 2}: records after id ${max - 3} are missing: the last checkpoint, at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, names head id ${max} with hash [0-9a-f]{64}$`))
})

t.test('re-growing the chain over the deleted tail is seen too: the checkpointed record no longer has its hash', async (t) => {
  const db = await openDb({ dataDir: join(dir, 'service') })
  await appendRecords(db, Array.from({ length: 3 }, (_, i) => shapeRecord({ action: 'test', userId: 'forger', detail: { i } })))
  await db.close()
  const { code, lines } = await auditVerify({ DATA_DIR: dir })
  t.equal(code, 1)
  t.match(lines[0], /^BROKEN: record id \d+: the checkpoint at \S+ names hash [0-9a-f]{12}… for this record but it holds [0-9a-f]{12}…: the log was rewritten from there$/)
})

t.test('a checkpoint the database user writes without the key is refused', async (t) => {
  const file = join(dir, 'audit-anchors.log')
  const last = (await readFile(file, 'utf8')).trim().split('\n').pop() ?? '{}'
  await appendFile(file, `${JSON.stringify({ ...JSON.parse(last), id: 1, mac: '00'.repeat(32) })}\n`)
  const { code, lines } = await auditVerify({ DATA_DIR: dir })
  t.equal(code, 1)
  t.match(lines[0], /^BROKEN: line \d+ of .*audit-anchors\.log is not a checkpoint signed with this deployment's key/)
})
