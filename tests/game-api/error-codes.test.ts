import t from 'tap'
import { gameApiHarness } from './harness.ts'

// Every refusal carries its stable code and the values its message is made of, so a client can say it in its user's language.
const h = await gameApiHarness(t, 'pglite')
const mem1 = await h.signIn('mem1')

t.test('a catalogued refusal: code and params beside the message', async (t) => {
  const r = await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ag1', { token: mem1 })
  t.equal(r.statusCode, 403)
  t.same(r.json(), { success: false, message: 'User ag1 is not in your downline; ask for your own id or one below you.', code: 'GA_NOT_YOUR_DOWNLINE', params: ['ag1'] })
})

t.test('a refused bet line: its own code, the line as the form numbers it', async (t) => {
  const r = await h.call('POST', '/api/v1/tt/bet/t', { token: mem1, payload: { DayCode: '1', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3], Units: 1 }] } })
  t.equal(r.statusCode, 400)
  t.same(r.json(), { success: false, message: 'Line 1: Numbers hold 3; ORDINARY takes 6', code: 'GA_LINE_COUNT', params: ['1', '3', 'ORDINARY', '6'] })
})

t.test('a schema refusal: a GA_FIELD_* code with the field path first', async (t) => {
  const missing = await h.call('POST', '/api/v1/4d/bet', { token: mem1, payload: { DayCode: '3' } })
  t.same(missing.json(), { success: false, message: 'body/Lines is required', code: 'GA_FIELD_REQUIRED', params: ['body/Lines'] })
  const long = await h.call('GET', `/api/v1/4d/locIdAvailable?LocId=${'x'.repeat(21)}`, { token: mem1 })
  t.same(long.json(), { success: false, message: 'querystring/LocId must be at most 20 characters long', code: 'GA_FIELD_TOO_LONG', params: ['querystring/LocId', '20'] })
})

t.test('free text keeps its code but has no params', async (t) => {
  const r = await h.call('GET', '/api/v1/4d/reportFull?DrawFrom=2030-01-02&DrawTo=2029-12-01', { token: mem1 })
  t.same(r.json(), { success: false, message: 'querystring/DrawFrom must not be later than DrawTo', code: 'GA_BAD_INPUT' })
})
