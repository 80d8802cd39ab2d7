import { prepared, type Db, type Queryable } from '../../shared/db.ts'
import { GENESIS_HASH, hashRecord, type ChainHead } from './chain.ts'
import type { JsonValue } from './neutralise.ts'
import type { AuditFields, AuditRecord } from './record.ts'
import { checkAnchors, verifyRecords, type ChainVerdict } from './verify.ts'
import type { Checkpoint } from './anchor.ts'

const columns = ['id', 'at', 'request_id', 'user_id', 'role', 'loc_id', 'client_address', 'action', 'method', 'path', 'status', 'duration_ms', 'config_version', 'detail', 'forwarded_request_id', 'prev_hash', 'hash'] as const

/** Batches up to this many records (nearly all: a busy service gathers a few) send an INSERT kept prepared for their size (db.ts). */
const PREPARED_BATCH = 16

/** How often an append re-reads the head after another appender moved it, before giving up. */
const MAX_CHAIN_RETRIES = 20

/** The stored chain's last record (the genesis head when the log is empty). */
export async function readHead (db: Queryable): Promise<ChainHead> {
  const { rows } = await db.query<{ id: string | number, hash: string }>('SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1')
  const last = rows[0]
  return last ? { id: Number(last.id), hash: last.hash } : { id: 0, hash: GENESIS_HASH }
}

/** Whether an insert lost the race for the next link to another appender (unique id or prev_hash taken). */
function lostRace (error: unknown): boolean {
  return (error as { code?: string }).code === '23505'
}

/**
 * Appends records in order after head (read from the store when not given) in one statement, so one round trip commits
 * them. The unique id and prev_hash let only one appender take each link: one that built on a head another instance has
 * since moved on fails, re-reads the head and tries again. Resolves with the ids and the new head once committed.
 */
export async function appendRecords (db: Db, batch: AuditFields[], head?: ChainHead): Promise<{ ids: number[], head: ChainHead }> {
  if (batch.length === 0) return { ids: [], head: head ?? await readHead(db) }
  let after = head
  for (let attempt = 0; ; attempt++) {
    after ??= await readHead(db)
    const { ids, params, tuples, last } = chained(after, batch)
    try {
      const insert = `INSERT INTO audit_log (${columns.join(', ')}) VALUES ${tuples.join(', ')}`
      await db.query(batch.length <= PREPARED_BATCH ? prepared(insert) : insert, params)
      return { ids, head: last }
    } catch (error) {
      if (!lostRace(error) || attempt >= MAX_CHAIN_RETRIES) throw error
      after = undefined
    }
  }
}

/** The INSERT's parameters for batch linked one after another from head. */
function chained (head: ChainHead, batch: AuditFields[]) {
  let prev = head.hash
  const ids: number[] = []
  const params: unknown[] = []
  const tuples: string[] = []
  batch.forEach((fields, i) => {
    const id = head.id + i + 1
    const hash = hashRecord(prev, id, fields)
    const values = [id, fields.at, fields.requestId, fields.userId, fields.role, fields.locId, fields.clientAddress, fields.action, fields.method, fields.path, fields.status, fields.durationMs, fields.configVersion, fields.detail === null ? null : JSON.stringify(fields.detail), fields.forwardedRequestId, prev, hash]
    tuples.push(`(${values.map((_, j) => `$${params.length + j + 1}`).join(', ')})`)
    params.push(...values)
    ids.push(id)
    prev = hash
  })
  return { ids, params, tuples, last: { id: head.id + batch.length, hash: prev } }
}

interface Row {
  id: string | number
  at: Date | string
  request_id: string | null
  user_id: string | null
  role: string | null
  loc_id: string | null
  client_address: string | null
  action: string
  method: string | null
  path: string | null
  status: number | null
  duration_ms: number | null
  config_version: string | null
  detail: JsonValue
  forwarded_request_id: string | null
  prev_hash: string
  hash: string
}

function toRecord (row: Row): AuditRecord {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    requestId: row.request_id,
    forwardedRequestId: row.forwarded_request_id ?? null,
    userId: row.user_id,
    role: row.role,
    locId: row.loc_id,
    clientAddress: row.client_address,
    action: row.action,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.duration_ms,
    configVersion: row.config_version,
    detail: row.detail ?? null,
    prevHash: row.prev_hash,
    hash: row.hash
  }
}

/** Filters of an audit query; every one optional. */
export interface AuditFilters {
  user?: string | undefined
  action?: string | undefined
  pathPrefix?: string | undefined
  status?: number | undefined
  /** Inclusive lower bound on the record time. */
  from?: Date | undefined
  /** Exclusive upper bound on the record time. */
  to?: Date | undefined
}

/** One page of records, newest first, and the cursor of the next page (null on the last one). */
export interface AuditPage {
  items: AuditRecord[]
  nextCursor: string | null
}

/** The opaque cursor for records older than id. */
export function encodeCursor (id: number): string {
  return Buffer.from(`a:${id}`).toString('base64url')
}

/** The id a cursor stands for, or undefined when the cursor is not one of ours. */
export function decodeCursor (cursor: string): number | undefined {
  const match = /^a:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match ? Number(match[1]) : undefined
}

/** Records matching the filters, newest first, older than the cursor's id. */
export async function queryRecords (db: Queryable, filters: AuditFilters, beforeId: number | undefined, limit: number): Promise<AuditPage> {
  const where: string[] = []
  const params: unknown[] = []
  const add = (sql: string, value: unknown) => { params.push(value); where.push(sql.replace('?', `$${params.length}`)) }
  if (filters.user !== undefined) add('user_id = ?', filters.user)
  if (filters.action !== undefined) add('action = ?', filters.action)
  if (filters.pathPrefix !== undefined) add("path LIKE ? ESCAPE '\\'", `${filters.pathPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (filters.status !== undefined) add('status = ?', filters.status)
  if (filters.from !== undefined) add('at >= ?', filters.from.toISOString())
  if (filters.to !== undefined) add('at < ?', filters.to.toISOString())
  if (beforeId !== undefined) add('id < ?', beforeId)
  params.push(limit + 1)
  const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`
  const { rows } = await db.query<Row>(sql, params)
  const items = rows.slice(0, limit).map(toRecord)
  const last = items[items.length - 1]
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null }
}

/** Every record in id order, read in pages so a long log never sits in memory at once. */
export async function * walkRecords (db: Queryable, pageSize = 1000): AsyncGenerator<AuditRecord> {
  let after = 0
  for (;;) {
    const { rows } = await db.query<Row>('SELECT * FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2', [after, pageSize])
    for (const row of rows) yield toRecord(row)
    const last = rows[rows.length - 1]
    if (!last || rows.length < pageSize) return
    after = Number(last.id)
  }
}

/** Walks the whole stored chain and says whether it holds, and whether it still reaches every signed checkpoint given. */
export async function verifyAuditLog (db: Queryable, checkpoints: readonly Checkpoint[] = []): Promise<ChainVerdict> {
  const wanted = new Set(checkpoints.map((c) => c.id))
  const hashes = new Map<number, string>()
  async function * noting () {
    for await (const record of walkRecords(db)) {
      if (wanted.has(record.id)) hashes.set(record.id, record.hash)
      yield record
    }
  }
  const verdict = await verifyRecords(noting())
  return verdict.ok ? checkAnchors(verdict, checkpoints, hashes) : verdict
}
