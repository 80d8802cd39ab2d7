import t from 'tap'
import { gameApiHarness } from './harness.ts'

// Every refusal carries its stable code and the values its message is made of, so a client can say it in its user's language.
const h = await gameApiHarness(t, 'pglite')
const mem1 = await h.signIn('mem1')

t.test('a catalogued refusal: code and params beside the message', async (t) => {
  const r = await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ag1', { token: mem1 })
  t.equal(r.statusCode, 403)
  t.same(r.json(), { success: false, message: 'User ag1 is not in your downline; choose yourself or a user below you.', code: 'GA_NOT_YOUR_DOWNLINE', params: ['ag1'] })
})

t.test('a refused bet line: its own code, the line as the form numbers it', async (t) => {
  const r = await h.call('POST', '/api/v1/tt/bet/t', { token: mem1, payload: { DayCode: '1', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3], Units: 1 }] } })
  t.equal(r.statusCode, 400)
  t.same(r.json(), { success: false, message: 'Line 1: Numbers has 3, but ORDINARY takes 6.', code: 'GA_LINE_COUNT', params: ['1', '3', 'ORDINARY', '6'] })
})

t.test('a schema refusal: a GA_FIELD_* code with the field path first', async (t) => {
  const missing = await h.call('POST', '/api/v1/4d/bet', { token: mem1, payload: { DayCode: '3' } })
  t.same(missing.json(), { success: false, message: 'body/Lines is required', code: 'GA_FIELD_REQUIRED', params: ['body/Lines'] })
  const long = await h.call('GET', `/api/v1/4d/locIdAvailable?LocId=${'x'.repeat(21)}`, { token: mem1 })
  t.same(long.json(), { success: false, message: 'querystring/LocId must be at most 20 characters long', code: 'GA_FIELD_TOO_LONG', params: ['querystring/LocId', '20'] })
})

t.test('a rule past the schema: its own code, the field first when the form names it', async (t) => {
  const reversed = await h.call('GET', '/api/v1/4d/reportFull?DrawFrom=2030-01-02&DrawTo=2029-12-01', { token: mem1 })
  t.equal(reversed.statusCode, 400)
  t.same(reversed.json(), { success: false, message: 'The first day of the period, 01/02/2030, must not be later than its last day, 12/01/2029.', code: 'GA_PERIOD_REVERSED', params: ['01/02/2030', '12/01/2029'] })
  const noDay = await h.call('GET', '/api/v1/4d/reportFull?DrawDate=2029-02-30', { token: mem1 })
  t.same(noDay.json(), { success: false, message: 'querystring/DrawDate must be a date written YYYY-MM-DD, not "2029-02-30".', code: 'GA_FIELD_NOT_DATE', params: ['querystring/DrawDate', '2029-02-30'] })
})

t.test('the account rules: coded refusals naming the field, the user and the limit', async (t) => {
  const ag1 = await h.signIn('ag1')
  const above = await h.call('PUT', '/api/v1/4d/agents/position', { token: ag1, payload: { UserId: 'ag2', dShare: 0.55 } })
  t.equal(above.statusCode, 409)
  t.same(above.json(), { success: false, message: 'dShare 0.55 is more than ag1 has, 0.5.', code: 'GA_FIELD_ABOVE_PARENT', params: ['dShare', '0.55', 'ag1', '0.5'] })
  const badId = await h.call('POST', '/api/v1/4d/players', { token: ag1, payload: { UserId: '1bad' } })
  t.equal(badId.statusCode, 400)
  t.same(badId.json(), { success: false, message: 'User ID "1bad" must be a letter followed by 2 to 19 letters, digits or underscores.', code: 'GA_BAD_USER_ID', params: ['1bad'] })
  const credit = await h.call('POST', '/api/v1/4d/players', { token: ag1, payload: { UserId: 'big9', Credit: 1e7 } })
  t.equal(credit.statusCode, 409)
  t.match(credit.json(), { success: false, code: 'GA_CREDIT_OVER_PARENT', message: /^Credit 10,000,000\.00 is more than ag1's credit left, [\d,]+\.\d\d\.$/, params: ['10,000,000.00', 'ag1', /^[\d,]+\.\d\d$/] })
})

t.test('control pages: the sub share and limit refusals have their own codes', async (t) => {
  const admin = await h.signIn('admin')
  const share = await h.call('POST', '/api/v1/4d/subShare', { token: admin, payload: { Holder: 'X', Share: 0.015 } })
  t.equal(share.statusCode, 400)
  t.same(share.json(), { success: false, message: 'Share 0.015 must be a multiple of 0.01.', code: 'GA_SHARE_NOT_CENTS', params: ['0.015'] })
  const count = await h.call('POST', '/api/v1/tt/limit', { token: admin, payload: { Number: '1 2 3', BetType: 'ORDINARY', MaxUnits: 9 } })
  t.equal(count.statusCode, 400)
  t.same(count.json(), { success: false, message: 'ORDINARY takes 6 numbers, but Numbers has 3.', code: 'GA_LIMIT_NUMBER_COUNT', params: ['ORDINARY', '6', '3'] })
  const system = await h.call('POST', '/api/v1/tt/limit', { token: admin, payload: { Number: '1 2 3', BetType: 'SYSTEM', MaxUnits: 9 } })
  t.same(system.json(), { success: false, message: 'SYSTEM takes 7 to 12 numbers, but Numbers has 3.', code: 'GA_LIMIT_NUMBER_COUNT_RANGE', params: ['SYSTEM', '7', '12', '3'] })
})
