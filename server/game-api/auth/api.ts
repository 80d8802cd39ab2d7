// The auth module's use cases: sign-in and sign-out, the password changes, the terms decisions, the captcha pre-check and the profiles the session
// reads, (db, caller, input) → result, each write in its own transaction with its audit record. The captcha and the maintenance gate are the
// service's (Fastify decorators): the route hands them in.
import type { Db } from '../../shared/db.ts'
import type { Profile } from '../../../schemas/game-api.ts'
import { brokenPasswordMessages } from '../../../schemas/domain/password-rules.ts'
import type { Call, Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/secrets.ts'
import { issueToken, tokenIdleSeconds } from '../lib/tokens.ts'
import { revokeToken, revokeUserTokens } from '../lib/store/tokens.ts'
import { findLogin, loadProfile, passwordHashOf, writePasswordHash } from '../lib/store/users.ts'
import { assertSelfOrDownline } from '../lib/downline-access.ts'
import { appendAudit, auditCall } from '../lib/store/audit-trail.ts'
import { captchaRequired, clearFailures, recordFailure } from './store/login-failures.ts'
import { recordTermsDecision } from './store/terms.ts'

/** Whether the captcha the caller answered (the request's token header and the answer given) is right; used up by asking. */
export type CaptchaCheck = () => Promise<boolean>

/** A sign-in: the credentials, whether a captcha answer came, and the service's captcha check and maintenance gate. */
export interface SignIn { username: string, password: string, captchaAnswered: boolean, checkCaptcha: CaptchaCheck, assertNotInMaintenance: () => Promise<void> }

/**
 * Signs in: the captcha is checked when required (after repeated failures) or answered, before the password is tried and never recorded as a
 * failure; a failure is recorded and audited; a suspended user is told only after the right password; during maintenance only ADMIN users.
 */
export async function signIn (db: Db, call: Call, input: SignIn): Promise<{ access_token: string, token_type: 'Bearer', expires_in: number, updatePassword: boolean }> {
  const { username, password } = input
  const required = await captchaRequired(db, username, call.ip, call.now)
  if (required || input.captchaAnswered) {
    if (!await input.checkCaptcha()) throw errors.captchaIncorrect(required)
  }
  const login = await findLogin(db, username)
  // An unknown user costs the same scrypt as a known one, so timing tells nothing.
  const valid = await verifyPassword(password, login?.passwordHash ?? await dummyPasswordHash()) && login !== undefined
  if (!valid || !login) {
    const nowRequired = await db.transaction(async (tx) => {
      await recordFailure(tx, username, call.ip, call.now)
      await appendAudit(tx, call, { userId: login?.userId ?? null, action: 'login.failed', detail: { reason: login ? 'wrong password' : 'unknown user' } })
      return captchaRequired(tx, username, call.ip, call.now)
    })
    throw errors.loginFailed(nowRequired)
  }
  if (login.suspended) throw errors.userSuspended(login.userId)
  if (login.role !== 'ADMIN') await input.assertNotInMaintenance()
  const token = await db.transaction(async (tx) => {
    await clearFailures(tx, username)
    await appendAudit(tx, call, { userId: login.userId, action: 'login' })
    return issueToken(tx, login.userId, call.now)
  })
  return { access_token: token, token_type: 'Bearer', expires_in: tokenIdleSeconds, updatePassword: login.updatePassword }
}

/** Whether a sign-in as the user from the call's address needs a captcha now: tells no more than a refused sign-in would (unknown user ids count alike). */
export async function captchaNeeded (db: Db, call: Call, input: { username?: string | undefined }): Promise<{ captchaRequired: boolean }> {
  return { captchaRequired: await captchaRequired(db, input.username, call.ip, call.now) }
}

/** Signs the caller's session out; audited. */
export async function signOut (db: Db, caller: Caller): Promise<true> {
  await db.transaction(async (tx) => {
    await revokeToken(tx, caller.user.tokenHash, caller.now)
    await auditCall(tx, caller, 'logout')
  })
  return true
}

/** A new password, typed twice. */
export interface NewPassword { oldPassword: string, password1: string, password2: string }

/** The answer of either password change. */
const updated = { success: true as const, message: 'Password updated.', data: true as const }

/**
 * The forced change from the sign-in area (captcha always): proven by the user id and old password (wrong or unknown alike: Login Failed, it
 * names no user); every session of the user ends; audited.
 */
export async function updatePassword (db: Db, call: Call, input: NewPassword & { userId: string, checkCaptcha: CaptchaCheck }): Promise<typeof updated> {
  if (!await input.checkCaptcha()) throw errors.captchaIncorrect()
  const broken = brokenPasswordMessages(input.password1, input.password2)
  if (broken.length > 0) throw errors.passwordRules(broken)
  const login = await findLogin(db, input.userId)
  const valid = await verifyPassword(input.oldPassword, login?.passwordHash ?? await dummyPasswordHash()) && login !== undefined
  if (!valid || !login) throw errors.loginFailed()
  const hash = await hashPassword(input.password1)
  await db.transaction(async (tx) => {
    await writePasswordHash(tx, login.userId, hash)
    const revoked = await revokeUserTokens(tx, login.userId, call.now)
    await appendAudit(tx, call, { userId: login.userId, action: 'password.update', detail: { forced: login.updatePassword, revokedTokens: revoked } })
  })
  return updated
}

/** The signed-in caller's change (a wrong old password is named); the session that made it stays signed in, every other one ends; audited. */
export async function changePassword (db: Db, caller: Caller, input: NewPassword): Promise<typeof updated> {
  const { userId, tokenHash } = caller.user
  const broken = brokenPasswordMessages(input.password1, input.password2)
  if (broken.length > 0) throw errors.passwordRules(broken)
  const passwordHash = await passwordHashOf(db, userId)
  if (passwordHash === undefined || !await verifyPassword(input.oldPassword, passwordHash)) throw errors.oldPasswordWrong()
  const hash = await hashPassword(input.password1)
  await db.transaction(async (tx) => {
    await writePasswordHash(tx, userId, hash)
    const revoked = await revokeUserTokens(tx, userId, caller.now, tokenHash)
    await auditCall(tx, caller, 'password.change', { revokedTokens: revoked })
  })
  return updated
}

/** Records the caller's terms decision; disagreeing also ends the session; audited. */
export async function decideTerms (db: Db, caller: Caller, input: { decision: 'accept' | 'disagree' }): Promise<{ termsAccepted: boolean }> {
  const { decision } = input
  await db.transaction(async (tx) => {
    await recordTermsDecision(tx, caller.user.userId, decision, caller.now)
    if (decision === 'disagree') await revokeToken(tx, caller.user.tokenHash, caller.now)
    await auditCall(tx, caller, `terms.${decision}`)
  })
  return { termsAccepted: decision === 'accept' }
}

/** The caller's profile, read afresh from the tables. */
export async function ownProfile (db: Db, caller: Caller): Promise<Profile> {
  const profile = await loadProfile(db, caller.user.userId)
  if (!profile) throw errors.sessionExpired()
  return profile
}

/** Another user's profile (oneself, a downline, or anyone for ADMIN), for support staff's explanations and previews. */
export async function userProfile (db: Db, caller: Caller, input: { userId: string }): Promise<Profile> {
  const target = input.userId
  await assertSelfOrDownline(db, caller.user, target)
  const profile = await loadProfile(db, target)
  if (!profile) throw errors.userNotFound(target)
  return profile
}
