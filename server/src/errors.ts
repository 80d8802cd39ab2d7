import { Type, type Static } from 'typebox'
import { MAINTENANCE_SUBCODE } from '../../schemas/game-api.ts'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

/** The body of every error the service answers: stable code, a message that says how to fix the cause. */
export const UiError = Type.Object({
  success: Type.Literal(false),
  code: Type.Optional(Type.String({ description: 'a stable UI_* code; absent only on the game API maintenance answer, passed through unchanged' })),
  message: Type.String(),
  data: Type.Optional(Type.Array(Type.String())),
  captchaRequired: Type.Optional(Type.Boolean()),
  subCode: Type.Optional(Type.Integer()),
  t: Type.Optional(Type.String())
})
export type UiError = Static<typeof UiError>

/** An error with a stable code and HTTP status, answered as a UiError body. */
export class ServiceError extends Error {
  readonly code: string
  readonly statusCode: number
  readonly extra: Partial<UiError>
  /** Response headers that go with the error (Retry-After). */
  readonly headers: Record<string, string>
  constructor (code: string, statusCode: number, message: string, extra: Partial<UiError> = {}, headers: Record<string, string> = {}) {
    super(message)
    this.name = 'ServiceError'
    this.code = code
    this.statusCode = statusCode
    this.extra = extra
    this.headers = headers
  }

  /** The response body for this error. */
  toBody (): UiError {
    return { ...this.extra, success: false, code: this.code, message: this.message }
  }
}

/** A failure answered by the game API, carried to the browser with its status and body (message, data, subCode, t). */
export class GameApiFailure extends ServiceError {
  readonly upstreamStatus: number
  /** The game API's own body, answered unchanged during maintenance (subCode 8000). */
  readonly upstreamBody: Record<string, unknown>
  constructor (status: number, body: { message?: string, data?: unknown, subCode?: unknown, t?: unknown, captchaRequired?: unknown }) {
    const extra: Partial<UiError> = {}
    if (Array.isArray(body.data) && body.data.every((d) => typeof d === 'string')) extra.data = body.data
    if (typeof body.subCode === 'number') extra.subCode = body.subCode
    if (typeof body.t === 'string') extra.t = body.t
    if (typeof body.captchaRequired === 'boolean') extra.captchaRequired = body.captchaRequired
    const message = typeof body.message === 'string' && body.message !== '' ? body.message : `The game API answered HTTP ${status} without a message.`
    super(extra.subCode === MAINTENANCE_SUBCODE ? 'UI_MAINTENANCE' : 'UI_GAME_API_FAILED', status, message, extra)
    this.upstreamStatus = status
    this.upstreamBody = body
  }

  /** True for the maintenance answer (503, subCode 8000), which the browser gets unchanged. */
  get maintenance (): boolean {
    return this.extra.subCode === MAINTENANCE_SUBCODE
  }

  override toBody (): UiError {
    return this.maintenance ? this.upstreamBody as UiError : super.toBody()
  }
}

// The catalogue: every error the session, CSRF, game client and page routes raise.
export const errors = {
  notSignedIn: () => new ServiceError('UI_NOT_SIGNED_IN', 401, 'Not signed in or the session has ended: sign in again at /login.'),
  sessionExpired: () => new ServiceError('UI_SESSION_EXPIRED', 401, 'Session Error. The game API no longer accepts this session: sign in again at /login.'),
  csrfMissing: () => new ServiceError('UI_CSRF_MISSING', 403, 'The x-csrf-token header is missing: send the csrfToken from GET /ui/session (or the login answer) in the x-csrf-token header of every non-GET request.'),
  csrfMismatch: () => new ServiceError('UI_CSRF_MISMATCH', 403, 'The x-csrf-token header does not match this session: reload GET /ui/session and send its csrfToken.'),
  jsonRequired: () => new ServiceError('UI_JSON_REQUIRED', 415, 'Send this request with Content-Type: application/json.'),
  crossOrigin: (what: string) => new ServiceError('UI_CROSS_ORIGIN', 403, `Sign-in requests must come from this site's own pages (${what}): open the sign-in page on this host and submit it there.`),
  loginFailed: (message: string, captchaRequired: boolean) => new ServiceError('UI_LOGIN_FAILED', 400, message, { captchaRequired }),
  loginRateLimited: (what: 'address' | 'user id', seconds: number) => new ServiceError('UI_LOGIN_RATE_LIMITED', 429, `Too many sign-in attempts for this ${what}: wait ${seconds} s before trying again.`, {}, { 'retry-after': String(seconds) }),
  passwordFieldMissing: (field: string) => new ServiceError('UI_PASSWORD_FIELD_MISSING', 400, `body/${field} is required to change the password when not signed in (the change-password form from the sign-in area sends UserId, OldPassword, Password1, Password2, Token and xToken).`),
  locationNotAllowed: (locId: string, allowed: string[]) => new ServiceError('UI_LOCATION_NOT_ALLOWED', 403, `Location ${locId} is not available to this user: choose one of ${allowed.join(', ') || '(none)'}.`),
  noLocation: () => new ServiceError('UI_NO_LOCATION', 403, 'This user may not use any location: ask an administrator to grant one.'),
  pageDenied: (path: string) => new ServiceError('UI_PAGE_FORBIDDEN', 403, `The page ${path} is not in your menu for this location: open it from the menu, or switch to a location where it is offered.`),
  pageNotFound: (path: string) => new ServiceError('UI_PAGE_NOT_FOUND', 404, `No page has the path ${path}: check the address, or add a page template for it in the operator config.`),
  gameApiTimeout: (ms: number) => new ServiceError('UI_GAME_API_TIMEOUT', 504, `The game API did not answer within ${ms} ms: try again, or raise PROXY_TIMEOUT_MS if it is slow.`),
  gameApiUnreachable: (url: string) => new ServiceError('UI_GAME_API_UNREACHABLE', 502, `The game API at ${url} cannot be reached: check that it runs and that GAME_API_URL points at it.`),
  gameApiBadAnswer: (path: string) => new ServiceError('UI_GAME_API_BAD_ANSWER', 502, `The game API answered ${path} with a body that is not its JSON envelope: check GAME_API_URL points at the game API.`),
  configNotReady: () => new ServiceError('UI_CONFIG_NOT_READY', 503, 'The operator config is not loaded: check GET /ui/config/status and fix the config files it names.')
}

/** Error handler: catalogued errors keep their status and code, validation errors become 400 naming the field, anything else is a logged 500. */
export function serviceErrorHandler (error: FastifyError | ServiceError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ServiceError) {
    reply.headers(error.headers)
    return reply.code(error.statusCode).send(error.toBody())
  }
  if (error.validation) {
    return reply.code(400).send({ success: false, code: 'UI_BAD_REQUEST', message: `${error.message}: correct that field and send again.` })
  }
  const status = error.statusCode ?? 500
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed')
    return reply.code(status).send({ success: false, code: 'UI_INTERNAL', message: 'The service failed to answer: try again; if it persists, give the support team the request id ' + request.id + '.' })
  }
  return reply.code(status).send({ success: false, code: error.code ?? 'UI_REQUEST_FAILED', message: error.message })
}
