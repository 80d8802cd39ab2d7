import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pgliteDb, type Db, type Queryable } from '../../server/shared/db.ts'
import { migrate } from '../../server/shared/migrate.ts'
import { buildGameApi } from '../../server/game-api/app.ts'
import { migrationsDir as serviceMigrations } from '../../server/src/plugins/app/store.ts'

/**
 * A PGlite data dir made once and loaded by every test that needs it, instead of an initdb, migrations and a seed per
 * boot: the service store migrated, or the game API migrated and seeded at an instant ('now' for the real clock).
 */
export type Snapshot = { of: 'service' } | { of: 'game-api', seededAt: Date | 'now' }

const root = fileURLToPath(new URL('../../', import.meta.url))
/** Under .tap/ (ignored by git), beside tap's own run data. */
const folder = join(root, '.tap', 'snapshots')
/** What a snapshot is made from: a change to any of these makes a new one, so a stale snapshot is never loaded. */
const sources = ['server/game-api', 'server/shared', 'server/src/migrations', 'server/src/plugins/app/store.ts', 'tests/helpers/snapshot.ts', 'node_modules/@electric-sql/pglite/package.json']
/** A 'now' snapshot is used for at most this long, and never past a draw's close or midnight GMT+8 (its seed would differ). */
const nowSnapshotMaxAgeMs = 30 * 60_000
/** Far longer than making a snapshot takes, even on a busy machine. */
const staleLockMs = 5 * 60_000

const loaded = new Map<string, Promise<Blob>>()

/** The snapshot's tarball, made first when it is missing or stale (once across processes, written atomically). */
export function snapshot (s: Snapshot): Promise<Blob> {
  const name = nameOf(s)
  let blob = loaded.get(name)
  if (!blob) {
    blob = load(s, name)
    loaded.set(name, blob)
  }
  return blob
}

/** The snapshot's name: what it holds, and for a game API seed, the instant it was seeded at. */
export function nameOf (s: Snapshot): string {
  if (s.of === 'service') return 'service'
  return `game-api-seeded-${s.seededAt === 'now' ? 'now' : s.seededAt.toISOString().replace(/[:.]/g, '')}`
}

async function load (s: Snapshot, name: string): Promise<Blob> {
  const file = join(folder, `${name}-${await sourceHash()}.tar`)
  await mkdir(folder, { recursive: true })
  for (;;) {
    const fresh = await readFresh(file)
    if (fresh) return fresh
    // One maker at a time (tap runs test files in parallel); the others wait for its file. A lock older than a
    // make could take is a crashed maker's.
    const locked = await mkdir(`${file}.lock`).then(() => true, () => false)
    if (locked) {
      try { return await make(s, name, file) } finally { await rm(`${file}.lock`, { recursive: true, force: true }) }
    }
    const lockAge = await stat(`${file}.lock`).then((st) => Date.now() - st.mtimeMs, () => 0)
    if (lockAge > staleLockMs) await rm(`${file}.lock`, { recursive: true, force: true })
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The snapshot's tarball when it exists and is still good. */
async function readFresh (file: string): Promise<Blob | undefined> {
  const until = await readFile(`${file}.until`, 'utf8').then(Number, () => undefined)
  if (until === undefined || Date.now() >= until) return undefined
  const tar = await readFile(file).catch(() => undefined)
  return tar && new Blob([tar])
}

async function make (s: Snapshot, name: string, file: string): Promise<Blob> {
  const lite = await PGlite.create('memory://')
  try {
    const until = await fillSnapshot(pgliteDb(lite), s)
    // Loads in half the time: checkpointed, so a boot replays no WAL, and without the template databases (a test's PGlite
    // never creates a database). Each statement on its own: DROP DATABASE refuses to run in a transaction block.
    for (const sql of ["UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')", 'DROP DATABASE template0', 'DROP DATABASE template1', 'CHECKPOINT']) await lite.exec(sql)
    const tar = await lite.dumpDataDir('none')
    // Older snapshots of the same name were made from other sources.
    for (const old of await readdir(folder)) if (old.startsWith(`${name}-`) && !old.startsWith(basename(file))) await rm(join(folder, old), { force: true })
    const temporary = `${file}.${process.pid}`
    await writeFile(temporary, new Uint8Array(await tar.arrayBuffer()))
    await writeFile(`${temporary}.until`, String(until))
    // The tar first: a reader checks .until first, so it never finds a new .until beside an old or missing tar.
    await rename(temporary, file)
    await rename(`${temporary}.until`, `${file}.until`)
    return tar
  } finally {
    await lite.close()
  }
}

/** Migrates db (and seeds it, for a game API) the way the snapshot holds it; answers until when that content stays good. */
export async function fillSnapshot (db: Db, s: Snapshot): Promise<number> {
  if (s.of === 'service') {
    await migrate(db, serviceMigrations)
    return Number.MAX_SAFE_INTEGER
  }
  // The product's own start path migrates and seeds.
  const at = s.seededAt === 'now' ? new Date() : s.seededAt
  await (await buildGameApi({ db, now: () => at })).close()
  return s.seededAt === 'now' ? await nowSnapshotUntil(db, at) : Number.MAX_SAFE_INTEGER
}

/** When a 'now' seed stops matching a fresh one: the next draw close, the next midnight GMT+8, or the maximum age. */
async function nowSnapshotUntil (db: Queryable, at: Date): Promise<number> {
  const { rows } = await db.query<{ next: Date | null }>('SELECT min(close_at) AS next FROM draws WHERE close_at > $1', [at])
  const midnightGmt8 = new Date(at)
  midnightGmt8.setUTCHours(16, 0, 0, 0)
  if (midnightGmt8 <= at) midnightGmt8.setUTCDate(midnightGmt8.getUTCDate() + 1)
  return Math.min(rows[0]?.next?.getTime() ?? Infinity, midnightGmt8.getTime(), at.getTime() + nowSnapshotMaxAgeMs)
}

let hashed: Promise<string> | undefined
/** A hash of every source file a snapshot is made from (once per process). */
export function sourceHash (): Promise<string> {
  hashed ??= (async () => {
    const hash = createHash('sha256')
    for (const source of sources) {
      const path = join(root, source)
      const files = source.endsWith('.ts') || source.endsWith('.json') ? [path] : (await readdir(path, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
      for (const f of files.sort()) hash.update(relative(root, f)).update('\0').update(await readFile(f)).update('\0')
    }
    return hash.digest('hex').slice(0, 16)
  })()
  return hashed
}
