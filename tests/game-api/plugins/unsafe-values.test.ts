import t from 'tap'
import { onTestDatabase } from '../../helpers/db.ts'
import { gameApiHarness } from '../harness.ts'

// Called directly (not through the service): an amount that reads as Infinity, a NUL character or nesting without end is
// refused with 400 naming the field (by the field's schema where it words it, else once validated), before the store sees it.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const ag1 = await h.signIn('ag1')
  const mem1 = await h.signIn('mem1')
  const json = { 'content-type': 'application/json' }
  const rows = async () => (await h.db.query<{ t: number, l: number, c: string }>("SELECT (SELECT count(*)::int FROM tickets) AS t, (SELECT count(*)::int FROM ledger) AS l, (SELECT credit::text FROM users WHERE user_id = 'mem1') AS c")).rows[0]
  const before = await rows()
  const cases = [
    { token: ag1, method: 'PUT', url: '/api/v1/4d/players/credit', payload: '{"LocId":"SG","UserId":"mem1","Credit":1e309}', code: 'GA_FIELD_TYPE', field: 'body/Credit' },
    { token: ag1, method: 'PUT', url: '/api/v1/4d/players/credit', payload: '{"LocId":"SG","UserId":"mem1","Credit":"Infinity"}', code: 'GA_VALUE_NOT_FINITE', field: 'body/Credit' },
    { token: ag1, method: 'POST', url: '/api/v1/4d/insertStatement2', payload: '{"LocId":"SG","UserId":"mem1","Type":"IN","Amount":"1e309"}', code: 'GA_VALUE_NOT_FINITE', field: 'body/Amount' },
    { token: ag1, method: 'POST', url: '/api/v1/4d/insertStatement2', payload: '{"LocId":"SG","UserId":"mem1","Type":"IN","Amount":5,"Remarks":"a\\u0000b"}', code: 'GA_VALUE_NUL', field: 'body/Remarks' },
    { token: mem1, method: 'POST', url: '/api/v1/4d/bet', payload: '{"LocId":"SG","DayCode":"3","Lines":[{"Number":"4321","Big":1,"Small":"-Infinity"}]}', code: 'GA_VALUE_NOT_FINITE', field: 'body/Lines/0/Small' },
    { token: mem1, method: 'POST', url: '/api/v1/4d/bet', payload: '{"LocId":"SG","DayCode":"3","Lines":[{"Number":"4321","Big":1e999}]}', code: 'GA_FIELD_TYPE', field: 'body/Lines/0/Big' },
    { token: mem1, method: 'POST', url: '/api/v1/4d/bet', payload: '['.repeat(5000) + ']'.repeat(5000), code: 'GA_VALUE_TOO_DEEP', field: 'body/0/0' }
  ] as const
  for (const c of cases) {
    const answer = await h.call(c.method, c.url, { token: c.token, payload: c.payload, headers: json })
    t.equal(answer.statusCode, 400, `${c.url} ${c.payload.slice(0, 90)}: ${answer.body.slice(0, 200)}`)
    t.equal(answer.json().code, c.code)
    t.ok(String(answer.json().message).startsWith(c.field), `names ${c.field}: ${String(answer.json().message).slice(0, 100)}`)
  }
  t.same(await rows(), before, 'no ticket, no ledger entry, the credit unchanged')
  const named = await h.call('POST', '/api/v1/4d/insertStatement2', { token: ag1, payload: { LocId: 'SG', UserId: 'mem1', Type: 'IN', Amount: 5, Remarks: 'Infinity' }, headers: json })
  t.equal(named.statusCode, 200, `the word in a text field is text: ${named.body.slice(0, 200)}`)
})
