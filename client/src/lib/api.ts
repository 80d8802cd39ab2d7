// The one typed client of the service's /ui and /api/v1 surface: every call of the browser goes through here.
import type { PublicBrand } from '../../../schemas/brand.ts'
import type { LoginAnswer, LoginBody, PasswordAnswer, PasswordBody, SessionView, TermsAnswer } from '../../../schemas/session.ts'
import type { MenuGroupView, MenuItemView } from '../../../schemas/menu.ts'
import type { HttpMethod, PageDescriptor } from '../../../schemas/widgets.ts'
import type { Announcement, CaptchaCheck } from '../../../schemas/game-api.ts'
import type { LoginFailure } from '../../../schemas/errors.ts'
import { ApiError, SESSION_ERROR } from './errors.ts'
import { clearAuth, keys, sessionGet, sessionSet } from './storage.ts'
import { answerPending, IDEMPOTENCY_HEADER, newIdempotencyKey, writeRetry } from './idempotency.ts'

export type { PublicBrand, PageDescriptor, Announcement, LoginFailure }

/** GET /ui/session (the service's wire schema). */
export type SessionInfo = SessionView
/** A location and its flags (TT, MG, Thai). */
export type SessionLocation = SessionInfo['location']
/** One group of the left menu; labels are i18n keys. */
export type MenuGroup = MenuGroupView
/** One link of the left menu. */
export type MenuItem = MenuItemView
/** POST /ui/login success (csrfToken empty when the password must change first). */
export type LoginGrant = LoginAnswer

interface CallOptions {
  /** false: a 401 is the caller's business (the sign-in pre-check), not a Session Error redirect. */
  handleAuth?: boolean
  headers?: Record<string, string>
}

/** Where the browser goes on a 401 or a maintenance answer; replaced in tests of pure parts. */
export const redirect = { to: (url: string) => window.location.assign(url) }

/** The CSRF token every non-GET carries (from login or /ui/session). */
export function setCsrfToken (token: string | undefined): void {
  if (token) sessionSet(keys.csrfToken, token)
}

/** Where the service's gates send a signed-in user first (its 403 codes for terms not accepted and a password to change). */
const GATE_PAGES: Record<string, string> = { UI_TERMS_REQUIRED: '/terms', UI_PASSWORD_CHANGE_REQUIRED: '/change-password' }

/** The page a gate refusal sends the user to, with the signed-in user id for the password page. */
function gatePage (code: unknown): string | undefined {
  const page = typeof code === 'string' ? GATE_PAGES[code] : undefined
  if (page !== '/change-password') return page
  let userId = ''
  try { userId = (JSON.parse(sessionGet(keys.user) ?? '{}') as { UserId?: string }).UserId ?? '' } catch { /* no stored user: the page asks for the id */ }
  return userId ? `${page}?LoginId=${encodeURIComponent(userId)}` : page
}

/** Reacts to the answers every caller shares: 401 → sign-in with Session Error., subCode 8000 → maintenance, a gate's 403 → terms or password page. */
function handleShared (status: number, body: unknown, options: CallOptions): void {
  const record = (body && typeof body === 'object' ? body : {}) as { subCode?: unknown, t?: unknown, data?: unknown, code?: unknown }
  const t = typeof record.t === 'string' ? record.t : (record.data && typeof record.data === 'object' ? (record.data as { t?: unknown }).t : undefined)
  if (record.subCode === 8000 && typeof t === 'string' && t) {
    clearAuth()
    sessionSet(keys.captchaRequired, null)
    redirect.to(`/maintenance?t=${encodeURIComponent(t)}`)
    return
  }
  if (status === 401 && options.handleAuth !== false) {
    clearAuth()
    redirect.to(`/login?Msg=${encodeURIComponent(SESSION_ERROR)}`)
    return
  }
  const gate = status === 403 ? gatePage(record.code) : undefined
  if (gate !== undefined && options.handleAuth !== false) {
    if (gate === '/terms') sessionSet(keys.termsAccepted, 'false')
    redirect.to(gate)
  }
}

/** One call with a JSON (or FormData) body: parses the answer, applies the shared handling, throws ApiError when not 2xx. */
export async function call<T> (method: string, url: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  // A FormData body goes as multipart/form-data: the browser writes its content type with the boundary.
  const multipart = body instanceof FormData
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json'
  if (method !== 'GET') {
    const csrf = sessionGet(keys.csrfToken)
    if (csrf) headers['x-csrf-token'] = csrf
    // One key per call, that is per user action: its retries below carry it too, so the service never acts on it twice.
    headers[IDEMPOTENCY_HEADER] ??= newIdempotencyKey()
  }
  // A proxied write that timed out or lost its answer is sent again with its key; the service answers what the first did.
  const attempts = method !== 'GET' && url.startsWith('/api/v1/') ? writeRetry.attempts : 1
  let response: Response | undefined
  let text = ''
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, writeRetry.pauseMs(attempt - 1, response?.headers.get('retry-after') ?? null)))
    try {
      response = await fetch(url, { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body), credentials: 'same-origin' })
    } catch {
      response = undefined
      continue
    }
    text = await response.text()
    if (!answerPending(response.status, text)) break
  }
  if (!response) throw new ApiError(0, '', undefined)
  let parsed: unknown
  try { parsed = text ? JSON.parse(text) : undefined } catch { parsed = text }
  handleShared(response.status, parsed, options)
  if (!response.ok) throw new ApiError(response.status, response.statusText, parsed)
  return parsed as T
}

/** A game API call through the service for a widget: the envelope's data (or the whole answer when it has none); success false rejects as ApiError. */
export async function callData (method: HttpMethod, url: string, body?: unknown): Promise<unknown> {
  const answer = await call<unknown>(method, url, body)
  const envelope = answer as { success?: unknown, data?: unknown } | undefined
  if (envelope && typeof envelope === 'object' && envelope.success === false) throw new ApiError(200, '', answer)
  return envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : answer
}

/** The brand for this host. */
export const getBrand = () => call<PublicBrand>('GET', '/ui/brand')

/** A fresh captcha: the SVG as an object URL and the x-token the next call must carry. */
export async function getCaptcha (): Promise<{ src: string, xToken: string }> {
  const response = await fetch(`/ui/captcha?_=${Date.now()}`, { credentials: 'same-origin' })
  if (!response.ok) throw new ApiError(response.status, response.statusText, undefined)
  const blob = await response.blob()
  return { src: URL.createObjectURL(blob), xToken: response.headers.get('x-token') ?? '' }
}

/** GET /ui/captcha/required: whether the next sign-in (from here, with this user id when given) must carry a captcha. */
export async function getCaptchaRequired (UserId?: string): Promise<boolean> {
  const answer = await call<CaptchaCheck>('GET', `/ui/captcha/required${UserId ? `?UserId=${encodeURIComponent(UserId)}` : ''}`, undefined, { handleAuth: false })
  return answer.captchaRequired
}

/** POST /ui/login. */
export const login = (form: LoginBody) =>
  call<LoginGrant>('POST', '/ui/login', form, { handleAuth: false })

/** POST /ui/logout; a failure still signs the browser out. */
export async function logout (): Promise<void> {
  try { await call('POST', '/ui/logout', {}, { handleAuth: false }) } finally { clearAuth() }
}

/** POST /ui/password. */
export const changePassword = (form: PasswordBody) =>
  call<PasswordAnswer>('POST', '/ui/password', form, { handleAuth: false })

/** POST /ui/terms. */
export const decideTerms = (agree: boolean) => call<TermsAnswer>('POST', '/ui/terms', { agree })

/** GET /ui/session?optional=1: the session, or null when signed out (204, not an error); keeps the CSRF token; mobile picks the mobile menu variants (remembered by the service). */
export async function getSession (options: CallOptions & { mobile?: boolean } = {}): Promise<SessionInfo | null> {
  const query = new URLSearchParams({ optional: '1', ...options.mobile === undefined ? {} : { mobile: options.mobile ? '1' : '0' } })
  const session = await call<SessionInfo | undefined>('GET', `/ui/session?${query}`, undefined, options)
  if (!session) return null
  setCsrfToken(session.csrfToken)
  return session
}

/** PUT /ui/session/location. */
export const setLocation = (LocId: string) => call<unknown>('PUT', '/ui/session/location', { LocId })

/** DELETE /ui/preview: a supporter leaves the preview of another user's view. */
export const endPreview = () => call<unknown>('DELETE', '/ui/preview')

/** GET /ui/pages: the page descriptor of a route (the renderer's PageDescriptor). */
export const getPage = (path: string) => call<PageDescriptor>('GET', `/ui/pages?path=${encodeURIComponent(path)}`, undefined)

/** GET /api/v1/status: the maintenance value for this host (empty: none). */
export async function getStatus (host: string): Promise<string> {
  const answer = await call<{ success?: boolean, data?: { t?: string | null } | string | null }>('GET', `/api/v1/status?t=${encodeURIComponent(host)}`, undefined, { handleAuth: false })
  const data = answer?.data
  if (typeof data === 'string') return data
  return data?.t ?? ''
}

/** Where a location's announcements are read: the 4D or TOTO endpoint by its TT flag. */
export function announcementsCall (location: SessionLocation): { endpoint: string, params: { LocId: string } } {
  return { endpoint: `/api/v1/${location.flags.includes('TT') ? 'tt' : '4d'}/announcements`, params: { LocId: location.LocId } }
}

/** The announcements of a location. */
export async function getAnnouncements (location: SessionLocation): Promise<Announcement[]> {
  const { endpoint, params } = announcementsCall(location)
  const answer = await call<{ success: boolean, data: Announcement[] | { rows?: Announcement[] } }>('GET', `${endpoint}?LocId=${encodeURIComponent(params.LocId)}`)
  const data = answer.data
  return Array.isArray(data) ? data : (data?.rows ?? [])
}
