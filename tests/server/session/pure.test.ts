import t from 'tap'
import { detectMobile } from '../../../server/src/session/mobile.ts'
import { gameOf, pickLocation } from '../../../server/src/session/location.ts'
import { advanceServerTime } from '../../../server/src/session/server-time.ts'
import { csrfMatches } from '../../../server/src/plugins/app/csrf.ts'

t.test('detectMobile: query, then client hint, then user agent', async (t) => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'
  t.equal(detectMobile({ 'user-agent': desktop }), false)
  t.equal(detectMobile({ 'user-agent': iphone }), true)
  t.equal(detectMobile({ 'user-agent': android }), true)
  t.equal(detectMobile({ 'sec-ch-ua-mobile': '?1', 'user-agent': desktop }), true, 'the client hint wins over the agent')
  t.equal(detectMobile({ 'sec-ch-ua-mobile': '?0', 'user-agent': iphone }), false)
  t.equal(detectMobile({ 'user-agent': desktop }, '1'), true, 'the query wins over everything')
  t.equal(detectMobile({ 'sec-ch-ua-mobile': '?1' }, '0'), false)
  t.equal(detectMobile({}), false)
})

t.test('pickLocation and gameOf', async (t) => {
  const sg = { LocId: 'SG', Loc: 'Singapore', flags: [] }
  const tt = { LocId: 'TT', Loc: 'TOTO', flags: ['TT' as const] }
  t.equal(pickLocation([sg, tt], 'TT'), tt, 'the stored one while allowed')
  t.equal(pickLocation([sg, tt], 'IN'), sg, 'else the first allowed')
  t.equal(pickLocation([tt, sg], undefined), tt)
  t.equal(pickLocation([], 'SG'), undefined, 'none when the user has none')
  t.equal(gameOf(tt), 'tt')
  t.equal(gameOf(sg), '4d')
  t.equal(gameOf({ flags: ['MG'] }), '4d')
})

t.test('advanceServerTime keeps the game API clock running in its own offset', async (t) => {
  const readAt = Date.UTC(2024, 0, 1, 4, 0, 0)
  t.equal(advanceServerTime('2024-01-01T12:00:00+08:00', readAt, readAt + 61_500), '2024-01-01T12:01:01+08:00')
  t.equal(advanceServerTime('2024-01-01T23:59:30+08:00', readAt, readAt + 45_000), '2024-01-02T00:00:15+08:00', 'across midnight')
  t.equal(advanceServerTime('2024-01-01T04:00:00Z', readAt, readAt + 1000), '2024-01-01T04:00:01Z')
  t.equal(advanceServerTime('2024-01-01T01:00:00-03:30', readAt, readAt), '2024-01-01T01:00:00-03:30')
  t.equal(advanceServerTime('not a date', readAt, readAt + 1000), 'not a date', 'left alone when unreadable')
})

t.test('csrfMatches compares whole tokens', async (t) => {
  t.equal(csrfMatches('abc', 'abc'), true)
  t.equal(csrfMatches('abd', 'abc'), false)
  t.equal(csrfMatches('ab', 'abc'), false, 'another length never matches')
  t.equal(csrfMatches('', 'abc'), false)
})
