/** One failure the game API answers with: stable code, HTTP status and the exact message of the contract. */
export class GameApiError extends Error {
  readonly code: string
  readonly statusCode: number
  readonly data: string[] | undefined
  readonly captchaRequired: boolean | undefined
  readonly subCode: number | undefined
  readonly t: string | undefined

  constructor (code: string, statusCode: number, message: string, extra: { data?: string[], captchaRequired?: boolean, subCode?: number, t?: string } = {}) {
    super(message)
    this.name = 'GameApiError'
    this.code = code
    this.statusCode = statusCode
    this.data = extra.data
    this.captchaRequired = extra.captchaRequired
    this.subCode = extra.subCode
    this.t = extra.t
  }
}

// The catalogue: every failure the game API produces, by stable code. Messages are the contract's, word for word.
export const errors = {
  loginFailed: (captchaRequired?: boolean) =>
    new GameApiError('GA_LOGIN_FAILED', 400, 'Login Failed', captchaRequired ? { captchaRequired } : {}),
  captchaIncorrect: (captchaRequired?: boolean) =>
    new GameApiError('GA_CAPTCHA_INCORRECT', 400, 'Captcha incorrect.', captchaRequired ? { captchaRequired } : {}),
  passwordRules: (broken: string[]) =>
    new GameApiError('GA_PASSWORD_RULES', 400, broken[0] ?? 'Password does not match', { data: broken }),
  sessionExpired: () =>
    new GameApiError('GA_SESSION_EXPIRED', 401, 'Session expired or not signed in.'),
  adminOnly: () =>
    new GameApiError('GA_ADMIN_ONLY', 403, 'Only an ADMIN user may do this; sign in with an ADMIN account.'),
  locationNotAvailable: (locId: string) =>
    new GameApiError('GA_LOCATION_NOT_AVAILABLE', 403, `Location ${locId} is not available to this user.`),
  notYourDownline: (userId: string) =>
    new GameApiError('GA_NOT_YOUR_DOWNLINE', 403, `User ${userId} is not in your downline; ask for your own id or one below you.`),
  userNotFound: (userId: string) =>
    new GameApiError('GA_USER_NOT_FOUND', 404, `User ${userId} does not exist; check the UserId.`),
  announcementNotFound: (id: number) =>
    new GameApiError('GA_ANNOUNCEMENT_NOT_FOUND', 404, `Announcement ${id} does not exist (it may have been deleted already).`),
  routeNotFound: (method: string, url: string) =>
    new GameApiError('GA_ROUTE_NOT_FOUND', 404, `${method} ${url.split('?')[0]} is not a game API path; see server/docs/game-api.md for the paths.`),
  badColor: () =>
    new GameApiError('GA_BAD_COLOR', 400, 'body/Color must be a #rrggbb colour or a CSS colour name (for example #ffcc00 or orange).'),
  badInput: (message: string) =>
    new GameApiError('GA_BAD_INPUT', 400, message),
  maintenance: (t: string, shown: string) =>
    new GameApiError('GA_MAINTENANCE', 503, `Web is under maintenance, please try again later at ${shown} (GMT +8).`, { subCode: 8000, t })
} as const
