// Seed 000 §5: the new-password rules, the one copy the client, the page renderer and the game API all check with.

/** The rules in the seed's order; each names its client text (password.<id>) in the i18n catalogues. */
export type PasswordRuleId = 'length' | 'upper' | 'lower' | 'number' | 'special' | 'spaces'

/** How long a password may be, in characters (Unicode code points, so an emoji counts once). */
export const passwordLength = { min: 8, max: 15 } as const

/** One rule: its id, the game API's exact message (seed 000 §5) and whether a password breaks it. */
export interface PasswordRule { id: PasswordRuleId, message: string, broken: (password: string) => boolean }

const characters = (p: string) => [...p].length

/** Every rule, in the order the client lists them. */
export const passwordRules: readonly PasswordRule[] = [
  { id: 'length', message: `Your password must be between ${passwordLength.min} and ${passwordLength.max} characters long`, broken: (p) => characters(p) < passwordLength.min || characters(p) > passwordLength.max },
  { id: 'upper', message: 'Your password must contain at least 1 uppercase letter', broken: (p) => !/[A-Z]/.test(p) },
  { id: 'lower', message: 'Your password must contain at least 1 lowercase letter', broken: (p) => !/[a-z]/.test(p) },
  { id: 'number', message: 'Your password must contain at least 1 number', broken: (p) => !/[0-9]/.test(p) },
  { id: 'special', message: 'Your password must contain at least 1 special character', broken: (p) => !/[^A-Za-z0-9\s]/.test(p) },
  { id: 'spaces', message: 'Your password cannot contain spaces', broken: (p) => /\s/.test(p) }
]

/** The game API's message when the confirmation differs from the new password. */
export const passwordMismatch = 'Password does not match'

/** The rules a new password breaks, in order; empty when it may be used. */
export function brokenPasswordRules (password: string): PasswordRule[] {
  return passwordRules.filter((rule) => rule.broken(password))
}

/** The client's i18n key for a rule's text. */
export const passwordRuleKey = (id: PasswordRuleId) => `password.${id}`

/** The message of every rule a new password breaks, then the mismatch of its confirmation; empty when it may be used. */
export function brokenPasswordMessages (password1: string, password2: string): string[] {
  const broken = brokenPasswordRules(password1).map((rule) => rule.message)
  if (password1 !== password2) broken.push(passwordMismatch)
  return broken
}
