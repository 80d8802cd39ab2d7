import t from 'tap'
import { creditProblem, dollars, flagsProblem, locationsProblem, parentBoundProblem, rangeProblem, userIdProblem } from '../../../../server/game-api/accounts/rules/downline-rules.ts'

// The pure rules of a downline: each answers the coded refusal naming the field and the limit, or undefined.
t.test('user ids follow the documented pattern', async (t) => {
  for (const ok of ['ag3', 'Mem_01', 'a23456789012345678xz']) t.equal(userIdProblem(ok), undefined, ok)
  for (const bad of ['ab', '1abc', 'a b', 'a-b1', 'a234567890123456789xz', 'ämem']) t.match(userIdProblem(bad), { code: 'GA_BAD_USER_ID', statusCode: 400, message: `User ID "${bad}" must be a letter followed by 2 to 19 letters, digits or underscores.`, params: [bad] }, bad)
})

t.test('position ranges and steps of seed 001 §5', async (t) => {
  t.equal(rangeProblem('dCommission', 0.015), undefined, '0.015 is three 4D steps')
  t.equal(rangeProblem('dCommission', 0.2), undefined)
  t.match(rangeProblem('dCommission', 0.012), { code: 'GA_FIELD_NOT_STEP', message: 'dCommission 0.012 must be a multiple of 0.005.', params: ['dCommission', '0.012', '0.005'] })
  t.match(rangeProblem('dCommission', 0.205), { code: 'GA_FIELD_OUT_OF_RANGE', message: 'dCommission 0.205 is outside 0 to 0.2.', params: ['dCommission', '0.205', '0.2'] })
  t.equal(rangeProblem('tCommission', 0.3), undefined)
  t.match(rangeProblem('tCommission', 0.025), { code: 'GA_FIELD_NOT_STEP', message: 'tCommission 0.025 must be a multiple of 0.01.', params: ['tCommission', '0.025', '0.01'] })
  t.equal(rangeProblem('Tax', 0.007), undefined)
  t.match(rangeProblem('Tax', 0.0075), { code: 'GA_FIELD_NOT_STEP', message: 'Tax 0.0075 must be a multiple of 0.001.', params: ['Tax', '0.0075', '0.001'] })
  t.match(rangeProblem('Tax', 0.02), { code: 'GA_FIELD_OUT_OF_RANGE', message: 'Tax 0.02 is outside 0 to 0.01.', params: ['Tax', '0.02', '0.01'] })
  t.equal(rangeProblem('dShare', 0.33), undefined)
  t.match(rangeProblem('dShare', 0.333), { code: 'GA_FIELD_NOT_STEP', message: 'dShare 0.333 must be a multiple of 0.01.', params: ['dShare', '0.333', '0.01'] })
  t.match(rangeProblem('dShare', -0.01), { code: 'GA_FIELD_OUT_OF_RANGE', message: 'dShare -0.01 is outside 0 to 1.', params: ['dShare', '-0.01', '1'] })
})

t.test('a downline never gets more than its parent', async (t) => {
  t.equal(parentBoundProblem('dShare', 0.5, 'ag1', 0.5), undefined)
  t.match(parentBoundProblem('dShare', 0.6, 'ag1', 0.5), { code: 'GA_FIELD_ABOVE_PARENT', statusCode: 409, message: 'dShare 0.6 is more than ag1 has, 0.5.', params: ['dShare', '0.6', 'ag1', '0.5'] })
  t.equal(parentBoundProblem('dCommission', 0.2, 'admin', undefined), undefined, 'an unbounded parent')
  t.match(flagsProblem({ EnableUpload: 1, EnablePlaceBet: 1 }, 'ag2', { EnableCreateAgent: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, EnableUpload: 0 }), { code: 'GA_FIELD_NOT_HELD', message: 'EnableUpload cannot be given: ag2 does not have it.', params: ['EnableUpload', 'ag2'] })
  t.match(flagsProblem({ EnableCreateAgent: 1, EnableUpload: 1 }, 'ag2', { EnableCreateAgent: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, EnableUpload: 0 }), { code: 'GA_FIELD_NOT_HELD', params: ['EnableCreateAgent', 'ag2'] }, 'the first flag the parent lacks, so the form can name it')
  t.equal(flagsProblem({ EnableUpload: 0 }, 'ag2', { EnableCreateAgent: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, EnableUpload: 0 }), undefined)
  t.equal(locationsProblem(['SG', 'MG'], 'ag1', ['SG', 'TT', 'MG']), undefined)
  t.match(locationsProblem(['SG', 'IN'], 'ag1', ['SG', 'TT', 'MG']), { code: 'GA_LOCATIONS_NOT_PARENTS', message: "Locations IN are not among ag1's locations (SG, TT, MG).", params: ['IN', 'ag1', 'SG, TT, MG'] })
  t.match(locationsProblem([], 'ag1', ['SG']), { code: 'GA_LOCATIONS_EMPTY', message: 'Choose at least one location.' })
})

t.test('credit: never more than the parent has left, never less than the downline uses', async (t) => {
  t.equal(dollars(48749.5), '48,749.50')
  t.match(creditProblem({ userId: 'new1', credit: 60000, oldCredit: 0, creditLeft: 0 }, 'ag1', 48749.5), { code: 'GA_CREDIT_OVER_PARENT', message: "Credit 60,000.00 is more than ag1's credit left, 48,749.50.", params: ['60,000.00', 'ag1', '48,749.50'] })
  t.equal(creditProblem({ userId: 'new1', credit: 48749.5, oldCredit: 0, creditLeft: 0 }, 'ag1', 48749.5), undefined, 'exactly what is left')
  t.match(creditProblem({ userId: 'mem1', credit: 2000, oldCredit: 1000, creditLeft: 879.5 }, 'ag1', 500), { code: 'GA_CREDIT_ADDS_OVER_PARENT', message: "Credit 2,000.00 adds 1,000.00, more than ag1's credit left, 500.00.", params: ['2,000.00', '1,000.00', 'ag1', '500.00'] })
  t.match(creditProblem({ userId: 'mem1', credit: 100, oldCredit: 1000, creditLeft: 879.5 }, 'ag1', 0), { code: 'GA_CREDIT_BELOW_IN_USE', message: 'Credit 100.00 is less than what mem1 has in use, 120.50.', params: ['100.00', 'mem1', '120.50'] })
  t.equal(creditProblem({ userId: 'mem1', credit: 1e9, oldCredit: 0, creditLeft: 0 }, 'admin', undefined), undefined, 'the company is not bounded')
  t.match(creditProblem({ userId: 'x', credit: 1.005, oldCredit: 0, creditLeft: 0 }, 'admin', undefined), { code: 'GA_FIELD_NOT_CENTS', statusCode: 400, message: 'Credit must be in cents at most (e.g. 2000.50), not 1.005.', params: ['Credit', '1.005'] })
  t.match(creditProblem({ userId: 'x', credit: -5, oldCredit: 0, creditLeft: 0 }, 'admin', undefined), { code: 'GA_CREDIT_NEGATIVE', message: 'Credit -5.00 must not be negative.', params: ['-5.00'] })
})
