import t from 'tap'
import { upstreamBody, upstreamHeaders, upstreamPath, upstreamQuery, withoutGamePrefix } from '../../../server/src/proxy/upstream.ts'

t.test('LocId in the query is always the session\'s', async (t) => {
  t.equal(upstreamQuery('', 'SG'), 'LocId=SG')
  t.equal(upstreamQuery('PopUp=Y&LocId=TT&locid=IN&LOCID=BJ&LocId=MG', 'SG'), 'PopUp=Y&LocId=SG')
  t.equal(upstreamQuery('a=1&a=2', 'TT'), 'a=1&a=2&LocId=TT')
})

t.test('LocId in a JSON object body is always the session\'s', async (t) => {
  t.same(upstreamBody({ Content: 'x', LocId: 'TT', locId: 'IN' }, 'SG'), { Content: 'x', LocId: 'SG' })
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
    cookie: 'session=abc',
    'x-csrf-token': 'csrf',
    authorization: 'Bearer stolen',
    connection: 'authorization, locid',
    'content-type': 'application/json',
    'accept-language': 'zh',
    locid: 'TT',
    host: 'evil'
  }, { token: 'real', requestId: 'r1', ip: '10.0.0.1' })
  t.same(headers, { accept: 'application/json', 'x-request-id': 'r1', 'x-forwarded-for': '10.0.0.1', 'content-type': 'application/json', 'accept-language': 'zh', authorization: 'Bearer real' })
})
