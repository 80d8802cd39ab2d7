import type { Test } from 'tap'
import { migrate } from '../../../server/shared/migrate.ts'
import type { Db } from '../../../server/shared/db.ts'
import { migrationsDir as serviceMigrations } from '../../../server/src/plugins/app/store.ts'
import { freshDb, type DbKind } from '../../helpers/db.ts'

/** A fresh database of that kind with the service's tables (PGlite: the migrated snapshot; migrating it again is a no-op). */
export async function auditDb (t: Test, kind: DbKind): Promise<Db> {
  const db = await freshDb(t, kind, { of: 'service' })
  await migrate(db, serviceMigrations)
  return db
}

/** Every text the audit table holds, as one string to search for canaries. */
export async function wholeAuditTable (db: Db): Promise<string> {
  const { rows } = await db.query('SELECT * FROM audit_log ORDER BY id')
  return JSON.stringify(rows)
}
