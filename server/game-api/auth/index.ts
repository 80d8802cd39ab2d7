// The auth module: its one entry, registering the session's calls (captcha, sign-in, profile, passwords, terms), none of them under a game.
import type { FastifyInstance } from 'fastify'
import { mountV1 } from '../plugins/mount.ts'
import captchaRoutes from './routes/captcha.ts'
import passwordRoutes from './routes/passwords.ts'
import profileRoutes from './routes/profile.ts'
import signInRoutes from './routes/sign-in.ts'
import termsRoutes from './routes/terms.ts'

/** Registers the auth module: the captcha at the API root, the rest under /api/v1. */
export default async function authModule (app: FastifyInstance): Promise<void> {
  await app.register(captchaRoutes)
  await mountV1(app, signInRoutes)
  await mountV1(app, profileRoutes)
  await mountV1(app, passwordRoutes)
  await mountV1(app, termsRoutes)
}
