import { getCaptchaRequired } from '../../lib/api.ts'
import { keepableUserId } from '../../../../schemas/domain/user-id.ts'

/**
 * The server's pre-check (seed 000 §4: a server message may require the captcha): asked for this address, with the typed user id when
 * it has a user id's shape (a password typed there never goes into a URL). A failed check says no; the sign-in itself still decides.
 */
export function captchaPrecheck (typed: string): Promise<boolean> {
  const userId = typed.trim()
  return getCaptchaRequired(keepableUserId(userId) ? userId : undefined).catch(() => false)
}
