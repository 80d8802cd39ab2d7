import t from 'tap'
import { isSmsOpen, openWeekdays } from '../../../../server/game-api/messaging/rules/open-hours.ts'
import { normalisePhone } from '../../../../server/game-api/messaging/rules/phone.ts'
import { twilioSignature, verifyTwilioSignature } from '../../../../server/game-api/messaging/rules/twilio-signature.ts'

t.test('phones: international digits without +, Singapore numbers with 65 (seed 001 §5)', async (t) => {
  const cases: Array<[string, string | undefined]> = [
    ['91234567', '6591234567'], ['+65 9123 4567', '6591234567'], ['6591234567', '6591234567'], ['(65) 8123-4567', '6581234567'],
    ['+60123456789', '60123456789'], ['0060123456789', '60123456789'], ['60123456789', '60123456789'], ['14155552671', '14155552671'],
    ['+1 415 555 2671', '14155552671'], ['123', undefined], ['12345678', undefined], ['abc', undefined], ['', undefined], ['+65 1234 5678', undefined]
  ]
  for (const [raw, expected] of cases) t.equal(normalisePhone(raw), expected, JSON.stringify(raw))
})

t.test('Twilio signature: the documented example, and any change to URL, parameter or secret fails', async (t) => {
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' }
  t.equal(twilioSignature('12345', url, params), 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')
  t.ok(verifyTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='))
  t.notOk(verifyTwilioSignature('12345', `${url}&x=1`, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='))
  t.notOk(verifyTwilioSignature('12345', url, { ...params, Digits: '9999' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='))
  t.notOk(verifyTwilioSignature('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='))
  t.notOk(verifyTwilioSignature('', url, params, twilioSignature('', url, params)), 'an empty secret never verifies')
  t.notOk(verifyTwilioSignature('12345', url, params, ''))
})

t.test('open days and hours are read in GMT+8', async (t) => {
  t.same(openWeekdays('Wed, Sat, Sun'), [3, 6, 0])
  t.same(openWeekdays('Mon,Thu'), [1, 4])
  const hours = { openTime: '09:00', closeTime: '18:00', openDay: 'Wed, Sat, Sun' }
  t.ok(isSmsOpen(hours, new Date('2030-01-02T01:00:00Z')), 'Wednesday 09:00 opens')
  t.ok(isSmsOpen(hours, new Date('2030-01-02T09:59:59Z')), 'Wednesday 17:59:59')
  t.notOk(isSmsOpen(hours, new Date('2030-01-02T10:00:00Z')), 'Wednesday 18:00 is closed')
  t.notOk(isSmsOpen(hours, new Date('2030-01-02T00:59:00Z')), 'Wednesday 08:59')
  t.notOk(isSmsOpen(hours, new Date('2030-01-03T02:00:00Z')), 'Thursday is not an open day')
  t.ok(isSmsOpen(hours, new Date('2030-01-05T02:00:00Z')), 'Saturday 10:00')
})
