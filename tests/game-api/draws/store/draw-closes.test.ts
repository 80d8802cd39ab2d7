import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../../betting/support.ts'

interface Draw { DrawId: number, Series: string, DrawDate: string, CloseTime: string, CloseDate: string }

// One close per draw: the series setting moves the draws that followed it, and the countdown, the JSON path and the text path read it alike.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  let tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin'])
  const sg = async (date: string) => ((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.admin)).body.data as Draw[]).find((d) => d.Series === 'SG4D' && d.DrawDate === date)
  t.match(await sg('2030-01-02'), { CloseTime: '18:00' }, 'today\'s draw exists under the default close time')
  t.match(await sg('2030-01-05'), { CloseTime: '18:00' })
  const saturday = await sg('2030-01-05')
  t.equal((await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: saturday?.DrawId, CloseTime: '16:30' })).status, 200, 'Saturday\'s draw edited on its own')

  const set = await api(h, 'PUT', '/api/v1/4d/draw/series', tokens.admin, { Series: 'SG4D', CloseTime: '17:00' })
  t.equal(set.status, 200, JSON.stringify(set.body))
  t.match(await sg('2030-01-02'), { CloseTime: '17:00', CloseDate: '2030-01-02T17:00:00+08:00' }, 'a draw already created moves with its series')
  t.match(await sg('2030-01-05'), { CloseTime: '16:30' }, 'a draw edited on its own keeps its time')
  t.equal((await api(h, 'GET', '/api/v1/4d/settings', tokens.mem1)).body.data.dClose.CloseDate, '2030-01-02T17:00:00+08:00', 'the header counts down to the same close')

  // 17:30 GMT+8: past the new close, before the default one.
  tokens = await moveTo(h, '2030-01-02T09:30:00Z', ['mem1', 'admin'])
  const check = await api(h, 'POST', '/api/v1/4d/bet/check', tokens.mem1, { Text: 'mem1 3 1234 1-' })
  t.same(check.body.data.ticket?.DrawDates, ['2030-01-09'], 'the text check resolves day code 3 under the series setting: next Wednesday')
  const byText = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: 'mem1 3 1234 1-' })
  t.equal(byText.status, 200, JSON.stringify(byText.body))
  const byJson = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1 }] })
  t.equal(byJson.status, 200, JSON.stringify(byJson.body))
  t.same(byText.body.data?.Draws.map((d: Draw) => d.DrawDate), ['2030-01-09'], 'the text path bets on next Wednesday')
  t.same(byText.body.data?.Draws.map((d: Draw) => d.DrawId), byJson.body.data?.Draws.map((d: Draw) => d.DrawId), 'the JSON path chose the same draw')
  t.equal((await api(h, 'GET', '/api/v1/4d/settings', tokens.mem1)).body.data.dClose.CloseDate, '2030-01-05T16:30:00+08:00', 'the countdown moves on to the next close, as edited')
})
