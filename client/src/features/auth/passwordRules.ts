// The new-password rules of seed 000 §5, checked on submit in the browser before the service sees them.

/** Each rule with the i18n key of its message, in the seed's order. */
export const passwordRules: Array<{ key: string, test: (p: string) => boolean }> = [
  { key: 'password.length', test: (p) => p.length >= 8 && p.length <= 15 },
  { key: 'password.upper', test: (p) => /[A-Z]/.test(p) },
  { key: 'password.lower', test: (p) => /[a-z]/.test(p) },
  { key: 'password.number', test: (p) => /[0-9]/.test(p) },
  { key: 'password.special', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
  { key: 'password.spaces', test: (p) => !/\s/.test(p) }
]

/** The i18n keys of the rules a new password breaks (empty when it passes). */
export function brokenRules (password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.key)
}
