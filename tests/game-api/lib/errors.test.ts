import t from 'tap'
import { GameApiError, errors } from '../../../server/game-api/lib/errors.ts'
import { CodedError } from '../../../server/shared/coded-error.ts'
import { bettingErrors, lineErrors } from '../../../server/game-api/betting/errors.ts'
import { drawErrors } from '../../../server/game-api/draws/errors.ts'
import { limitErrors } from '../../../server/game-api/risk/errors.ts'

t.test('catalogued failures are @fastify/error constructors on GameApiError: code, status, message, extras', async (t) => {
  const maintenance = errors.maintenance('2030-01-01T08:00:00+08:00', '2030-01-01 08:00')
  t.ok(maintenance instanceof GameApiError)
  t.ok(maintenance instanceof CodedError, 'on the one base both catalogues share')
  t.match(maintenance, { code: 'GA_MAINTENANCE', statusCode: 503, subCode: 8000, t: '2030-01-01T08:00:00+08:00', message: 'Web is under maintenance, please try again later at 2030-01-01 08:00 (GMT +8).' })
  t.match(errors.loginFailed(true), { code: 'GA_LOGIN_FAILED', statusCode: 400, message: 'Login Failed', captchaRequired: true })
  t.equal(errors.loginFailed().captchaRequired, undefined, 'no captcha flag unless required')
  t.match(errors.passwordRules(['At least 8 characters', 'One digit']), { message: 'At least 8 characters', data: ['At least 8 characters', 'One digit'] })
  t.equal(errors.routeNotFound('GET', '/api/v1/nope?x=%s').message, 'GET /api/v1/nope is not a game API path; see server/docs/game-api.md for the paths.')
  t.equal(errors.userNotFound('x100%s%d').message, 'User x100%s%d does not exist; check the user ID.', 'an argument is never read as a format')
  t.ok(errors.sessionExpired() instanceof errors.sessionExpired, 'each entry recognises its own errors')
  t.notOk(errors.adminOnly() instanceof errors.sessionExpired)
})

t.test('an error keeps the values its message is made of, for clients that say it in their language', async (t) => {
  t.same(errors.userNotFound('zz9').params, ['zz9'])
  t.same(drawErrors.drawClosed(12, '2026-11-22 18:00').params, ['12', '2026-11-22 18:00'])
  t.equal(errors.adminOnly().params, undefined, 'no values, no params')
  t.equal(errors.passwordRules(['free text']).params, undefined, 'a message that is only its argument has no values of its own')
})

t.test('the betting catalogue formats its arguments as before', async (t) => {
  t.equal(bettingErrors.notEnoughCredit('mem1', 12, 3.5).message, 'Not enough credit: the bet costs 12.00 but mem1 has 3.50 credit left; bet less or ask your upline for more credit.')
  t.equal(drawErrors.drawWrongGame(7, 'TOTO').message, 'Draw 7 is not a TOTO draw; place TOTO bets on a draw of that game.')
  t.match(lineErrors.number(2, '12'), { code: 'GA_LINE_NUMBER', message: 'Line 3: the number "12" must have 4 digits, such as 1234.', params: ['3', '12'] }, 'the line as the form numbers it, the field by its name')
  t.match(lineErrors.empty(2), { code: 'GA_LINE_EMPTY', message: 'Line 3: Big and Small are both 0; give either an amount above 0.', params: ['3'] })
  t.equal(bettingErrors.jobNotFound(9).message, 'File 9 has no processing job; start processing file 9 on Bet Upload.')
  t.match(limitErrors.limitNumberCount('SYSTEM', [7, 8, 9, 10, 11, 12], 6), { code: 'GA_LIMIT_NUMBER_COUNT_RANGE', message: 'SYSTEM takes 7 to 12 numbers, but Numbers has 6.', params: ['SYSTEM', '7', '12', '6'] }, 'a range of counts')
  t.match(limitErrors.limitNumberCount('TO', [0], 2), { code: 'GA_LIMIT_NUMBER_COUNT', message: 'TO takes 0 numbers, but Numbers has 2.', params: ['TO', '0', '2'] }, 'one count')
  t.match(errors.subSharesOver(0.5, '4D', '120 %', '70 %'), { message: 'Share 0.5 would bring the 4D sub shares to 120 %, over 100 % (70 % given already).' }, 'a literal percent sign stays one')
  t.match(bettingErrors.badBetText([{ position: 3, length: 2, message: 'not a number' }]), { code: 'GA_BAD_BET_TEXT', statusCode: 400, message: 'Bet text has 1 error: at position 3: not a number.', data: ['at position 3 (length 2): not a number'] })
})
