import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// SMS Report: messages and cost per user and day (GMT+8 days), per user over a period, with sums.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const inbound = async (userId: string | null, at: string, n: number) => {
    for (let i = 0; i < n; i++) {
      await h.db.query(
        `INSERT INTO sms_inbound (provider, message_id, sender, receiver, game, body, user_id, status, reason, received_at)
         VALUES ('twilio', $1, '+6581234567', '+6591234567', '4D', 'x', $2, 'rejected', 'badText', $3)`, [`SMreport${userId}${at}${i}`, userId, at])
    }
  }
  const outbound = async (userId: string | null, at: string, status: string, cost: number | null, kindOf = 'reply') => {
    await h.db.query('INSERT INTO sms_outbound (recipient, body, kind, user_id, status, cost, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      ['+6581234567', 'x', kindOf, userId, status, cost, at])
  }
  // 2029-12-31 16:30Z is 2030-01-01 00:30 in GMT+8: the first of January's.
  await inbound('mem1', '2029-12-31T16:30:00Z', 2)
  await outbound('mem1', '2029-12-31T16:30:00Z', 'sent', 0.05)
  await outbound('mem1', '2029-12-31T16:31:00Z', 'sent', 0.05)
  await outbound('mem1', '2029-12-31T15:59:00Z', 'sent', 0.05, 'result')
  await outbound('mem1', '2030-01-01T03:00:00Z', 'failed', null, 'strike')
  await outbound('ag1', '2030-01-01T03:00:00Z', 'sent', 0.0325, 'test')
  await outbound('ag1', '2030-01-01T04:00:00Z', 'queued', null)
  await outbound(null, '2030-01-01T05:00:00Z', 'sent', 0.05)
  await inbound(null, '2030-01-01T05:00:00Z', 1)
  const get = (path: string) => h.call('GET', `/api/v1/4d/${path}`, { token: admin })

  t.test('per user and day, days as GMT+8 counts them, with sums', async (t) => {
    const answer = await get('getSMSReport?DateFrom=2029-12-31&DateTo=2030-01-01')
    t.equal(answer.statusCode, 200, answer.body)
    const { rows, totals } = answer.json().data
    t.same(rows, [
      { UserId: '', Day: '2030-01-01', Inbound: 1, Outbound: 1, Sent: 1, Failed: 0, Queued: 0, Cost: 0.05 },
      { UserId: 'ag1', Day: '2030-01-01', Inbound: 0, Outbound: 2, Sent: 1, Failed: 0, Queued: 1, Cost: 0.0325 },
      { UserId: 'mem1', Day: '2030-01-01', Inbound: 2, Outbound: 3, Sent: 2, Failed: 1, Queued: 0, Cost: 0.1 },
      { UserId: 'mem1', Day: '2029-12-31', Inbound: 0, Outbound: 1, Sent: 1, Failed: 0, Queued: 0, Cost: 0.05 }
    ])
    t.same(totals, { Inbound: 3, Outbound: 7, Sent: 5, Failed: 1, Queued: 1, Cost: 0.2325 })
  })

  t.test('per user over the period, and one user only', async (t) => {
    const { rows, totals } = (await get('getSMSReportSum?DateFrom=2029-12-31&DateTo=2030-01-01')).json().data
    t.same(rows.map((r: { UserId: string, Days: number, Cost: number, Outbound: number }) => [r.UserId, r.Days, r.Outbound, r.Cost]), [['', 1, 1, 0.05], ['ag1', 1, 2, 0.0325], ['mem1', 2, 4, 0.15]])
    t.same(totals, { Inbound: 3, Outbound: 7, Sent: 5, Failed: 1, Queued: 1, Cost: 0.2325 }, 'the same sums as per day')
    const one = (await get('getSMSReport?DateFrom=2029-12-31&DateTo=2030-01-01&UserId=MEM1')).json().data
    t.same(one.rows.map((r: { Day: string }) => r.Day), ['2030-01-01', '2029-12-31'])
    t.equal(one.totals.Cost, 0.15)
    t.same((await get('getSMSReport?DateFrom=2030-01-02&DateTo=2030-01-02')).json().data, { rows: [], totals: { Inbound: 0, Outbound: 0, Sent: 0, Failed: 0, Queued: 0, Cost: 0 } })
  })

  t.test('the default period is the last seven days; a bad period is refused', async (t) => {
    t.equal((await get('getSMSReportSum')).json().data.totals.Outbound, 7, 'the seeded clock\'s week holds them all')
    const reversed = await get('getSMSReport?DateFrom=2030-01-02&DateTo=2030-01-01')
    t.equal(reversed.statusCode, 400)
    t.match(reversed.json(), { code: 'GA_SMS_BAD_PERIOD', params: ['01/02/2030', '01/01/2030', '366'] })
    t.equal((await get('getSMSReport?DateFrom=2028-01-01&DateTo=2030-01-01')).json().code, 'GA_SMS_BAD_PERIOD')
    t.equal((await get('getSMSReport?DateFrom=2030-02-30')).json().code, 'GA_FIELD_NOT_DATE')
    const agent = await h.signIn('ag1')
    t.equal((await h.call('GET', '/api/v1/4d/getSMSReport', { token: agent })).statusCode, 403)
  })
})
