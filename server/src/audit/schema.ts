import { Type, type Static } from 'typebox'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

/** One audit record as GET /ui/audit answers it. */
export const AuditRecordSchema = Type.Object({
  id: Type.Integer({ description: 'Position in the chain; grows with every record' }),
  at: Type.String({ format: 'date-time' }),
  requestId: Nullable(Type.String({ description: "The service's own id for the request (generated, never the client's)" })),
  forwardedRequestId: Nullable(Type.String({ description: 'The x-request-id a trusted proxy (TRUST_PROXY) sent; null otherwise' })),
  userId: Nullable(Type.String()),
  role: Nullable(Type.String()),
  locId: Nullable(Type.String()),
  clientAddress: Nullable(Type.String()),
  action: Type.String({ description: 'request, outcome, login, login-failed, logout, password-changed, terms, denied, config-reload, config-rejected, audit-read, …' }),
  method: Nullable(Type.String()),
  path: Nullable(Type.String()),
  status: Nullable(Type.Integer()),
  durationMs: Nullable(Type.Integer()),
  configVersion: Nullable(Type.String()),
  detail: Type.Unknown({ description: 'Context of the record; secrets redacted, text neutralised' }),
  prevHash: Type.String({ description: 'Hash of the record before (64 zeros for the first)' }),
  hash: Type.String({ description: 'sha256 of prevHash and the canonical JSON of this record' })
})
export type AuditRecordWire = Static<typeof AuditRecordSchema>

/** GET /ui/audit's filters and paging. */
export const AuditQuerySchema = Type.Object({
  user: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'UserId, exactly' })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Action, exactly' })),
  path: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, pattern: '^/', description: 'Path prefix, starting with /' })),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599, description: 'HTTP status' })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Records at or after this time (ISO 8601)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Records before this time (ISO 8601)' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'nextCursor of the previous page' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Records per page, at most 200' }))
}, { additionalProperties: false })
export type AuditQuery = Static<typeof AuditQuerySchema>

/** A page of records, newest first. */
export const AuditPageSchema = Type.Object({
  items: Type.Array(AuditRecordSchema),
  nextCursor: Nullable(Type.String({ description: 'Pass as cursor for the next (older) page; null on the last page' }))
})

/** The service's error body (as server/src/errors.ts answers it). */
export const AuditErrorSchema = Type.Object({
  success: Type.Literal(false),
  code: Type.String(),
  message: Type.String()
})
