import t from 'tap'
import { upstreamBody, upstreamPath, upstreamQuery, withoutGamePrefix } from '../../../server/src/proxy/upstream.ts'
import { sessionEndOf, upstreamHeaders } from '../../../server/src/plugins/app/game-client.ts'

t.test('LocId in the query is always the session\'s', async (t) => {
  t.equal(upstreamQuery('', 'SG'), 'LocId=SG')
  t.equal(upstreamQuery('PopUp=Y&LocId=TT&locid=IN&LOCID=BJ&LocId=MG', 'SG'), 'PopUp=Y&LocId=SG')
  t.equal(upstreamQuery('a=1&a=2', 'TT'), 'a=1&a=2&LocId=TT')
  t.equal(upstreamQuery('LocId[]=TT&locid[0]=IN&LocId%5B%5D=MG&LocId[a][b]=BJ&%20LocId%20=X&PopUp=N', 'SG'), 'PopUp=N&LocId=SG', 'array and bracket spellings, encoded or padded, are dropped too')
})

t.test('LocId in a JSON object body is always the session\'s', async (t) => {
  t.same(upstreamBody({ Content: 'x', LocId: 'TT', locId: 'IN' }, 'SG'), { Content: 'x', LocId: 'SG' })
  t.same(upstreamBody({ Content: 'x', 'LocId[]': 'TT', 'locid[0]': 'IN' }, 'SG'), { Content: 'x', LocId: 'SG' })
  t.same(upstreamBody([1, 2], 'SG'), [1, 2], 'arrays are left alone')
  t.equal(upstreamBody(undefined, 'SG'), undefined)
  const buffer = Buffer.from('x')
  t.equal(upstreamBody(buffer, 'SG'), buffer)
})

t.test('the game prefix comes from the session location', async (t) => {
  t.equal(upstreamPath(['announcements'], '4d'), '/api/v1/4d/announcements')
  t.equal(upstreamPath(['announcements', '3'], 'tt'), '/api/v1/tt/announcements/3')
  t.equal(upstreamPath(['profile'], undefined), '/api/v1/profile')
  t.same(withoutGamePrefix(['tt', 'announcements']), ['announcements'])
  t.same(withoutGamePrefix(['announcements']), ['announcements'])
})

t.test('only named headers pass; the service sets authorization', async (t) => {
  const headers = upstreamHeaders({
    client: {
      cookie: 'session=abc',
      'x-csrf-token': 'csrf',
      authorization: 'Bearer stolen',
      connection: 'authorization, locid',
      'content-type': 'application/json',
      'accept-language': 'zh',
      locid: 'TT',
      host: 'evil'
    },
    token: 'real',
    request: { id: 'r1', ip: '10.0.0.1' }
  })
  t.same(headers, { accept: 'application/json', 'x-request-id': 'r1', 'x-forwarded-for': '10.0.0.1', 'content-type': 'application/json', 'accept-language': 'zh', authorization: 'Bearer real' })
  t.same(upstreamHeaders({ extra: { token: 'captcha-id', accept: 'image/svg+xml' } }), { accept: 'image/svg+xml', token: 'captcha-id' }, 'the service\'s own headers, without a request')
})

t.test('a header value with a control character is a 400 naming the header, never a call', async (t) => {
  for (const bad of ['a\u0000b', 'a\r\nx-injected: 1', '\u0007', 'x\u007f']) {
    t.throws(() => upstreamHeaders({ extra: { token: bad } }), { code: 'UI_BAD_REQUEST', statusCode: 400, message: /token header/ }, JSON.stringify(bad))
  }
  t.throws(() => upstreamHeaders({ token: 'a\nb' }), { code: 'UI_BAD_REQUEST', message: /authorization header/ })
  t.same(upstreamHeaders({ extra: { token: 'tab\tand spaces ~' } }).token, 'tab\tand spaces ~')
})

t.test('which game API answers end the session they served', async (t) => {
  t.equal(sessionEndOf(401, { message: 'Session expired' }, true), 'expired')
  t.equal(sessionEndOf(401, { message: 'Login Failed' }, false), undefined, 'a 401 without a token is no session\'s end')
  t.equal(sessionEndOf(503, { subCode: 8000, t: '2030-01-01' }, true), 'maintenance')
  t.equal(sessionEndOf(503, { subCode: 8000 }, false), 'maintenance', 'maintenance on any call')
  t.equal(sessionEndOf(503, null, true), undefined, 'a 503 that is not the maintenance answer')
  t.equal(sessionEndOf(400, { message: 'Captcha incorrect.' }, true), undefined)
})
