import type { Db, Queryable, Transaction } from '../../../server/shared/db.ts'

/** One statement a request ran, with its parameters. */
export interface RecordedStatement { text: string, params: unknown[] | undefined }

/** A statement's EXPLAIN (ANALYZE, BUFFERS) figures: time, shared buffers hit and read, and what it scanned. */
export interface PlanFigures { ms: number, hit: number, read: number, scans: string[], plan: string }

/** Thrown from inside the recorded transaction so the request's writes never commit. */
class RolledBack extends Error {}

/**
 * The statements one request runs on db (the game API's database object, which the app calls through), all in one transaction
 * of this function's that is then rolled back: statements sent outside a transaction (a ticket placed alone) and the request's
 * own transactions alike, so the book is left as it was and the ids it drew stay free for a replay. `setup` runs first in that
 * transaction, unrecorded (a limit that should exist only for this request).
 */
export async function recordStatements (db: Db, request: () => Promise<unknown>, setup?: RecordedStatement): Promise<RecordedStatement[]> {
  const { query, transaction } = db
  const recorded: RecordedStatement[] = []
  await transaction(async (tx) => {
    if (setup) await tx.query(setup.text, setup.params)
    const recording = ((text: string, params?: unknown[]) => { recorded.push({ text, params }); return tx.query(text, params) }) as Queryable['query']
    db.query = recording as Db['query']
    db.transaction = (async (fn: (tx: Transaction) => Promise<unknown>) => fn({ ...tx, query: recording })) as Db['transaction']
    try {
      await request()
    } finally {
      db.query = query
      db.transaction = transaction
    }
    throw new RolledBack('recorded and rolled back')
  }, { timeoutMs: 60_000 }).catch((error: unknown) => { if (!(error instanceof RolledBack)) throw error })
  return recorded
}

/** Runs the statements again in one transaction (after setup), each under EXPLAIN (ANALYZE, BUFFERS), and rolls it back. */
export async function explainStatements (db: Db, statements: RecordedStatement[], setup?: RecordedStatement): Promise<PlanFigures[]> {
  const figures: PlanFigures[] = []
  await db.transaction(async (tx) => {
    if (setup) await tx.query(setup.text, setup.params)
    for (const s of statements) {
      const { rows } = await tx.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params)
      figures.push(planFigures(rows.map((r) => Object.values(r)[0] ?? '').join('\n')))
    }
    throw new RolledBack('explained and rolled back')
  }, { timeoutMs: 300_000 }).catch((error: unknown) => { if (!(error instanceof RolledBack)) throw error })
  return figures
}

/** A plan's execution time, its top node's shared buffers, and each index or table it scanned (an upsert's arbiter index too). */
export function planFigures (plan: string): PlanFigures {
  const buffers = /Buffers: shared([^\n]*)/.exec(plan)?.[1] ?? ''
  const scans = new Set<string>()
  for (const m of plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using)? (?:on )?(\S+)(?: on (\S+))?/g)) scans.add(`${m[1]?.replace(' Scan', '').toLowerCase()} ${m[2]}`)
  for (const m of plan.matchAll(/Seq Scan on (\S+)/g)) scans.add(`seq ${m[1]}`)
  for (const m of plan.matchAll(/Conflict Arbiter Indexes: ([^\n]+)/g)) scans.add(`arbiter ${m[1]}`)
  return {
    ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    hit: Number(/hit=(\d+)/.exec(buffers)?.[1] ?? 0),
    read: Number(/read=(\d+)/.exec(buffers)?.[1] ?? 0),
    scans: [...scans],
    plan
  }
}

/** A statement's first words, whitespace folded: how the printout names it. */
export const statementLabel = (text: string, width = 72) => text.replace(/\s+/g, ' ').trim().slice(0, width)
