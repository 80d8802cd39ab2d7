import t from 'tap'
import { ApiError, GENERIC_ERROR, errorText, messageOf } from '../../../client/src/lib/errors.ts'

t.test('error text: server message (nested or flat), else HTTP message when status is not 0, else the generic text', async (t) => {
  t.equal(messageOf({ message: 'Login Failed' }), 'Login Failed')
  t.equal(messageOf({ error: { message: 'nested' }, message: 'flat' }), 'nested')
  t.equal(errorText(new ApiError(400, 'Bad Request', { message: 'Captcha incorrect.' })), 'Captcha incorrect.')
  t.equal(errorText(new ApiError(502, 'Bad Gateway', '<html>')), 'Bad Gateway')
  t.equal(errorText(new ApiError(0, '', undefined)), GENERIC_ERROR)
  t.equal(GENERIC_ERROR, 'Sorry, something went wrong. Please refresh this page and try again.')
  const logged: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => { logged.push(args) }
  t.teardown(() => { console.error = original })
  t.equal(errorText(new TypeError('boom')), GENERIC_ERROR)
  t.equal(logged.length, 1, 'an unexpected error is reported')
})
