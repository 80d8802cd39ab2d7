import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import svgCaptcha from 'svg-captcha'
import { randomSecret, sameDigest, sha256 } from '../lib/secrets.ts'
import { insertCaptcha, useCaptcha } from '../lib/store/captchas.ts'

/** A captcha lives 2 minutes and answers once. */
export const captchaLifetimeMs = 2 * 60 * 1000

declare module 'fastify' {
  interface FastifyInstance {
    gaCaptchas: {
      /** A new captcha: the SVG image and the x-token that must come back with the answer. */
      issue(): Promise<{ xToken: string, svg: string }>
      /** Uses up the captcha of xToken and says whether answer matched (case-insensitive); false when unknown, used or expired. */
      check(xToken: string | undefined, answer: string | undefined): Promise<boolean>
    }
  }
}

export interface CaptchaOptions {
  /** Told every answer as it is issued; for tests and the e2e suite only, never set in production. */
  captchaAnswerSink?: ((xToken: string, answer: string) => void) | undefined
}

const answerDigest = (xToken: string, answer: string) => sha256(`${xToken}\n${answer.trim().toLowerCase()}`)

async function captchaPlugin (app: FastifyInstance, options: CaptchaOptions) {
  app.decorate('gaCaptchas', {
    async issue () {
      // Dark grey glyphs (the form draws them on white: contrast 9:1 or more) read at 100×40; the warped glyphs and crossing lines keep it a challenge.
      const { data, text } = svgCaptcha.create({ size: 5, noise: 2, color: false, ignoreChars: '0oO1lIi', width: 100, height: 40, fontSize: 44 })
      const xToken = randomSecret()
      const now = app.gaNow()
      await insertCaptcha(app.db, sha256(xToken), answerDigest(xToken, text), now, new Date(now.getTime() - 3600_000))
      options.captchaAnswerSink?.(xToken, text)
      return { xToken, svg: data }
    },
    async check (xToken, answer) {
      if (!xToken || !answer) return false
      const now = app.gaNow()
      const stored = await useCaptcha(app.db, sha256(xToken), now, new Date(now.getTime() - captchaLifetimeMs))
      return stored !== undefined && sameDigest(stored, answerDigest(xToken, answer))
    }
  })
}

export default fp(captchaPlugin, { name: 'game-api-captcha', dependencies: ['game-api-clock'] })
