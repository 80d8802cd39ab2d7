import t from 'tap'
import { CataloguedError, auditErrors, errors, gameApiFailure, isGameApiFailure } from '../../server/src/errors.ts'
import { CodedError } from '../../server/shared/coded-error.ts'

t.test('catalogue entries are @fastify/error constructors on CataloguedError with the body the client reads', async (t) => {
  const error = errors.locationNotAllowed('IN', 'SG, TT')
  t.ok(error instanceof CataloguedError)
  t.ok(error instanceof CodedError, 'on the one base both catalogues share')
  t.ok(error instanceof errors.locationNotAllowed)
  t.notOk(error instanceof errors.noLocation)
  t.same(error.toBody(), { success: false, code: 'UI_LOCATION_NOT_ALLOWED', message: 'Location IN is not available to this user: choose one of SG, TT.', params: ['IN', 'SG, TT'] }, 'with the values the message is made of')
  t.equal(error.statusCode, 403)
  const limited = errors.loginRateLimited('user id', 42).with({}, { 'retry-after': '42' })
  t.same(limited.headers, { 'retry-after': '42' })
  t.equal(limited.message, 'Too many sign-in attempts for this user id: wait 42 s before trying again.')
  t.same(errors.loginFailed('Login Failed').with({ captchaRequired: true }).toBody(), { success: false, code: 'UI_LOGIN_FAILED', message: 'Login Failed', captchaRequired: true })
  t.match(auditErrors.AUDIT_FORBIDDEN(), { code: 'AUDIT_FORBIDDEN', statusCode: 403 })
})

t.test('a game API failure keeps its status and extras; maintenance passes through unchanged', async (t) => {
  const rules = gameApiFailure(400, { success: false, message: 'Password does not match', data: ['At least 8 characters'] } as never)
  t.ok(isGameApiFailure(rules))
  t.same(rules.toBody(), { success: false, code: 'UI_GAME_API_FAILED', message: 'Password does not match', data: ['At least 8 characters'] })
  t.equal(rules.statusCode, 400)
  const coded = gameApiFailure(409, { message: 'Draw 7 closed at 18:00; pick an open draw from draw/activeLatest.', code: 'GA_DRAW_CLOSED', params: ['7', '18:00'] })
  t.same(coded.toBody(), { success: false, code: 'UI_GAME_API_FAILED', message: 'Draw 7 closed at 18:00; pick an open draw from draw/activeLatest.', gameApiCode: 'GA_DRAW_CLOSED', params: ['7', '18:00'] }, 'the game API\'s code and values go on to the browser')
  const upstream = { success: false, message: 'Web is under maintenance, please try again later at 2030-01-01 08:00 (GMT +8).', subCode: 8000, t: '2030-01-01T00:00:00.000Z' }
  const maintenance = gameApiFailure(503, upstream)
  t.ok(maintenance instanceof errors.maintenance)
  t.equal(maintenance.code, 'UI_MAINTENANCE')
  t.same(maintenance.toBody(), upstream, 'the game API body, unchanged')
  t.equal(gameApiFailure(500, {}).message, 'The game API answered HTTP 500 without a message.')
  t.notOk(isGameApiFailure(errors.sessionExpired()))
})
