import { hkdfSync, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import fastifySecureSession from '@fastify/secure-session'
import type { FastifyInstance } from 'fastify'
import type { ResolvedSettings } from '../../../shared/env.ts'

/** Name of the session cookie. */
export const SESSION_COOKIE = 'bo_session'
/** How long a session cookie stays valid after its last change, in seconds (the game token's own idle expiry is shorter). */
export const SESSION_EXPIRY_S = 12 * 60 * 60
const KEY_BYTES = 32

/** The 32-byte session key: derived from SESSION_SECRET (HKDF-SHA256), else kept in DATA_DIR/session.key (0600), else per process for DATA_DIR=memory://. */
export async function resolveSessionKey (settings: Pick<ResolvedSettings, 'SESSION_SECRET' | 'DATA_DIR'>): Promise<{ key: Buffer, source: 'secret' | 'file' | 'memory' }> {
  if (settings.SESSION_SECRET) {
    const key = Buffer.from(hkdfSync('sha256', settings.SESSION_SECRET, 'betting-backoffice/session', 'session cookie key v1', KEY_BYTES))
    return { key, source: 'secret' }
  }
  if (settings.DATA_DIR.startsWith('memory://')) return { key: randomBytes(KEY_BYTES), source: 'memory' }
  const file = join(settings.DATA_DIR, 'session.key')
  await mkdir(settings.DATA_DIR, { recursive: true })
  try {
    // 'wx' fails when another instance wrote the key first; then its key is the one to share.
    await writeFile(file, randomBytes(KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key: delete it to have a new one generated (every session then ends), or set SESSION_SECRET.`)
  return { key, source: 'file' }
}

/** The encrypted session cookie: HttpOnly, SameSite=Strict, Path=/, Secure when the request came over TLS. */
async function secureSession (app: FastifyInstance) {
  const { key, source } = await resolveSessionKey(app.settings)
  app.log.debug({ source }, 'session key ready')
  await app.register(fastifySecureSession, {
    key,
    cookieName: SESSION_COOKIE,
    expiry: SESSION_EXPIRY_S,
    cookie: { path: '/', httpOnly: true, sameSite: 'strict', secure: 'auto' }
  })
}

export default fp(secureSession, { name: 'secure-session', dependencies: ['cookie'] })
