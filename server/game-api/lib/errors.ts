import { CodedError, codedError, type CodedConstructor } from '../../shared/coded-error.ts'
import { dayOfDate, type IsoDate } from '../../../schemas/domain/calendar.ts'

/** The envelope's extras a failure may carry beside its message. */
export interface GameApiErrorExtras { data?: string[], captchaRequired?: boolean, subCode?: number, t?: string }

// Set by `with` (the extras); declared here so the class body stays erasable.
export interface GameApiError extends GameApiErrorExtras {}

/** The base of every failure the game API answers with: @fastify/error builds the catalogue's constructors on it, so the envelope plugin knows them. */
export class GameApiError extends CodedError {
  /** Adds the envelope's extras (data, captchaRequired, subCode, t); returns the error. */
  with (extras: GameApiErrorExtras): this {
    return Object.assign(this, extras)
  }
}

/** A catalogue entry: called with or without new, its arguments fill the message's %s in order. */
export type GameApiErrorConstructor<Args extends unknown[]> = CodedConstructor<GameApiError, Args>

/** Every catalogue entry made so far, by code: its message with the %s its values fill (menus/i18n/en.json's errors are derived from it) and its status. */
export const catalogueEntries = new Map<string, { message: string, statusCode: number }>()

/** A catalogue entry with a stable GA_* code, a message (the contract's where it has one) and an HTTP status. */
export function coded<Args extends unknown[] = []> (code: `GA_${string}`, message: string, statusCode: number): GameApiErrorConstructor<Args> {
  const known = catalogueEntries.get(code)
  // One code, one text: a client translates by the code, so a second text under it could never be said.
  if (known !== undefined && known.message !== message) throw new Error(`${code} is catalogued twice with different messages: "${known.message}" and "${message}"`)
  catalogueEntries.set(code, { message, statusCode })
  return codedError<GameApiError, Args>(GameApiError, code, message, statusCode)
}

const E = {
  loginFailed: coded('GA_LOGIN_FAILED', 'Login Failed', 400),
  captchaIncorrect: coded('GA_CAPTCHA_INCORRECT', 'Captcha incorrect.', 400),
  passwordRules: coded<[string]>('GA_PASSWORD_RULES', '%s', 400),
  routeNotFound: coded<[string, string]>('GA_ROUTE_NOT_FOUND', '%s %s is not a game API path; see server/docs/game-api.md for the paths.', 404),
  maintenance: coded<[string]>('GA_MAINTENANCE', 'Web is under maintenance, please try again later at %s (GMT +8).', 503),
  periodReversed: coded<[string, string]>('GA_PERIOD_REVERSED', 'The first day of the period, %s, must not be later than its last day, %s.', 400)
}

// The catalogue: every failure the game API produces, by stable code. Messages are the contract's, word for word.
export const errors = {
  loginFailed: (captchaRequired?: boolean) => E.loginFailed().with(captchaRequired ? { captchaRequired } : {}),
  captchaIncorrect: (captchaRequired?: boolean) => E.captchaIncorrect().with(captchaRequired ? { captchaRequired } : {}),
  passwordRules: (broken: string[]) => E.passwordRules(broken[0] ?? 'Password does not match').with({ data: broken }),
  oldPasswordWrong: coded('GA_OLD_PASSWORD_WRONG', 'The old password is wrong; type the password you signed in with.', 400),
  sessionExpired: coded('GA_SESSION_EXPIRED', 'Session expired or not signed in.', 401),
  adminOnly: coded('GA_ADMIN_ONLY', 'Only an administrator may do this; sign in with an administrator account.', 403),
  locationNotAvailable: coded<[string]>('GA_LOCATION_NOT_AVAILABLE', 'Location %s is not available to this user.', 403),
  notYourDownline: coded<[string]>('GA_NOT_YOUR_DOWNLINE', 'User %s is not in your downline; choose yourself or a user below you.', 403),
  recordOutsideDownline: coded<[string]>('GA_RECORD_NOT_YOUR_DOWNLINE', 'This %s belongs to a user outside your downline; open one of your own or of a user below you.', 403),
  userNotFound: coded<[string]>('GA_USER_NOT_FOUND', 'User %s does not exist; check the user ID.', 404),
  announcementNotFound: coded<[number]>('GA_ANNOUNCEMENT_NOT_FOUND', 'Announcement %s does not exist (it may have been deleted already).', 404),
  routeNotFound: (method: string, url: string) => E.routeNotFound(method, url.split('?')[0] ?? ''),
  badColor: coded('GA_BAD_COLOR', 'Colour must be a #rrggbb colour or a colour name, such as #ffcc00 or orange.', 400),
  // GA_FIELD_*: a value the schema lets through but the rule refuses; the field comes first, so a form names it in its own words.
  fieldNotDate: coded<[string, string]>('GA_FIELD_NOT_DATE', '%s must be a date written YYYY-MM-DD, not "%s".', 400),
  fieldNotTime: coded<[string, string]>('GA_FIELD_NOT_TIME', '%s must be a time written HH:mm (GMT+8), e.g. 18:00, not "%s".', 400),
  fieldNotCents: coded<[string, number]>('GA_FIELD_NOT_CENTS', '%s must be in cents at most (e.g. 2000.50), not %s.', 400),
  // The days as the tables write them (MM/DD/YYYY), not as the query sent them.
  periodReversed: (from: IsoDate, to: IsoDate) => E.periodReversed(dayOfDate(from), dayOfDate(to)),
  maintenance: (t: string, shown: string) => E.maintenance(shown).with({ subCode: 8000, t }),
  subShareNotFound: coded<[number]>('GA_SUB_SHARE_NOT_FOUND', 'Sub share %s does not exist (it may have been deleted already).', 404),
  badPermission: coded<[string]>('GA_NO_PERMISSION', 'Only an administrator granted %s may do this; ask for it to be granted on Control › Permission.', 403),
  shareNotCents: coded<[number]>('GA_SHARE_NOT_CENTS', 'Share %s must be a multiple of 0.01.', 400),
  subSharesOver: coded<[number, string, string, string]>('GA_SUB_SHARES_OVER', 'Share %s would bring the %s sub shares to %s, over 100 %% (%s given already).', 409),
  permissionOwn: coded('GA_PERMISSION_OWN', 'Choose another user: nobody changes their own permissions.', 400),
  permissionPlayer: coded<[string]>('GA_PERMISSION_PLAYER', 'User %s is a player; permissions are for administrators and agents.', 400),
  permissionOneOrList: coded('GA_PERMISSION_ONE_OR_LIST', 'Grant either one permission or the whole list of permissions, not both or neither.', 400),
  permissionNotHeld: coded<[string]>('GA_PERMISSION_NOT_HELD', 'You cannot grant what you do not hold: %s.', 409),
  paymentOwn: coded('GA_PAYMENT_OWN', 'Choose a user below you: your own payments are recorded by your upline.', 400),
  payClassNotIBet: coded('GA_PAY_CLASS_NOT_IBET', 'The iBet class applies to the iBet table (Table I) only: leave it empty for N and K.', 400),
  payClassRequired: coded('GA_PAY_CLASS_REQUIRED', 'The iBet table needs an iBet class: 24, 12, 6 or 4 permutations.', 400),
  paySmallTiers: coded('GA_PAY_SMALL_TIERS', 'Small pays only the 1st, 2nd and 3rd prizes: leave Starter and Consolation empty.', 400),
  payBigTiers: coded('GA_PAY_BIG_TIERS', 'Big pays every tier: give Starter and Consolation a rate.', 400),
  fixedNoDay: coded('GA_FIXED_NO_DAY', 'Tick at least one draw day, or turn Enabled off to stop the user\'s fixed bets.', 400),
  recalcJobNotFound: coded<[number]>('GA_RECALC_JOB_NOT_FOUND', 'Job %s is not a credit recalculation; start one on Utilities › Credit Recalculation.', 400),
  userIdTaken: coded<[string, string]>('GA_USER_ID_TAKEN', 'User ID %s is taken: %s exists, and user IDs that differ only in capitals count as the same; choose another.', 409),
  userSuspended: coded<[string]>('GA_USER_SUSPENDED', 'User %s is suspended; ask your upline to resume it.', 403),
  noDownlineRight: coded<[string, string, string]>('GA_NO_DOWNLINE_RIGHT', '%s may not create %s: %s is off; ask your upline to turn it on.', 403),
  wrongAccountKind: coded<[string, string, string]>('GA_WRONG_ACCOUNT_KIND', 'User %s is not one of the %s; find it among the %s.', 400),
  notOwnAccount: coded('GA_NOT_OWN_ACCOUNT', 'You cannot change your own account here; your upline does.', 403),
  deleteRefused: coded<[string, string]>('GA_DELETE_REFUSED', 'User %s cannot be deleted: %s.', 409),
  ledgerEntryNotFound: coded<[number]>('GA_LEDGER_ENTRY_NOT_FOUND', 'Ledger entry %s does not exist; pick one from the ledger entries on Payment History.', 404),
  ledgerEntryFixed: coded<[number, string]>('GA_LEDGER_ENTRY_FIXED', 'Ledger entry %s cannot be deleted: %s.', 409),
  superPasswordRequired: coded('GA_SUPER_PASSWORD_REQUIRED', 'Confirm this with your super password (the one you set in Utilities › Super Password).', 400),
  superPasswordNotSet: coded('GA_SUPER_PASSWORD_NOT_SET', 'You have no super password yet; set one in Utilities › Super Password, then confirm with it.', 409),
  // A second secret must be a different one; its own code, as the form cannot check it (it does not know the sign-in password).
  superPasswordSame: coded('GA_SUPER_PASSWORD_SAME', 'The super password must differ from your sign-in password.', 400),
  superPasswordWrong: coded('GA_SUPER_PASSWORD_WRONG', 'The super password is wrong; type the one you set in Utilities › Super Password.', 400),
  superPasswordLocked: coded<[string]>('GA_SUPER_PASSWORD_LOCKED', 'Too many wrong super passwords: it is locked until %s (GMT+8); try again then.', 429),
  storeUnavailable: coded('GA_STORE_UNAVAILABLE', 'The game server cannot reach its database just now; try again in a few seconds.', 503),
  /** Fastify's own refusal of a request it could not read (broken JSON, a content type no route takes, a body over the limit): its message, under the status Fastify gave. */
  requestUnreadable: coded<[string]>('GA_REQUEST_UNREADABLE', '%s', 400),
  /** A value no field may hold (server/shared/unsafe-values.ts): its path. */
  valueHasNul: coded<[string]>('GA_VALUE_NUL', '%s holds a NUL character (\\u0000), which cannot be stored: remove it and send again.', 400),
  valueNotFinite: coded<[string]>('GA_VALUE_NOT_FINITE', '%s is not a finite number (it reads as Infinity): send an amount within the field\'s bounds.', 400),
  /** The path and the depth limit. */
  valueTooDeep: coded<[string, number]>('GA_VALUE_TOO_DEEP', '%s nests deeper than %s levels: send a flatter body.', 400),
  internal: coded('GA_INTERNAL', 'The game server failed to answer; try again, and tell the operator if it keeps failing.', 500)
} as const
