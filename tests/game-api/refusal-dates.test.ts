import t from 'tap'
import { errors } from '../../server/game-api/lib/errors.ts'
import { smsErrors } from '../../server/game-api/messaging/errors.ts'
import { shareClaimErrors } from '../../server/game-api/reports/errors.ts'

// A refusal that names a period says its days as the tables write them, MM/DD/YYYY (issue #39), whichever call refused it.
const isoDay = /\b\d{4}-\d{2}-\d{2}\b/

t.test('GA_PERIOD_REVERSED names both days as MM/DD/YYYY', async (t) => {
  const e = errors.periodReversed('2030-01-02', '2029-12-01')
  t.equal(e.code, 'GA_PERIOD_REVERSED')
  t.same(e.params, ['01/02/2030', '12/01/2029'], 'the values the client says it with')
  t.equal(e.message, 'The first day of the period, 01/02/2030, must not be later than its last day, 12/01/2029.')
  t.notMatch(e.message, isoDay)
})

t.test('GA_SHARE_CLAIM_NOTHING names the period as MM/DD/YYYY', async (t) => {
  const e = shareClaimErrors.nothingToClaim('ag1', '2020-01-01', '2020-01-31')
  t.equal(e.code, 'GA_SHARE_CLAIM_NOTHING')
  t.same(e.params, ['ag1', '01/01/2020', '01/31/2020'])
  t.notMatch(e.message, isoDay)
})

t.test('GA_SMS_BAD_PERIOD names the period as MM/DD/YYYY', async (t) => {
  const e = smsErrors.badPeriod('2030-01-02', '2030-01-01', 366)
  t.equal(e.code, 'GA_SMS_BAD_PERIOD')
  t.same(e.params, ['01/02/2030', '01/01/2030', '366'])
  t.notMatch(e.message, isoDay)
})
