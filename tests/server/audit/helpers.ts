import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { migrate } from '../../../server/shared/migrate.ts'
import type { Db } from '../../../server/shared/db.ts'
import { freshDb, type DbKind } from '../../helpers/db.ts'

/** The service's migrations folder (audit_log comes from 020). */
export const serviceMigrations = fileURLToPath(new URL('../../../server/src/migrations', import.meta.url))

/** A fresh database of that kind with the service's tables. */
export async function auditDb (t: Test, kind: DbKind): Promise<Db> {
  const db = await freshDb(t, kind)
  await migrate(db, serviceMigrations)
  return db
}

/** Every text the audit table holds, as one string to search for canaries. */
export async function wholeAuditTable (db: Db): Promise<string> {
  const { rows } = await db.query('SELECT * FROM audit_log ORDER BY id')
  return JSON.stringify(rows)
}

/** Polls until check passes (events are recorded after the emitter returns). */
export async function eventually (check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
