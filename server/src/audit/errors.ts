import { ServiceError } from '../errors.ts'

/** Stable codes and messages of the audit log (each says what to do about it), answered as the service's error body. */
export const auditErrors = {
  AUDIT_UNAVAILABLE: { statusCode: 503, message: 'The audit log is unavailable; no change was made.' },
  AUDIT_AUTH_REQUIRED: { statusCode: 401, message: 'Sign in as an administrator, or send "authorization: Bearer <AUDIT_TOKEN>", to read the audit log.' },
  AUDIT_TOKEN_INVALID: { statusCode: 401, message: 'The bearer token is not the AUDIT_TOKEN the service was started with: send that token, or sign in as an administrator.' },
  AUDIT_FORBIDDEN: { statusCode: 403, message: 'Only administrators may read the audit log: sign in with an ADMIN account.' },
  AUDIT_BAD_CURSOR: { statusCode: 400, message: 'querystring/cursor must be the nextCursor of a previous page: start again without a cursor.' },
  AUDIT_BAD_RANGE: { statusCode: 400, message: 'querystring/from must be earlier than querystring/to: swap or widen the time range.' }
} as const

export type AuditErrorCode = keyof typeof auditErrors

/** The catalogued error for that code. */
export function auditError (code: AuditErrorCode): ServiceError {
  return new ServiceError(code, auditErrors[code].statusCode, auditErrors[code].message)
}
