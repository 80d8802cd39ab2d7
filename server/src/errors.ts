import { CodedError, codedError, type CodedConstructor } from '../shared/coded-error.ts'
import { isStoreUnavailable } from '../shared/db.ts'
import { Type, type Static } from 'typebox'
import { MAINTENANCE_SUBCODE } from '../../schemas/game-api.ts'
import { ConfigProblem } from '../../schemas/config-status.ts'
import { MergeConflict } from '../../schemas/config-versions.ts'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

/** The body of every error the service answers: stable code, a message that says how to fix the cause. */
export const UiError = Type.Object({
  success: Type.Literal(false),
  code: Type.Optional(Type.String({ description: 'a stable UI_* code; absent only on the game API maintenance answer, passed through unchanged' })),
  message: Type.String(),
  params: Type.Optional(Type.Array(Type.String(), { description: 'the values the message is made of, in order: with the code, a client says the refusal in its language' })),
  gameApiCode: Type.Optional(Type.String({ description: 'the GA_* code of a failure the game API answered (its params come along)' })),
  data: Type.Optional(Type.Array(Type.String())),
  problems: Type.Optional(Type.Array(ConfigProblem, { description: 'a config refusal: each problem at its file and JSON pointer' })),
  conflicts: Type.Optional(Type.Array(MergeConflict, { description: 'a refused publish: the places a draft and the live version changed differently' })),
  captchaRequired: Type.Optional(Type.Boolean()),
  subCode: Type.Optional(Type.Integer()),
  t: Type.Optional(Type.String())
})
export type UiError = Static<typeof UiError>

// Set by `with` and gameApiFailure; declared here so the class body stays erasable.
export interface CataloguedError {
  /** Fields the body carries beside code and message (captchaRequired, data, subCode, t). */
  details?: Partial<UiError>
  /** Answered instead of code and message: the game API's maintenance body, passed through unchanged. */
  passthrough?: UiError
  /** Response headers that go with the error (Retry-After). */
  headers?: Record<string, string>
}

/** The base of every catalogued error: @fastify/error builds the catalogue's constructors on it, so the error handler knows them and answers their body. */
export class CataloguedError extends CodedError {
  /** Adds body fields (and response headers); returns the error. */
  with (details: Partial<UiError>, headers?: Record<string, string>): this {
    this.details = { ...this.details, ...details }
    if (headers) this.headers = { ...this.headers, ...headers }
    return this
  }

  /** The response body for this error. */
  toBody (): UiError {
    return this.passthrough ?? { ...(this.params ? { params: this.params } : {}), ...this.details, success: false, code: this.code, message: this.message }
  }
}

/** A catalogue entry: called with or without new, its arguments fill the message's %s in order. */
export type CataloguedErrorConstructor<Args extends unknown[]> = CodedConstructor<CataloguedError, Args>

function coded<Args extends unknown[] = []> (code: string, message: string, statusCode: number): CataloguedErrorConstructor<Args> {
  return codedError<CataloguedError, Args>(CataloguedError, code, message, statusCode)
}

// The catalogue: every error the service, the proxy and the game client raise, by stable code.
export const errors = {
  badRequest: coded<[string]>('UI_BAD_REQUEST', '%s: correct that field and send again.', 400),
  notFound: coded<[string, string]>('UI_NOT_FOUND', 'No route %s %s: check the address (the service answers under /ui and /api/v1).', 404),
  /** Fastify's own refusal of a request it could not read (broken JSON, a content type no route takes): its message, under the status Fastify gave. */
  requestUnreadable: coded<[string]>('UI_REQUEST_UNREADABLE', '%s', 400),
  /** A value no field may hold (server/shared/unsafe-values.ts): its path. */
  valueHasNul: coded<[string]>('UI_VALUE_NUL', '%s holds a NUL character (\\u0000), which cannot be stored: remove it and send again.', 400),
  valueNotFinite: coded<[string]>('UI_VALUE_NOT_FINITE', '%s is not a finite number (it reads as Infinity): send an amount within the field\'s bounds.', 400),
  /** The path and the depth limit. */
  valueTooDeep: coded<[string, number]>('UI_VALUE_TOO_DEEP', '%s nests deeper than %s levels: send a flatter body.', 400),
  internal: coded<[string]>('UI_INTERNAL', 'The service failed to answer: try again; if it persists, give the support team the request id %s.', 500),
  notSignedIn: coded('UI_NOT_SIGNED_IN', 'Not signed in or the session has ended: sign in again at /login.', 401),
  sessionExpired: coded('UI_SESSION_EXPIRED', 'Session Error. The game API no longer accepts this session: sign in again at /login.', 401),
  csrfMissing: coded('UI_CSRF_MISSING', 'The x-csrf-token header is missing: send the csrfToken from GET /ui/session (or the login answer) in the x-csrf-token header of every non-GET request.', 403),
  csrfMismatch: coded('UI_CSRF_MISMATCH', 'The x-csrf-token header does not match this session: reload GET /ui/session and send its csrfToken.', 403),
  jsonRequired: coded('UI_JSON_REQUIRED', 'Send this request with Content-Type: application/json.', 415),
  crossOrigin: coded<[string]>('UI_CROSS_ORIGIN', 'Sign-in requests must come from this site\'s own pages (%s): open the sign-in page on this host and submit it there.', 403),
  /** The game API's sign-in message; add { captchaRequired } with `with`. */
  loginFailed: coded<[string]>('UI_LOGIN_FAILED', '%s', 400),
  /** Add the Retry-After header with `with`. */
  loginRateLimited: coded<['address' | 'user id', number]>('UI_LOGIN_RATE_LIMITED', 'Too many sign-in attempts for this %s: wait %s s before trying again.', 429),
  /** The query parameter's name. */
  credentialsInQuery: coded<[string]>('UI_CREDENTIALS_IN_QUERY', 'querystring/%s: credentials go in the request body, never in the address (addresses are kept in logs and browser history). Send them in the body, and change that password if it was a real one.', 400),
  passwordFieldMissing: coded<[string]>('UI_PASSWORD_FIELD_MISSING', 'body/%s is required to change the password when not signed in (the change-password form from the sign-in area sends UserId, OldPassword, Password1, Password2, Token and xToken).', 400),
  /** The game API's password message; its rule list comes with `with`. */
  passwordRejected: coded<[string]>('UI_PASSWORD_REJECTED', '%s', 400),
  /** The allowed locations joined, or '(none)'. */
  locationNotAllowed: coded<[string, string]>('UI_LOCATION_NOT_ALLOWED', 'Location %s is not available to this user: choose one of %s.', 403),
  noLocation: coded('UI_NO_LOCATION', 'This user may not use any location: ask an administrator to grant one.', 403),
  termsRequired: coded('UI_TERMS_REQUIRED', 'Accept the terms first: open /terms and choose Agree (until then only the session, the terms decision and sign-out answer).', 403),
  passwordChangeRequired: coded('UI_PASSWORD_CHANGE_REQUIRED', 'Change your password first: open /change-password (until then only the session, the password change and sign-out answer).', 403),
  pageDenied: coded<[string]>('UI_PAGE_FORBIDDEN', 'The page %s is not in your menu for this location: open it from the menu, or switch to a location where it is offered.', 403),
  pageNotFound: coded<[string]>('UI_PAGE_NOT_FOUND', 'No page has the path %s: check the address, or add a page template for it in the operator config.', 404),
  gameApiTimeout: coded<[number]>('UI_GAME_API_TIMEOUT', 'The game API did not answer within %s ms: try again, or raise PROXY_TIMEOUT_MS if it is slow.', 504),
  gameApiUnreachable: coded<[string]>('UI_GAME_API_UNREACHABLE', 'The game API at %s cannot be reached: check that it runs and that GAME_API_URL points at it.', 502),
  gameApiBadAnswer: coded<[string]>('UI_GAME_API_BAD_ANSWER', 'The game API answered %s with a body that is not its JSON envelope: check GAME_API_URL points at the game API.', 502),
  /** The path, and where and how the data breaks the contract. */
  gameApiBrokeContract: coded<[string, string]>('UI_GAME_API_BAD_ANSWER', 'The game API answered %s with data that breaks the contract (%s): fix the game API or point GAME_API_URL at one that follows the contract.', 502),
  /** The game API's message; gameApiFailure sets the game API's status and extras. */
  gameApiFailed: coded<[string]>('UI_GAME_API_FAILED', '%s', 502),
  /** The game API's maintenance answer (subCode 8000), passed through by gameApiFailure. */
  maintenance: coded<[string]>('UI_MAINTENANCE', '%s', 503),
  configNotReady: coded('UI_CONFIG_NOT_READY', 'The operator config is not loaded: check GET /ui/config/status and fix the config files it names.', 503),
  /** Add the Retry-After header with `with`. */
  storeUnavailable: coded('UI_STORE_UNAVAILABLE', 'The service cannot reach its database just now: try again in a few seconds (GET /readyz shows when it is back).', 503),
  opsAuthRequired: coded('UI_OPS_AUTH_REQUIRED', 'Sign in, or send "authorization: Bearer <OPS_TOKEN>", to read /docs and /metrics (they are open to anyone only with NODE_ENV=development).', 401),

  // The proxy (/api/v1/*).
  apiBadPath: coded<[string]>('UI_API_BAD_PATH', 'The game API path was refused: %s. Call an endpoint by its plain name, e.g. /api/v1/announcements.', 400),
  apiUnknownEndpoint: coded<[string]>('UI_API_UNKNOWN_ENDPOINT', 'No game API endpoint %s is offered through this service: check the path, or add it to menus/api.json.', 404),
  apiMethodNotAllowed: coded<[string, string]>('UI_API_METHOD_NOT_ALLOWED', '%s is not allowed on %s: check the method, or allow it in menus/api.json.', 405),
  apiDenied: coded<[string]>('UI_API_FORBIDDEN', 'The game API endpoint %s belongs to pages that are not in your menu for this location: switch to a location where those pages are offered, or ask an administrator for the permission.', 403),
  apiNotMultipart: coded<[string]>('UI_API_NOT_MULTIPART', '%s does not take multipart/form-data: send JSON, or mark the endpoint "multipart": true in menus/api.json if the game API takes a file there.', 415),
  apiBadMultipart: coded<[string]>('UI_API_BAD_MULTIPART', 'The multipart/form-data body could not be read (%s): send it as a browser\'s FormData does.', 400),
  apiMultipartTooLarge: coded<[string]>('UI_API_MULTIPART_TOO_LARGE', 'The upload has %s: send one file of at most 1024 KiB with at most 20 other fields.', 413),
  /** The limit in KiB. */
  apiBodyTooLarge: coded<[number]>('UI_API_BODY_TOO_LARGE', 'The request body is larger than the %s KiB the game API proxy accepts: send less data at once.', 413),
  // Idempotency-Key on a proxied write (server/src/proxy/idempotency.ts).
  idempotencyKeyInvalid: coded('UI_IDEMPOTENCY_KEY_INVALID', 'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters: send a new UUID for each user action, the same on every retry of it.', 400),
  /** The key. */
  idempotencyKeyReused: coded<[string]>('UI_IDEMPOTENCY_KEY_REUSED', 'The Idempotency-Key %s was first sent with another request (another path, location or body): send a new key for a new action, and a key again only with the request it was made for.', 422),
  /** Add the Retry-After header with `with`. */
  idempotencyKeyBusy: coded('UI_IDEMPOTENCY_KEY_BUSY', 'The first request with this Idempotency-Key has not answered yet: send it again with the same key in a few seconds to get its answer; if this persists, look whether the action took effect before doing it again.', 409),
  /** The answer kept for a key whose first request never finished (its instance stopped while the write was on its way). */
  idempotencyOutcomeUnknown: coded('UI_IDEMPOTENCY_OUTCOME_UNKNOWN', 'The first request with this Idempotency-Key stopped before its answer came back, so whether it took effect is unknown: look (View Tickets, the statement) before doing the action again as a new one.', 504)
}

/** The audit log's part of the catalogue, by code (GET /ui/audit names a refusal by its code). */
export const auditErrors = {
  AUDIT_UNAVAILABLE: coded('AUDIT_UNAVAILABLE', 'The audit log is unavailable; no change was made.', 503),
  AUDIT_AUTH_REQUIRED: coded('AUDIT_AUTH_REQUIRED', 'Sign in as an administrator, or send "authorization: Bearer <AUDIT_TOKEN>", to read the audit log.', 401),
  AUDIT_TOKEN_INVALID: coded('AUDIT_TOKEN_INVALID', 'The bearer token is not the AUDIT_TOKEN the service was started with: send that token, or sign in as an administrator.', 401),
  AUDIT_FORBIDDEN: coded('AUDIT_FORBIDDEN', 'Only administrators may read the audit log: sign in with an ADMIN account.', 403),
  AUDIT_BAD_CURSOR: coded('AUDIT_BAD_CURSOR', 'querystring/cursor must be the nextCursor of a previous page: start again without a cursor.', 400),
  AUDIT_BAD_RANGE: coded('AUDIT_BAD_RANGE', 'querystring/from must be earlier than querystring/to: swap or widen the time range.', 400)
}
export type AuditErrorCode = keyof typeof auditErrors

/** The support surface's refusals (GET /ui/explain, the preview): who may use it and what it needs. */
export const supportErrors = {
  SUPPORT_AUTH_REQUIRED: coded('UI_SUPPORT_AUTH_REQUIRED', 'Sign in as an administrator holding AdminEdit, or send "authorization: Bearer <AUDIT_TOKEN>" with "x-game-api-token", to use the support tools.', 401),
  SUPPORT_TOKEN_INVALID: coded('UI_SUPPORT_TOKEN_INVALID', 'The bearer token is not the AUDIT_TOKEN the service was started with: send that token, or sign in as an administrator holding AdminEdit.', 401),
  SUPPORT_FORBIDDEN: coded('UI_SUPPORT_FORBIDDEN', 'Only administrators holding AdminEdit may use the support tools: ask for AdminEdit, or use an ADMIN account.', 403),
  SUPPORT_GAME_TOKEN_REQUIRED: coded('UI_SUPPORT_GAME_TOKEN_REQUIRED', 'With AUDIT_TOKEN, send "x-game-api-token: <access token of your game API account>": the user\'s facts are read from the game API with your own rights.', 400),
  SUPPORT_BAD_SUBJECT: coded('UI_SUPPORT_BAD_SUBJECT', 'Name exactly one subject: item (a menu item key), path (a page path, with action for one of its actions or widgets) or endpoint ("GET /api/v1/4d/reportFull").', 400),
  SUPPORT_UNKNOWN_SUBJECT: coded<[string]>('UI_SUPPORT_UNKNOWN_SUBJECT', 'Nothing to explain: %s.', 404),
  SUPPORT_NO_LOCATION: coded<[string, string]>('UI_SUPPORT_NO_LOCATION', 'User %s may not use location %s: name one of the locations the user may use, or leave LocId out for the first.', 400),
  SUPPORT_PREVIEW_NEEDS_SESSION: coded('UI_SUPPORT_PREVIEW_NEEDS_SESSION', 'A preview opens the application in a browser: sign in as an administrator holding AdminEdit to start one (AUDIT_TOKEN tooling may use GET /ui/explain).', 403),
  SUPPORT_PREVIEW_READ_ONLY: coded<[string, string]>('UI_SUPPORT_PREVIEW_READ_ONLY', 'You are previewing the application as %s, which is read-only: %s is refused. Leave the preview (DELETE /ui/preview, the banner\'s button) to act as yourself.', 403),
  SUPPORT_UNAVAILABLE: coded('UI_SUPPORT_UNAVAILABLE', 'The audit log is unavailable, and reading an explanation is audited: try again when it is back.', 503)
}
export type SupportErrorCode = keyof typeof supportErrors

/** What a game API failure envelope may carry. */
export interface GameApiFailureBody { message?: unknown, code?: unknown, params?: unknown, data?: unknown, subCode?: unknown, t?: unknown, captchaRequired?: unknown }

/** A failure answered by the game API as a catalogued error with its status and extras; the maintenance answer (subCode 8000) passes through unchanged. */
export function gameApiFailure (status: number, body: GameApiFailureBody): CataloguedError {
  const details: Partial<UiError> = {}
  if (Array.isArray(body.data) && body.data.every((d) => typeof d === 'string')) details.data = body.data
  if (typeof body.subCode === 'number') details.subCode = body.subCode
  if (typeof body.t === 'string') details.t = body.t
  if (typeof body.captchaRequired === 'boolean') details.captchaRequired = body.captchaRequired
  // The game API's own code and values, so the browser can say its refusal in the user's language.
  if (typeof body.code === 'string') details.gameApiCode = body.code
  if (Array.isArray(body.params) && body.params.every((p) => typeof p === 'string')) details.params = body.params
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : `The game API answered HTTP ${status} without a message.`
  const error = (details.subCode === MAINTENANCE_SUBCODE ? errors.maintenance(message) : errors.gameApiFailed(message)).with(details)
  error.statusCode = status
  if (details.subCode === MAINTENANCE_SUBCODE) error.passthrough = body as UiError
  return error
}

/** Whether an error is a failure the game API answered (see gameApiFailure). */
export function isGameApiFailure (error: unknown): error is CataloguedError {
  return error instanceof errors.gameApiFailed || error instanceof errors.maintenance
}

/** Error handler: catalogued errors keep their status, code and body, validation errors become 400 naming the field, anything else is a logged 500. */
export function serviceErrorHandler (error: FastifyError | CataloguedError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof CataloguedError) {
    if (error.headers) reply.headers(error.headers)
    return reply.code(error.statusCode).send(error.toBody())
  }
  if (isStoreUnavailable(error)) {
    request.log.warn({ err: error }, 'service store unavailable')
    return serviceErrorHandler(errors.storeUnavailable().with({}, { 'retry-after': '5' }), request, reply)
  }
  if (error.validation) return reply.code(400).send(errors.badRequest(error.message).toBody())
  const status = error.statusCode ?? 500
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed')
    return reply.code(status).send(errors.internal(request.id).toBody())
  }
  return reply.code(status).send(errors.requestUnreadable(error.message).toBody())
}

/** Not-found handler of the service's own routes: a coded 404. */
export function serviceNotFound (request: FastifyRequest, reply: FastifyReply) {
  const error = errors.notFound(request.method, request.url.split('?')[0] ?? '')
  return reply.code(404).send(error.toBody())
}

/** The config console's refusals (Utilities → Configuration, /ui/config/*): who may, and what a draft, a publish or a rollback needs. */
export const configErrors = {
  CONFIG_AUTH_REQUIRED: coded('UI_CONFIG_AUTH_REQUIRED', 'Sign in as an administrator holding ConfigEdit to use the config console.', 401),
  CONFIG_FORBIDDEN: coded<[string]>('UI_CONFIG_FORBIDDEN', 'Only administrators holding %s may do this in the config console: ask an administrator to grant it on the Permission page.', 403),
  CONFIG_DRAFT_NOT_FOUND: coded<[string]>('UI_CONFIG_DRAFT_NOT_FOUND', 'No config draft %s: open the drafts list and choose one, or start a new draft.', 404),
  CONFIG_VERSION_NOT_FOUND: coded<[string]>('UI_CONFIG_VERSION_NOT_FOUND', 'No config version %s: open the versions list and choose one.', 404),
  CONFIG_DRAFT_CLOSED: coded<[string, string]>('UI_CONFIG_DRAFT_CLOSED', 'Draft %s was already %s: start a new draft from the live version.', 409),
  CONFIG_DRAFT_STALE: coded<[string, string, string]>('UI_CONFIG_DRAFT_STALE', 'Draft %s changed since you opened it (it is at revision %s, you sent %s): reload it, make your change again and save; nothing was saved.', 409),
  CONFIG_BAD_PATH: coded<[string]>('UI_CONFIG_BAD_PATH', '%s is not a config file: name menu.json, api.json, i18n/en.json, i18n/zh.json, or pages/, columns/ or fragments/<name>.json.', 400),
  CONFIG_DRAFT_INVALID: coded<[string]>('UI_CONFIG_DRAFT_INVALID', 'The change leaves the config with %s problems, listed at their file and pointer: fix them and save again; nothing was saved.', 422),
  CONFIG_SELF_APPROVAL: coded<[string]>('UI_CONFIG_SELF_APPROVAL', 'You edited draft %s, so you cannot approve it: ask another operator holding ConfigApprove.', 403),
  CONFIG_APPROVAL_REQUIRED: coded<[string, string]>('UI_CONFIG_APPROVAL_REQUIRED', 'Draft %s needs another operator\'s approval of its revision %s before it is published (this deployment sets CONFIG_APPROVALS=2; a later edit voids an approval): ask an operator holding ConfigApprove.', 409),
  CONFIG_NO_CHANGE: coded<[string, string]>('UI_CONFIG_NO_CHANGE', 'Draft %s holds the same config as live version %s: change it before publishing, or discard it.', 409),
  CONFIG_MERGE_CONFLICT: coded<[string, string, string]>('UI_CONFIG_MERGE_CONFLICT', 'Draft %s and live version %s changed %s places differently (listed): rebase the draft onto the live version, decide each place, then publish; nothing was published.', 409),
  CONFIG_INVALID_VERSION: coded<[string, string]>('UI_CONFIG_INVALID_VERSION', 'Version %s does not validate against this release (%s problems, listed at their file and pointer): nothing was changed; choose another version, or fix it in a draft.', 422),
  CONFIG_ALREADY_LIVE: coded<[string]>('UI_CONFIG_ALREADY_LIVE', 'Version %s is already live: choose an earlier version to roll back to.', 409),
  /** The time as sent. */
  CONFIG_SCHEDULE_BAD_TIME: coded<[string]>('UI_CONFIG_SCHEDULE_BAD_TIME', '%s is not a time: write it as YYYY-MM-DD HH:mm (GMT+8), or in ISO 8601 with its offset; nothing was scheduled.', 400),
  /** The time, in GMT+8. */
  CONFIG_SCHEDULE_PAST: coded<[string]>('UI_CONFIG_SCHEDULE_PAST', '%s (GMT+8) has passed: choose a later time, or publish the draft now; nothing was scheduled.', 400),
  /** The time, the minutes left, the series and its close, in GMT+8. */
  CONFIG_SCHEDULE_NEAR_CLOSE: coded<[string, string, string, string]>('UI_CONFIG_SCHEDULE_NEAR_CLOSE', '%s (GMT+8) is %s minutes before the %s draw closes at %s, while users place their last bets: confirm to schedule it there anyway, or choose another time; nothing was scheduled.', 409),
  CONFIG_SCHEDULE_NOT_FOUND: coded<[string]>('UI_CONFIG_SCHEDULE_NOT_FOUND', 'Draft %s has no publish scheduled: nothing was cancelled.', 404),
  /** What could not be read. */
  CONFIG_TREE_UNREADABLE: coded<[string]>('UI_CONFIG_TREE_UNREADABLE', 'The uploaded tree could not be read (%s): send a tar, tar.gz or zip of the menus/ folder, or JSON { "files": { path: text } }; nothing was saved.', 400),
  /** How it is too large. */
  CONFIG_TREE_TOO_LARGE: coded<[string]>('UI_CONFIG_TREE_TOO_LARGE', 'The uploaded tree is too large (%s): send the menus/ folder alone; nothing was saved.', 413)
}
export type ConfigErrorCode = keyof typeof configErrors
