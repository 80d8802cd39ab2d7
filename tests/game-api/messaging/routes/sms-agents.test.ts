import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { writeSetting, settingKeys } from '../../../../server/game-api/lib/store/settings.ts'
import { twilioSignature } from '../../../../server/game-api/messaging/rules/twilio-signature.ts'
import { gameApiHarness } from '../../harness.ts'

// SMS Agent (registered phones: one phone, one user) and SMS View (inbound with parse results, outbound queue), ADMIN only.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const ag1 = await h.signIn('ag1')
  const list = async (query = '') => (await h.call('GET', `/api/v1/4d/getSMSAgent${query}`, { token: admin })).json().data as Array<{ PhoneId: number, Phone: string, UserId: string, CreatedBy: string }>

  t.test('phones are added normalised, listed per user, and removed; one phone, one user', async (t) => {
    const added = await h.call('POST', '/api/v1/4d/addSMSAgent', { token: admin, payload: { UserId: 'MEM1', Phone: '8123 4567' } })
    t.equal(added.statusCode, 200, added.body)
    t.match(added.json().data, { Phone: '6581234567', UserId: 'mem1', Role: 'MEM', CreatedBy: 'admin' })
    t.equal((await h.call('POST', '/api/v1/tt/addSMSAgent', { token: admin, payload: { UserId: 'mem1', Phone: '+60 12-345 6789' } })).statusCode, 200, 'a second phone for the same user')
    const taken = await h.call('POST', '/api/v1/4d/addSMSAgent', { token: admin, payload: { UserId: 'mem2', Phone: '+6581234567' } })
    t.equal(taken.statusCode, 409)
    t.equal(taken.json().message, 'Phone 6581234567 is registered to mem1 already; remove it there first (one phone, one user).')
    t.same((await list('?UserId=mem1')).map((p) => p.Phone), ['60123456789', '6581234567'])
    t.same(await list('?UserId=mem2'), [])
    const bad = await h.call('POST', '/api/v1/4d/addSMSAgent', { token: admin, payload: { UserId: 'mem2', Phone: '12345678' } })
    t.equal(bad.statusCode, 400)
    t.match(bad.json().message, /^Phone "12345678" is not a valid phone number/)
    t.equal((await h.call('POST', '/api/v1/4d/addSMSAgent', { token: admin, payload: { UserId: 'nobody', Phone: '91234567' } })).statusCode, 404)
    const id = (await list('?UserId=mem1')).find((p) => p.Phone === '60123456789')?.PhoneId
    t.equal((await h.call('DELETE', `/api/v1/4d/deleteSMSAgent/${id}`, { token: admin })).statusCode, 200)
    t.equal((await h.call('DELETE', `/api/v1/4d/deleteSMSAgent/${id}`, { token: admin })).statusCode, 404, 'removed already')
    t.same((await list('?UserId=mem1')).map((p) => p.Phone), ['6581234567'])
    const { rows } = await h.db.query("SELECT action FROM audits WHERE action LIKE 'smsAgent.%' ORDER BY audit_id")
    t.same(rows.map((r) => (r as { action: string }).action), ['smsAgent.add', 'smsAgent.add', 'smsAgent.delete'])
  })

  t.test('only an ADMIN may read or change them', async (t) => {
    t.equal((await h.call('GET', '/api/v1/4d/getSMSAgent', { token: ag1 })).statusCode, 403)
    t.equal((await h.call('POST', '/api/v1/4d/addSMSAgent', { token: ag1, payload: { UserId: 'mem1', Phone: '91234567' } })).statusCode, 403)
    t.equal((await h.call('GET', '/api/v1/4d/dSMS', { token: ag1 })).statusCode, 403)
    t.equal((await h.call('GET', '/api/v1/4d/getSMSAgent')).statusCode, 401)
  })

  t.test('SMS View: each inbound message with its status and parse result, and the queued reply', async (t) => {
    const secret = 'view-secret'
    const url = 'https://sms.example.test/api/v1/sms/twilio'
    await writeSetting(h.db, settingKeys.smsInboundSecret, secret)
    await writeSetting(h.db, settingKeys.smsInboundUrl, url)
    for (const [MessageSid, Body] of [['SMview1', 'mem1 3 1234 1-'], ['SMview2', 'mem1 3 12 1-']] as const) {
      const params = { MessageSid, From: '+6581234567', To: '6591234567', Body }
      const sent = await h.app.inject({ method: 'POST', url: '/api/v1/sms/twilio', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(secret, url, params) }, payload: new URLSearchParams(params).toString() })
      t.equal(sent.statusCode, 200, sent.body)
    }
    const inbound = (await h.call('GET', '/api/v1/4d/dSMS?Direction=in', { token: admin })).json().data
    t.equal(inbound.total, 2)
    const [bad, good] = inbound.rows
    t.match(good, { From: '+6581234567', Game: '4D', UserId: 'mem1', Text: 'mem1 3 1234 1-', Status: 'placed', Reason: 'placed', ParseOk: true, ParseResult: 'OK: 1 line(s), stake 1.00' })
    t.match(good.TicketNo, /\S/)
    t.match(good.Reply, new RegExp(`^Ticket ${good.TicketNo} for mem1: stake 1\\.00 over 1 draw`))
    t.match(bad, { Status: 'rejected', Reason: 'badText', ParseOk: false, TicketNo: '' })
    t.match(bad.ParseResult, /^Errors: at position 7: /)
    t.equal(bad.Reply.replace(/^Nothing placed: /, 'Errors: '), bad.ParseResult, 'the reply names the same errors at the same positions')
    const outbound = (await h.call('GET', '/api/v1/4d/dSMS?Direction=out&Status=queued', { token: admin })).json().data
    t.equal(outbound.total, 2)
    t.match(outbound.rows[0], { To: '+6581234567', Status: 'queued', Attempts: 0, Text: bad.Reply, InboundId: bad.InboundId })
    t.equal((await h.call('GET', '/api/v1/4d/dSMS?Direction=in&Date=2030-01-03', { token: admin })).json().data.total, 0, 'another day')
    t.equal((await h.call('GET', '/api/v1/4d/dSMS?Direction=in&Date=2030-01-02', { token: admin })).json().data.total, 2)
    t.equal((await h.call('GET', '/api/v1/4d/dSMS?Date=2030-02-30', { token: admin })).statusCode, 400)
  })
})
