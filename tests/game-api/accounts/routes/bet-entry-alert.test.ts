import t from 'tap'
import { alertLines } from '../../../../server/game-api/accounts/rules/bet-entry-alert.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// PUT betEntryAlert sets the enterer's threshold; the place-bets answer flags the lines whose written stake passes it.
t.test('the rule: 4D Big + Small or TOTO units above the threshold, numbered from 1', async (t) => {
  t.same(alertLines([{ big: 10, small: 5 }, { big: 60 }, { units: 3 }], 50), [2])
  t.same(alertLines([{ big: 50 }], 50), [], 'at the threshold is not above it')
  t.same(alertLines([{ big: 1e6 }], null), [], 'no threshold, no alert')
})

t.test('placing: Alert and AlertLines follow the caller\'s threshold', async (t) => {
  const h = await gameApiHarness(t, 'pglite')
  const mem1 = await h.signIn('mem1')
  const lines = [{ Number: '1234', Big: 1 }, { Number: '4321', Big: 20, Small: 5 }]
  const before = await api(h, 'POST', '/api/v1/4d/bet', mem1, { DayCode: '3', Lines: lines })
  t.equal(before.status, 200, JSON.stringify(before.body))
  t.match(before.body.data, { Alert: false, AlertLines: [] }, 'no threshold set')
  await api(h, 'PUT', '/api/v1/4d/betEntryAlert', mem1, { BetEntryAlert: 20 })
  t.match((await api(h, 'POST', '/api/v1/4d/bet', mem1, { DayCode: '3', Lines: lines })).body.data, { Alert: true, AlertLines: [2] })
  // On DrawIds the ticket is placed alone, and the threshold read in placement's one read.
  const drawId = ((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', mem1)).body.data as Array<{ DrawId: number, Series: string }>).find((d) => d.Series === 'SG4D')?.DrawId
  t.match((await api(h, 'POST', '/api/v1/4d/bet', mem1, { DrawIds: [drawId], Lines: lines })).body.data, { Alert: true, AlertLines: [2] }, 'a ticket on DrawIds too')
  const text = await api(h, 'POST', '/api/v1/4d/bet/text', mem1, { Text: 'mem1 3 1234 30-' })
  t.equal(text.status, 200, JSON.stringify(text.body))
  t.match(text.body.data, { Alert: true, AlertLines: [1] }, 'the bet text path too')
})
