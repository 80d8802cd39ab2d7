import t from 'tap'
import { ApiError, GENERIC_ERROR, GENERIC_ERROR_KEY, errorText, messageOf, shownMessage } from '../../../client/src/lib/errors.ts'
import { rendererMessagesEn } from '../../../client/src/renderers/lib/messages.ts'

t.test('error text: server message (nested or flat), else HTTP message when status is not 0, else the generic text', async (t) => {
  t.equal(messageOf({ message: 'Login Failed' }), 'Login Failed')
  t.equal(messageOf({ error: { message: 'nested' }, message: 'flat' }), 'nested')
  t.equal(messageOf({ statusCode: 400, code: 'UI_X', error: 'Bad Request', message: 'flat' }), 'flat', "@fastify/error's error field is the status text, not a nested message")
  t.equal(errorText(new ApiError(400, 'Bad Request', { message: 'Captcha incorrect.' })), 'Captcha incorrect.')
  t.equal(errorText(new ApiError(502, 'Bad Gateway', '<html>')), 'Bad Gateway')
  t.equal(errorText(new ApiError(503, '', undefined)), 'HTTP 503')
  t.equal(errorText(new ApiError(0, '', undefined)), GENERIC_ERROR)
  t.equal(GENERIC_ERROR, 'Sorry, something went wrong. Please refresh this page and try again.')
  const logged: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => { logged.push(args) }
  t.teardown(() => { console.error = original })
  t.equal(errorText(new TypeError('boom')), GENERIC_ERROR)
  t.equal(logged.length, 1, 'an unexpected error is reported')
})

t.test('one rule for the shell and the widgets: the widgets show the generic sentence through its i18n key', async (t) => {
  t.equal(shownMessage(new ApiError(400, 'Bad Request', { error: { message: 'Nested.' } })), 'Nested.')
  t.equal(shownMessage(new ApiError(200, '', { success: false, message: 'Flat.' })), 'Flat.', 'an envelope with success false')
  t.equal(shownMessage(new ApiError(502, 'Bad Gateway', undefined)), 'Bad Gateway')
  t.equal(shownMessage(new ApiError(0, '', undefined)), undefined, 'no answer: only the generic sentence fits')
  t.equal(GENERIC_ERROR_KEY, 'renderers.error.generic')
  t.equal(rendererMessagesEn.renderers.error.generic, GENERIC_ERROR, 'the key shows the same sentence')
})

t.test('an ApiError carries its status, its body, and the body as the service error body when it is one', async (t) => {
  const error = new ApiError(400, 'Bad Request', { statusCode: 400, code: 'UI_LOGIN_FAILED', error: 'Bad Request', message: 'Login Failed', captchaRequired: true })
  t.equal(error.message, 'Login Failed')
  t.equal(error.errorBody?.captchaRequired, true)
  t.equal(new ApiError(502, 'Bad Gateway', '<html>').errorBody, undefined, 'an HTML page is no error body')
  t.equal(new ApiError(0, '', undefined).message, GENERIC_ERROR)
})
