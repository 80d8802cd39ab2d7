import { join } from 'node:path'
import { loadSettings } from '../shared/env.ts'
import { openServiceStore } from '../src/plugins/app/store.ts'
import { verifyAuditLog } from '../src/audit/store.ts'
import { anchorFile, anchorKey, readCheckpoints } from '../src/audit/anchor.ts'
import { resolveSessionKey } from '../src/plugins/external/secure-session.ts'

// npm run audit:verify: walks the service's audit chain (DATABASE_URL, else PGlite under DATA_DIR/service).
// and holds it against the signed checkpoints in DATA_DIR/audit-anchors.log, so a deleted tail is seen too.
// Exit 0 with OK and the count; 1 naming the first broken record or the missing tail; 2 when the store cannot be read.

/** Verifies the chain of the store the settings name; returns the exit code and the lines to print. */
export async function auditVerify (env: NodeJS.ProcessEnv): Promise<{ code: number, lines: string[] }> {
  let db
  try {
    const settings = loadSettings(env)
    // The same store the service opens.
    db = await openServiceStore(settings)
    const where = settings.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${join(settings.DATA_DIR, 'service')}`
    const table = await db.query<{ t: string | null }>("SELECT to_regclass('audit_log')::text AS t")
    if (!table.rows[0]?.t) return { code: 0, lines: [`OK: 0 records (no audit log yet in ${where})`] }
    const file = anchorFile(settings.DATA_DIR)
    const { checkpoints, bad } = file ? await readCheckpoints(file, anchorKey((await resolveSessionKey(settings)).key)) : { checkpoints: [], bad: [] }
    if (bad.length > 0) return { code: 1, lines: [`BROKEN: line ${bad.join(', ')} of ${file} is not a checkpoint signed with this deployment's key: the checkpoint file was altered`] }
    const verdict = await verifyAuditLog(db, checkpoints)
    const anchored = checkpoints.length > 0 ? `, reaching all ${checkpoints.length} checkpoints of ${file}` : ` (no checkpoints${file ? ` in ${file}` : ''}: a deleted tail would not be seen)`
    if (verdict.ok) return { code: 0, lines: [`OK: ${verdict.count} records, chain intact in ${where}${anchored} (last hash ${verdict.lastHash})`] }
    return { code: 1, lines: [`BROKEN: record id ${verdict.brokenId}: ${verdict.reason}`, `${verdict.count} records before it verified, in ${where}`] }
  } catch (error) {
    return { code: 2, lines: [`ERROR: could not read the audit log: ${(error as Error).message}`] }
  } finally {
    await db?.close().catch(() => {})
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code, lines } = await auditVerify(process.env)
  for (const line of lines) (code === 0 ? console.log : console.error)(line)
  process.exit(code)
}
