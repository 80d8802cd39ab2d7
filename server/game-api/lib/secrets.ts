import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// scrypt cost: N=2^14, r=8, p=1 (OWASP's floor for scrypt), 64-byte key; kept in the stored string so it can grow later.
const cost = { N: 16384, r: 8, p: 1 }
const keyLength = 64

function scryptAsync (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => error ? reject(error) : resolve(key)))
}

/** Hashes a password with a random salt: scrypt$N$r$p$salt$key (base64url). */
export async function hashPassword (password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword (password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let dummy: Promise<string> | undefined

/** A hash of a random password at the same cost, checked for unknown users so that they take as long as known ones. */
export function dummyPasswordHash (): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'))
  return dummy
}

/** A fresh random secret: 32 bytes, base64url. */
export function randomSecret (): string {
  return randomBytes(32).toString('base64url')
}

/** sha256 in hex: how tokens and captcha ids are stored. */
export function sha256 (text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Compares two hex digests in constant time. */
export function sameDigest (a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}
