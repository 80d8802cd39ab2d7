import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from './db.ts'
import { SETUP_TRANSACTION_TIMEOUT_MS } from './transaction-guard.ts'

/** Applies the numbered NNN_name.sql files of dir that have not run yet, each in its own transaction. */
export async function migrate (db: Db, dir: string): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
  const files = (await readdir(dir)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort()
  const applied: string[] = []
  for (const name of files) {
    const sql = await readFile(join(dir, name), 'utf8')
    const ran = await db.transaction(async (tx) => {
      // The lock makes concurrent starts (several instances) apply each migration once.
      await tx.query('SELECT pg_advisory_xact_lock(7401)')
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])
      if (seen.rowCount > 0) return false
      // The file runs whole, so function bodies ($$ … $$) and any other statement with semicolons inside are kept intact.
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
      return true
    }, { timeoutMs: SETUP_TRANSACTION_TIMEOUT_MS })
    if (ran) applied.push(name)
  }
  return applied
}
