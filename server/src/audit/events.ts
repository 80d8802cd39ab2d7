import type { AuditEntry } from './record.ts'

/** The app.events names the audit log records, each under the action of the same name. */
export const auditedEvents = ['login', 'login-failed', 'logout', 'password-changed', 'terms', 'denied'] as const
export type AuditedEvent = (typeof auditedEvents)[number]

interface RequestLike {
  id?: unknown
  ip?: unknown
  method?: unknown
  url?: unknown
}

const contextKeys = ['requestId', 'forwardedRequestId', 'userId', 'role', 'locId', 'clientAddress', 'method', 'path', 'status', 'durationMs', 'configVersion', 'configVersionNumber'] as const
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '') ? v : (typeof v === 'number' ? String(v) : undefined)

/** Turns an event payload into an audit entry: known context fields (also UserId, LocId, Role and a request) become columns, the rest goes to detail. */
export function entryFromEvent (action: string, payload: unknown): AuditEntry {
  const entry: AuditEntry = { action }
  if (payload === null || typeof payload !== 'object') {
    if (payload !== undefined) entry.detail = { value: payload }
    return entry
  }
  const rest: Record<string, unknown> = { ...(payload as Record<string, unknown>) }
  const request = rest.request as RequestLike | undefined
  delete rest.request
  if (request && typeof request === 'object') {
    entry.requestId = str(request.id)
    entry.clientAddress = str(request.ip)
    entry.method = str(request.method)
    entry.path = str(request.url)
  }
  // The game API's own spelling of the same fields.
  for (const [from, to] of [['UserId', 'userId'], ['Role', 'role'], ['LocId', 'locId']] as const) {
    if (rest[from] !== undefined && rest[to] === undefined) rest[to] = rest[from]
    delete rest[from]
  }
  for (const key of contextKeys) {
    const value = rest[key]
    delete rest[key]
    if (value === undefined || value === null) continue
    if (key === 'status' || key === 'durationMs' || key === 'configVersionNumber') entry[key] = typeof value === 'number' ? value : Number(value)
    else entry[key] = str(value)
  }
  if (Object.keys(rest).length > 0) entry.detail = rest
  return entry
}

/** Whether a config store change reports a rejected change rather than an applied reload. */
export function isConfigRejection (change: unknown): boolean {
  if (change === null || typeof change !== 'object') return false
  const c = change as Record<string, unknown>
  return c.ok === false || c.kind === 'rejected' || c.type === 'rejected' || c.rejected === true ||
    (Array.isArray(c.errors) && c.errors.length > 0) || c.error !== undefined
}

/** Turns a config store change (a reload or a rejected change) into an audit entry: version and errors, never the config itself. */
export function entryFromConfigChange (change: unknown): AuditEntry {
  const c = (change !== null && typeof change === 'object' ? change : { value: change }) as Record<string, unknown>
  const config = (c.config !== null && typeof c.config === 'object' ? c.config : {}) as Record<string, unknown>
  const { config: _config, request: _request, errors, ...rest } = c
  const detail: Record<string, unknown> = { ...rest }
  if (Array.isArray(errors)) {
    detail.errorCount = errors.length
    detail.errors = errors.slice(0, 20)
  }
  const entry = entryFromEvent(isConfigRejection(c) ? 'config-rejected' : 'config-reload', detail)
  entry.configVersion ??= str(c.version) ?? str(config.version)
  return entry
}
