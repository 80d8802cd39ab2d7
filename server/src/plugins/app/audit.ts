import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { auditErrors, type CataloguedError } from '../../errors.ts'
import { shapeRecord, type AuditEntry } from '../../audit/record.ts'
import { AuditWriter } from '../../audit/writer.ts'
import { decodeCursor, queryRecords, type AuditFilters, type AuditPage } from '../../audit/store.ts'
import { auditedEvents, entryFromConfigChange, entryFromEvent } from '../../audit/events.ts'
import { AnchorWriter, anchorFile, anchorKey } from '../../audit/anchor.ts'
import { resolveSessionKey } from '../external/secure-session.ts'

/** What another plugin knows about a request's actor or config (the session: user, role, LocId; the config store: version). */
export type AuditContext = (request: FastifyRequest) => Partial<AuditEntry> | undefined

/** The audit log as the service uses it. */
export interface AuditLog {
  /** Appends a record; resolves once it is committed, rejects when the store refused it. */
  record: (entry: AuditEntry) => Promise<{ id: number }>
  /** The entry for a request: its id, client address, method and path, and what the context providers know, merged with entry. */
  entryFor: (request: FastifyRequest, entry: AuditEntry) => AuditEntry
  /** Records a refusal as a 'denied' record naming its code and status (entry adds the actor or more detail); a store failure never changes the refusal. */
  recordDenial: (request: FastifyRequest, refusal: { statusCode: number, code: string }, entry?: Partial<AuditEntry>) => Promise<void>
  /** Appends the outcome of an earlier record as a record of its own (nothing is ever updated): ref is its id or its request id. */
  outcome: (ref: number | string, result: { status: number, durationMs: number } & Partial<AuditEntry>) => Promise<{ id: number }>
  /** Records, newest first, older than the cursor; rejects an unknown cursor with AUDIT_BAD_CURSOR. */
  query: (filters: AuditFilters, cursor?: string, limit?: number) => Promise<AuditPage>
  /**
   * Audit before effect, for mutating calls: records the request and resolves true once committed (its outcome is then
   * recorded when the reply is sent); when the store is down, answers 503 AUDIT_UNAVAILABLE and resolves false.
   */
  guard: (request: FastifyRequest, reply: FastifyReply, entry?: Partial<AuditEntry>) => Promise<boolean>
  /** Adds a provider of request context (user, role, LocId, config version) to every request's entry. */
  addContext: (fn: AuditContext) => void
  /** Rejects, saying why, while records cannot be written: the writer's connection cannot insert, or the last write failed. */
  ready: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The append-only, hash-chained audit log (server/src/audit). */
    audit: AuditLog
  }
  interface FastifyRequest {
    /** Id of the audit record guard() wrote for this request; its outcome follows when the reply is sent. */
    auditId: number | null
  }
}

interface EventSource { on: (name: string, fn: (payload: unknown) => void) => unknown }
interface ConfigChangeSource { onChange: (fn: (change: unknown) => void) => unknown }

/** The fields of an entry that hold a value (an undefined field never hides what another source knows). */
function definedOnly<T extends object> (entry: T): Partial<T> {
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** How long a refused audit write keeps /readyz not ready when no write has succeeded since (a quiet service is not stuck). */
export const AUDIT_FAILURE_SHOWN_MS = 10_000

/** Largest page GET /ui/audit and query() serve. */
export const MAX_AUDIT_PAGE = 200

/** Decorates app.audit, records outcomes of guarded requests, and records the session's and config store's events. */
async function audit (app: FastifyInstance) {
  // The writer has a connection of its own: every mutating call waits for it, so it must never queue behind reads of the store.
  const writerDb = await app.store.fork(1)
  const anchor = await anchorWriter(app)
  const writer = new AuditWriter(writerDb, undefined, anchor ? (head) => anchor.note(head) : undefined)
  const contexts: AuditContext[] = []
  const counted = (result: 'ok' | 'failed') => { if (app.hasDecorator('metrics')) app.metrics.auditWrites.inc({ result }) }
  // Why the newest write was refused and when, until a write succeeds again: /readyz reports it for AUDIT_FAILURE_SHOWN_MS.
  let lastFailure: { message: string, at: number } | undefined

  // Outcomes are deferred: nothing waits on them before acting, so they share the next request's commit.
  const liveNumber = configVersionNumber(app)
  const write = async (entry: AuditEntry, deferred = false) => {
    try {
      // Every record names the live config version, also those no request made (sign-in events, config reloads).
      const id = await writer.append(shapeRecord({ ...entry, configVersionNumber: entry.configVersionNumber ?? liveNumber?.() }), { deferred })
      counted('ok')
      lastFailure = undefined
      return { id }
    } catch (error) {
      counted('failed')
      lastFailure = { message: (error as Error).message, at: Date.now() }
      app.log.error({ err: error, action: entry.action }, 'audit record refused by the store')
      throw auditErrors.AUDIT_UNAVAILABLE()
    }
  }
  const record: AuditLog['record'] = (entry) => write(entry)

  const entryFor: AuditLog['entryFor'] = (request, entry) => {
    // Later sources win: the request itself, then each context provider, then what the caller says.
    let merged: Partial<AuditEntry> = { requestId: request.id, forwardedRequestId: request.forwardedRequestId, clientAddress: request.ip, method: request.method, path: request.url }
    for (const context of contexts) {
      try {
        merged = { ...merged, ...definedOnly(context(request) ?? {}) }
      } catch (error) {
        request.log.warn({ err: error }, 'an audit context provider failed; recording without it')
      }
    }
    return { ...merged, ...definedOnly(entry) } as AuditEntry
  }

  const log: AuditLog = {
    record,
    entryFor,
    recordDenial: async (request, refusal, entry = {}) => {
      await record(entryFor(request, { ...entry, action: 'denied', status: refusal.statusCode, detail: { reason: refusal.code, ...(entry.detail as Record<string, unknown> | undefined) } })).catch(() => {})
    },
    outcome: (ref, result) => write({
      action: 'outcome',
      ...result,
      ...(typeof ref === 'number' ? { detail: { of: ref } } : { requestId: ref })
    }, true),
    async query (filters, cursor, limit = 50) {
      const beforeId = cursor === undefined ? undefined : decodeCursor(cursor)
      if (cursor !== undefined && beforeId === undefined) throw auditErrors.AUDIT_BAD_CURSOR()
      // A reader sees every record made so far, deferred outcomes included.
      await writer.flush()
      return queryRecords(app.store, filters, beforeId, Math.min(Math.max(limit, 1), MAX_AUDIT_PAGE))
    },
    async guard (request, reply, entry = {}) {
      try {
        const { id } = await record(entryFor(request, { action: 'request', ...entry }))
        request.auditId = id
        return true
      } catch (error) {
        await reply.code(503).send((error as CataloguedError).toBody())
        return false
      }
    },
    addContext: (fn) => { contexts.push(fn) },
    async ready () {
      const { rows } = await writerDb.query<{ ok: boolean }>("SELECT has_table_privilege('audit_log', 'INSERT') AS ok")
      if (rows[0]?.ok !== true) throw new Error('the audit writer may not insert into audit_log')
      if (lastFailure !== undefined && Date.now() - lastFailure.at < AUDIT_FAILURE_SHOWN_MS) throw new Error(`the last audit record was refused: ${lastFailure.message}`)
    }
  }
  app.decorate('audit', log)
  app.decorateRequest('auditId', null)

  app.addHook('onResponse', async (request, reply) => {
    if (request.auditId === null) return
    const of = request.auditId
    await write(entryFor(request, { action: 'outcome', status: reply.statusCode, durationMs: reply.elapsedTime, detail: { of } }), true)
      .catch(() => { /* already logged; the pending record stays as proof the call was let through */ })
  })

  // Deferred outcomes still waiting are written before the store closes.
  app.addHook('onClose', async () => {
    await writer.flush()
    await anchor?.flush()
    await writerDb.close()
  })

  useSession(app, log)
  useConfigVersion(app, log)
  subscribe(app, log)
}

/** The checkpoint writer (anchor.ts) when DATA_DIR is on disk; signed with a key derived from the session key. */
async function anchorWriter (app: FastifyInstance): Promise<AnchorWriter | undefined> {
  const file = anchorFile(app.settings.DATA_DIR)
  if (!file) return undefined
  await mkdir(dirname(file), { recursive: true })
  const { key } = await resolveSessionKey(app.settings)
  return new AnchorWriter(file, anchorKey(key), (error) => { app.log.error({ err: error, file }, 'could not write an audit checkpoint') })
}

/** When the config store is present, every request's entry carries the config version it was served with, and its number. */
function useConfigVersion (app: FastifyInstance, log: AuditLog) {
  const configStore = (app as unknown as { configStore?: { current?: () => { version?: string } } }).configStore
  if (!app.hasDecorator('configStore') || typeof configStore?.current !== 'function') return
  const current = configStore.current.bind(configStore)
  const number = configVersionNumber(app)
  log.addContext(() => ({ configVersion: current().version, configVersionNumber: number?.() }))
}

/** The config store's live version number, when the config store is present. */
function configVersionNumber (app: FastifyInstance): (() => number) | undefined {
  const configStore = (app as unknown as { configStore?: { versionNumber?: () => number } }).configStore
  if (!app.hasDecorator('configStore') || typeof configStore?.versionNumber !== 'function') return undefined
  return configStore.versionNumber.bind(configStore)
}

interface SessionReader { read: (request: FastifyRequest) => unknown }

/** When the session plugin is present, every request's entry names the signed-in user, their role (when known) and LocId. */
function useSession (app: FastifyInstance, log: AuditLog) {
  const sessions = (app as unknown as { sessions?: Partial<SessionReader> }).sessions
  if (!app.hasDecorator('sessions') || typeof sessions?.read !== 'function') return
  const read = sessions.read.bind(sessions)
  log.addContext((request) => {
    const s = read(request) as { UserId?: string, LocId?: string, Role?: string } | null
    return s ? { userId: s.UserId, locId: s.LocId, role: s.Role } : undefined
  })
}

/** Records the session's events and the config store's reloads and rejections, when those plugins are present. */
function subscribe (app: FastifyInstance, log: AuditLog) {
  const failed = (action: string) => () => { app.log.error({ action }, 'could not audit an event') }
  const events = (app as unknown as { events?: Partial<EventSource> }).events
  if (app.hasDecorator('events') && typeof events?.on === 'function') {
    for (const name of auditedEvents) {
      events.on(name, (payload) => { log.record(entryFromEvent(name, payload)).catch(failed(name)) })
    }
  }
  const configStore = (app as unknown as { configStore?: Partial<ConfigChangeSource> }).configStore
  if (app.hasDecorator('configStore') && typeof configStore?.onChange === 'function') {
    configStore.onChange((change) => {
      const entry = entryFromConfigChange(change)
      log.record(entry).catch(failed(entry.action))
    })
  }
}

export default fp(audit, { name: 'audit', dependencies: ['store'] })
