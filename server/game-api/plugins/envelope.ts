import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { isStoreUnavailable } from '../../shared/db.ts'
import { GameApiError, errors } from '../lib/errors.ts'
import { validationMessage, type AjvError } from '../lib/validation-message.ts'

/** The failure envelope of a catalogued error, under its own status or the one given. */
function answer (reply: FastifyReply, error: GameApiError, status = error.statusCode) {
  return reply.status(status).send({
    success: false,
    message: error.message,
    code: error.code,
    ...(error.params ? { params: error.params } : {}),
    ...(error.data ? { data: error.data } : {}),
    ...(error.subCode !== undefined ? { subCode: error.subCode, t: error.t } : {}),
    ...(error.captchaRequired ? { captchaRequired: true } : {})
  })
}

/** Every failure leaves as the contract's envelope: validation errors become 400 naming the field, unknown paths 404, and only real faults 500. */
async function envelopePlugin (app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | GameApiError, request, reply) => {
    if (!(error instanceof GameApiError) && isStoreUnavailable(error)) {
      request.log.warn({ err: error }, 'game API store unavailable')
      error = errors.storeUnavailable()
    }
    if (error instanceof GameApiError) {
      if (error.statusCode === 503) reply.header('retry-after', error.subCode === undefined ? '5' : '60')
      return answer(reply, error)
    }
    if (error.validation) {
      return reply.status(400).send({ success: false, ...validationMessage(error.validationContext ?? 'request', error.validation as AjvError[]) })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return answer(reply, errors.requestUnreadable(error.message), status)
    request.log.error({ err: error }, 'game API fault')
    return answer(reply, errors.internal())
  })
  app.setNotFoundHandler((request) => { throw errors.routeNotFound(request.method, request.url) })
}

export default fp(envelopePlugin, { name: 'game-api-envelope' })
