// The shape of a user id, the one copy the game API (creating accounts) and the service (auditing failed sign-ins) check with.
import { brokenPasswordRules } from './password-rules.ts'

/** User ids: a letter, then 2 to 19 letters, digits or underscores; unique without regard to case (checked in the game API's store). */
export const USER_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,19}$/
export const USER_ID_RULE = 'a letter followed by 2 to 19 letters, digits or underscores'

/** Whether a typed sign-in name may be kept in a record: it has a user id's shape and could not be a password (which passes every password rule). */
export function keepableUserId (typed: string): boolean {
  return USER_ID_PATTERN.test(typed) && brokenPasswordRules(typed).length > 0
}
