// A new user's first password: random, and always within the six password rules, so the forced change starts from a valid one.
import { randomInt } from 'node:crypto'
import { brokenPasswordRules } from '../../../../schemas/domain/password-rules.ts'

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const DIGITS = '23456789'
const SPECIAL = '#$%&*+=?@'
const ALL = UPPER + LOWER + DIGITS + SPECIAL

const pick = (set: string) => set[randomInt(set.length)] ?? 'x'

/** Twelve characters with at least one of each class, shuffled (look-alikes such as O/0 and l/1 left out). */
export function oneTimePassword (): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 8 }, () => pick(ALL))]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? '']
  }
  const password = chars.join('')
  if (brokenPasswordRules(password).length > 0) throw new Error('oneTimePassword broke a password rule')
  return password
}
