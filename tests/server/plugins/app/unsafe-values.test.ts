import t from 'tap'
import { buildProduct } from '../../../helpers/build.ts'
import { signedIn } from '../../../helpers/http-browser.ts'

// Values no field may hold are refused by the service before any audit record or game API call: a number that reads as
// Infinity (JSON's 1e309 was re-encoded as null, which the game API read as 0), a NUL character, nesting without end.
const { serviceUrl, store, gameApi } = await buildProduct(t)
const ag1 = await signedIn(serviceUrl, 'ag1')
const mem1 = await signedIn(serviceUrl, 'mem1')
const count = async (sql: string) => Number((await store.query<{ n: number }>(sql)).rows[0]?.n)
const tickets = async () => Number((await gameApi.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tickets WHERE user_id = 'mem1'")).rows[0]?.n)
const credit = async () => Number((await gameApi.db.query<{ c: string }>("SELECT credit AS c FROM users WHERE user_id = 'mem1'")).rows[0]?.c)
const requests = () => count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'request'")

t.test('refused with 400 naming the field, before any audit record or game API call', async (t) => {
  const [auditBefore, ticketsBefore, creditBefore] = [await requests(), await tickets(), await credit()]
  const cases = [
    { who: mem1, method: 'POST', path: '/api/v1/4d/bet', body: '{"DayCode":"3","Lines":[{"Number":"4321","Form":"straight","Big":1,"Small":1e309}]}', code: 'UI_VALUE_NOT_FINITE', field: 'body/Lines/0/Small' },
    { who: ag1, method: 'PUT', path: '/api/v1/4d/players/credit', body: '{"UserId":"mem1","Credit":1e309}', code: 'UI_VALUE_NOT_FINITE', field: 'body/Credit' },
    { who: ag1, method: 'PUT', path: '/api/v1/4d/players/credit', body: '{"UserId":"mem1","Credit":"1e309"}', code: 'UI_VALUE_NOT_FINITE', field: 'body/Credit' },
    { who: ag1, method: 'PUT', path: '/api/v1/4d/players/credit', body: '{"UserId":"mem1\\u0000","Credit":5}', code: 'UI_VALUE_NUL', field: 'body/UserId' },
    { who: mem1, method: 'POST', path: '/api/v1/4d/bet', body: '{"x":'.repeat(5000) + '1' + '}'.repeat(5000), code: 'UI_VALUE_TOO_DEEP', field: 'body/x/x' },
    { who: mem1, method: 'GET', path: '/api/v1/4d/bet/page2?UserId=mem1%00', body: undefined, code: 'UI_VALUE_NUL', field: 'querystring/UserId' }
  ]
  for (const c of cases) {
    const answer = await c.who.request(c.method, c.path, c.body === undefined ? {} : { body: c.body })
    t.equal(answer.status, 400, `${c.method} ${c.path} ${(c.body ?? '').slice(0, 80)}: ${answer.text.slice(0, 200)}`)
    t.equal(answer.json?.code, c.code)
    t.ok(String(answer.json?.message).startsWith(c.field), `the message names ${c.field}: ${String(answer.json?.message).slice(0, 120)}`)
  }
  t.equal(await requests(), auditBefore, 'no audit record of a refused call')
  t.equal(await tickets(), ticketsBefore, 'no ticket placed')
  t.equal(await credit(), creditBefore, 'the credit is unchanged')
})

t.test('the word Infinity in an amount is refused by the game API at its source, naming the field; in a text field it is text', async (t) => {
  const creditBefore = await credit()
  const answer = await ag1.request('PUT', '/api/v1/4d/players/credit', { body: { UserId: 'mem1', Credit: 'Infinity' } })
  t.equal(answer.status, 400, answer.text)
  t.match(answer.json, { code: 'GA_VALUE_NOT_FINITE', message: /^body\/Credit is not a finite number/ })
  t.equal(await credit(), creditBefore)
  const bet = await mem1.request('POST', '/api/v1/4d/bet', { body: { DayCode: '3', Lines: [{ Number: '4321', Form: 'straight', Big: 1, Small: 'Infinity' }] } })
  t.equal(bet.status, 400, bet.text)
  t.match(bet.json, { code: 'GA_VALUE_NOT_FINITE', message: /^body\/Lines\/0\/Small/ })
  const fine = await mem1.request('POST', '/api/v1/4d/bet', { body: { DayCode: '3', Lines: [{ Number: '4321', Form: 'straight', Big: 1, Small: 1 }] } })
  t.equal(fine.status, 200, `an ordinary bet is placed: ${fine.text.slice(0, 200)}`)
})
