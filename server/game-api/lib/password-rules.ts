// Seed 000 §5: the new-password rules and their exact messages, in the order the client lists them.
export const passwordRules: ReadonlyArray<{ message: string, broken: (p: string) => boolean }> = [
  { message: 'Your password must be between 8 and 15 characters long', broken: (p) => [...p].length < 8 || [...p].length > 15 },
  { message: 'Your password must contain at least 1 uppercase letter', broken: (p) => !/[A-Z]/.test(p) },
  { message: 'Your password must contain at least 1 lowercase letter', broken: (p) => !/[a-z]/.test(p) },
  { message: 'Your password must contain at least 1 number', broken: (p) => !/[0-9]/.test(p) },
  { message: 'Your password must contain at least 1 special character', broken: (p) => !/[^A-Za-z0-9\s]/.test(p) },
  { message: 'Your password cannot contain spaces', broken: (p) => /\s/.test(p) }
]

export const passwordMismatch = 'Password does not match'

/** Every rule the new password (and its confirmation) breaks; empty when it may be used. */
export function brokenPasswordRules (password1: string, password2: string): string[] {
  const broken = passwordRules.filter((rule) => rule.broken(password1)).map((rule) => rule.message)
  if (password1 !== password2) broken.push(passwordMismatch)
  return broken
}
