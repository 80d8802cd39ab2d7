import t from 'tap'
import { creditProblem, dollars, flagsProblem, locationsProblem, parentBoundProblem, rangeProblem, userIdProblem } from '../../../../../server/game-api/routes/game/accounts/rules.ts'

// The pure rules of a downline: each answers the refusal sentence naming the field and the limit, or undefined.
t.test('user ids follow the documented pattern', async (t) => {
  for (const ok of ['ag3', 'Mem_01', 'a23456789012345678xz']) t.equal(userIdProblem(ok), undefined, ok)
  for (const bad of ['ab', '1abc', 'a b', 'a-b1', 'a234567890123456789xz', 'ämem']) t.match(userIdProblem(bad), /must be a letter followed by 2 to 19 letters, digits or underscores/, bad)
})

t.test('position ranges and steps of seed 001 §5', async (t) => {
  t.equal(rangeProblem('dCommission', 0.015), undefined, '0.015 is three 4D steps')
  t.equal(rangeProblem('dCommission', 0.2), undefined)
  t.equal(rangeProblem('dCommission', 0.012), 'dCommission 0.012 must be a multiple of 0.005.')
  t.equal(rangeProblem('dCommission', 0.205), 'dCommission 0.205 is outside 0 to 0.2.')
  t.equal(rangeProblem('tCommission', 0.3), undefined)
  t.equal(rangeProblem('tCommission', 0.025), 'tCommission 0.025 must be a multiple of 0.01.')
  t.equal(rangeProblem('Tax', 0.007), undefined)
  t.equal(rangeProblem('Tax', 0.0075), 'Tax 0.0075 must be a multiple of 0.001.')
  t.equal(rangeProblem('Tax', 0.02), 'Tax 0.02 is outside 0 to 0.01.')
  t.equal(rangeProblem('dShare', 0.33), undefined)
  t.equal(rangeProblem('dShare', 0.333), 'dShare 0.333 must be a multiple of 0.01.')
  t.equal(rangeProblem('dShare', -0.01), 'dShare -0.01 is outside 0 to 1.')
})

t.test('a downline never gets more than its parent', async (t) => {
  t.equal(parentBoundProblem('dShare', 0.5, 'ag1', 0.5), undefined)
  t.equal(parentBoundProblem('dShare', 0.6, 'ag1', 0.5), "dShare 0.6 is more than ag1's dShare, 0.5.")
  t.equal(parentBoundProblem('dCommission', 0.2, 'admin', undefined), undefined, 'an unbounded parent')
  t.equal(flagsProblem({ EnableUpload: 1, EnablePlaceBet: 1 }, 'ag2', { EnableCreateAgent: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, EnableUpload: 0 }), 'EnableUpload cannot be given: ag2 does not have it.')
  t.equal(flagsProblem({ EnableCreateAgent: 1, EnableUpload: 1 }, 'ag2', { EnableCreateAgent: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, EnableUpload: 0 }), 'EnableCreateAgent, EnableUpload cannot be given: ag2 does not have them.')
  t.equal(flagsProblem({ EnableUpload: 0 }, 'ag2', { EnableCreateAgent: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, EnableUpload: 0 }), undefined)
  t.equal(locationsProblem(['SG', 'MG'], 'ag1', ['SG', 'TT', 'MG']), undefined)
  t.equal(locationsProblem(['SG', 'IN'], 'ag1', ['SG', 'TT', 'MG']), "Locations IN are not among ag1's locations (SG, TT, MG).")
  t.equal(locationsProblem([], 'ag1', ['SG']), 'Locations must name at least one location.')
})

t.test('credit: never more than the parent has left, never less than the downline uses', async (t) => {
  t.equal(dollars(48749.5), '48,749.50')
  t.equal(creditProblem({ userId: 'new1', credit: 60000, oldCredit: 0, creditLeft: 0 }, 'ag1', 48749.5), "Credit 60,000.00 is more than ag1's credit left, 48,749.50.")
  t.equal(creditProblem({ userId: 'new1', credit: 48749.5, oldCredit: 0, creditLeft: 0 }, 'ag1', 48749.5), undefined, 'exactly what is left')
  t.equal(creditProblem({ userId: 'mem1', credit: 2000, oldCredit: 1000, creditLeft: 879.5 }, 'ag1', 500), "Credit 2,000.00 adds 1,000.00, more than ag1's credit left, 500.00.")
  t.equal(creditProblem({ userId: 'mem1', credit: 100, oldCredit: 1000, creditLeft: 879.5 }, 'ag1', 0), 'Credit 100.00 is less than what mem1 has in use, 120.50.')
  t.equal(creditProblem({ userId: 'mem1', credit: 1e9, oldCredit: 0, creditLeft: 0 }, 'admin', undefined), undefined, 'the company is not bounded')
  t.equal(creditProblem({ userId: 'x', credit: 1.005, oldCredit: 0, creditLeft: 0 }, 'admin', undefined), 'Credit 1.005 must be in cents at most.')
})
