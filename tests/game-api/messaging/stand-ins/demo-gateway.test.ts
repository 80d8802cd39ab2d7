import t from 'tap'
import { buildGameApi } from '../../../helpers/build.ts'
import { readSetting, settingKeys, writeSetting } from '../../../../server/game-api/lib/store/settings.ts'
import { useDemoGateway } from '../../../../server/game-api/messaging/stand-ins/demo-gateway.ts'
import { testClockStart } from '../../../helpers/clock.ts'

// npm start's demo: the stand-in gateway mounted on the game API, SMS Gateway pointed at it, so a sent message shows in SMS View.
t.test('the demo gateway takes what the game API sends, and an operator\'s own gateway is left alone', async (t) => {
  const now = new Date(testClockStart)
  const { gameApi: app, gameApiUrl: address, db } = await buildGameApi(t, { kind: 'pglite', now: () => new Date(now), demoSmsGateway: true })
  t.equal(await useDemoGateway(db, address), true)
  t.match(await readSetting(db, settingKeys.smsGatewayUrl), `${address}/demo-sms-gateway/2010-04-01/Accounts/`)
  const token = (await app.inject({ method: 'POST', url: '/api/v1/oauth/token', payload: { username: 'admin', password: 'Demo#1234' } })).json().data.access_token as string
  const sent = await app.inject({ method: 'POST', url: '/api/v1/4d/testSMSGateway', headers: { authorization: `Bearer ${token}` }, payload: { To: '81234567' } })
  t.equal(sent.statusCode, 200, sent.body)
  t.match(sent.json().data, { Status: 'sent', GatewayMessageId: /^SM/ })
  const view = await app.inject({ method: 'GET', url: '/api/v1/4d/dSMS?Direction=out', headers: { authorization: `Bearer ${token}` } })
  t.match(view.json().data.rows[0], { To: '+6581234567', Status: 'sent' }, 'SMS View shows it sent')
  t.equal(await useDemoGateway(db, 'http://127.0.0.1:1'), true, 'a later start on another port moves the demo endpoint')
  await writeSetting(db, settingKeys.smsGatewayUrl, 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json')
  t.equal(await useDemoGateway(db, address), false, 'an operator\'s gateway is kept')
  t.equal(await readSetting(db, settingKeys.smsGatewayUrl), 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json')
})
