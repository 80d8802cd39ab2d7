import { codedError, type CodedConstructor } from '../../shared/coded-error.ts'

/** The envelope's extras a failure may carry beside its message. */
export interface GameApiErrorExtras { data?: string[], captchaRequired?: boolean, subCode?: number, t?: string }

// Set by @fastify/error's constructor (code, statusCode) or by `with` (the extras); declared here so the class body stays erasable.
export interface GameApiError extends GameApiErrorExtras {
  code: string
  statusCode: number
  /** The values the message is made of, in order (see codedError). */
  params?: string[]
}

/** The base of every failure the game API answers with: @fastify/error builds the catalogue's constructors on it, so the envelope plugin knows them. */
export class GameApiError extends Error {
  /** Adds the envelope's extras (data, captchaRequired, subCode, t); returns the error. */
  with (extras: GameApiErrorExtras): this {
    return Object.assign(this, extras)
  }
}

/** A catalogue entry: called with or without new, its arguments fill the message's %s in order. */
export type GameApiErrorConstructor<Args extends unknown[]> = CodedConstructor<GameApiError, Args>

/** A catalogue entry with a stable GA_* code, a message (the contract's where it has one) and an HTTP status. */
export function coded<Args extends unknown[] = []> (code: `GA_${string}`, message: string, statusCode: number): GameApiErrorConstructor<Args> {
  return codedError<GameApiError, Args>(GameApiError, code, message, statusCode)
}

const E = {
  loginFailed: coded('GA_LOGIN_FAILED', 'Login Failed', 400),
  captchaIncorrect: coded('GA_CAPTCHA_INCORRECT', 'Captcha incorrect.', 400),
  passwordRules: coded<[string]>('GA_PASSWORD_RULES', '%s', 400),
  routeNotFound: coded<[string, string]>('GA_ROUTE_NOT_FOUND', '%s %s is not a game API path; see server/docs/game-api.md for the paths.', 404),
  maintenance: coded<[string]>('GA_MAINTENANCE', 'Web is under maintenance, please try again later at %s (GMT +8).', 503)
}

// The catalogue: every failure the game API produces, by stable code. Messages are the contract's, word for word.
export const errors = {
  loginFailed: (captchaRequired?: boolean) => E.loginFailed().with(captchaRequired ? { captchaRequired } : {}),
  captchaIncorrect: (captchaRequired?: boolean) => E.captchaIncorrect().with(captchaRequired ? { captchaRequired } : {}),
  passwordRules: (broken: string[]) => E.passwordRules(broken[0] ?? 'Password does not match').with({ data: broken }),
  oldPasswordWrong: coded('GA_OLD_PASSWORD_WRONG', 'The old password is wrong; type the password you signed in with.', 400),
  sessionExpired: coded('GA_SESSION_EXPIRED', 'Session expired or not signed in.', 401),
  adminOnly: coded('GA_ADMIN_ONLY', 'Only an ADMIN user may do this; sign in with an ADMIN account.', 403),
  locationNotAvailable: coded<[string]>('GA_LOCATION_NOT_AVAILABLE', 'Location %s is not available to this user.', 403),
  notYourDownline: coded<[string]>('GA_NOT_YOUR_DOWNLINE', 'User %s is not in your downline; ask for your own id or one below you.', 403),
  recordOutsideDownline: coded<[string]>('GA_RECORD_NOT_YOUR_DOWNLINE', 'This %s belongs to a user outside your downline; open one of your own or of a user below you.', 403),
  userNotFound: coded<[string]>('GA_USER_NOT_FOUND', 'User %s does not exist; check the UserId.', 404),
  announcementNotFound: coded<[number]>('GA_ANNOUNCEMENT_NOT_FOUND', 'Announcement %s does not exist (it may have been deleted already).', 404),
  routeNotFound: (method: string, url: string) => E.routeNotFound(method, url.split('?')[0] ?? ''),
  badColor: coded('GA_BAD_COLOR', 'body/Color must be a #rrggbb colour or a CSS colour name (for example #ffcc00 or orange).', 400),
  badInput: coded<[string]>('GA_BAD_INPUT', '%s', 400),
  maintenance: (t: string, shown: string) => E.maintenance(shown).with({ subCode: 8000, t }),
  subShareNotFound: coded<[number]>('GA_SUB_SHARE_NOT_FOUND', 'Sub share %s does not exist (it may have been deleted already).', 404),
  badPermission: coded<[string]>('GA_NO_PERMISSION', 'Only an ADMIN user granted %s may do this; ask an administrator to grant it.', 403),
  accountRule: coded<[string]>('GA_ACCOUNT_RULE', '%s', 409),
  userIdTaken: coded<[string, string]>('GA_USER_ID_TAKEN', 'UserId %s is taken (ids are unique without regard to case: %s exists); choose another.', 409),
  userSuspended: coded<[string]>('GA_USER_SUSPENDED', 'User %s is suspended; ask your upline to resume it.', 403),
  noDownlineRight: coded<[string, string, string]>('GA_NO_DOWNLINE_RIGHT', '%s may not create %s: %s is off; ask your upline to turn it on.', 403),
  wrongAccountKind: coded<[string, string, string]>('GA_WRONG_ACCOUNT_KIND', 'User %s is not one of the %s; use the %s calls for it.', 400),
  notOwnAccount: coded('GA_NOT_OWN_ACCOUNT', 'You cannot change your own account here; your upline does.', 403),
  deleteRefused: coded<[string, string]>('GA_DELETE_REFUSED', 'User %s cannot be deleted: %s.', 409),
  ledgerEntryNotFound: coded<[number]>('GA_LEDGER_ENTRY_NOT_FOUND', 'Ledger entry %s does not exist; pick one from statementByUserId.', 404),
  ledgerEntryFixed: coded<[number, string]>('GA_LEDGER_ENTRY_FIXED', 'Ledger entry %s cannot be deleted: %s.', 409),
  superPasswordRequired: coded('GA_SUPER_PASSWORD_REQUIRED', 'body/SuperPassword is required: this call is confirmed with your super password (Utilities › Super Password).', 400),
  superPasswordNotSet: coded('GA_SUPER_PASSWORD_NOT_SET', 'You have no super password yet; set one in Utilities › Super Password, then confirm with it.', 409),
  superPasswordWrong: coded('GA_SUPER_PASSWORD_WRONG', 'The super password is wrong; type the one you set in Utilities › Super Password.', 400),
  storeUnavailable: coded('GA_STORE_UNAVAILABLE', 'The game API cannot reach its database just now; try again in a few seconds.', 503)
} as const
