import t from 'tap'
import { COMMISSION_4D, COMMISSION_TOTO, POSITION_RANGES, SHARE, TAX, positionRule, type StepRule } from '../../../schemas/domain/position-ranges.ts'
import { checkValue } from '../../../schemas/domain/field-constraints.ts'
import { stepRule } from '../../../client/src/renderers/lib/steps.ts'

// Seed 001 §5's pickers: each range and step once, read by the client's pickers and the game API's account rules.
const broken = (value: number, rule: StepRule) => checkValue(value, { number: true, ...rule }).map((v) => v.rule)

t.test('share 0..1 in 0.01', async (t) => {
  const r = positionRule('share')
  t.same(r, { min: 0, max: 1, step: 0.01 })
  for (const ok of [0, 0.57, 0.07, 1]) t.same(broken(ok, r), [], `${ok}: float noise tolerated`)
  t.same(broken(1.01, r), ['max'])
  t.same(broken(-0.01, r), ['min'])
  t.same(broken(0.555, r), ['step'])
})

t.test('commission 0..0.2 in 0.005 for 4D, 0..0.3 in 0.01 for TOTO', async (t) => {
  const d = positionRule('commission', '4D')
  t.same(broken(0.195, d), [])
  t.same(broken(0.015, d), [], '0.015 / 0.005 is 3 steps though not exactly in binary')
  t.same(broken(0.205, d), ['max'])
  t.same(broken(0.0025, d), ['step'])
  const tt = positionRule('commission', 'TOTO')
  t.same([broken(0.3, tt), broken(0.25, tt)], [[], []])
  t.same(broken(0.255, tt), ['step'])
  t.same(broken(0.31, tt), ['max'])
})

t.test('tax 0..0.01 in 0.001; no number is no position', async (t) => {
  const r = positionRule('tax', 'TOTO')
  t.same(broken(0.007, r), [])
  t.same(broken(0.0105, r), ['max', 'step'])
  t.same(broken(0.0015, r), ['step'])
  t.same(broken(Number.NaN, r), ['number'])
})

t.test('the account fields hold the same rules as the pickers', async (t) => {
  t.same(POSITION_RANGES, { dShare: SHARE, tShare: SHARE, dCommission: COMMISSION_4D, tCommission: COMMISSION_TOTO, Tax: TAX })
  t.equal(positionRule('commission', 'TOTO'), POSITION_RANGES.tCommission)
})

t.test('the client picks a rule by its game prefix', async (t) => {
  t.equal(stepRule('commission'), COMMISSION_4D, '4d by default')
  t.equal(stepRule('commission', 'tt'), COMMISSION_TOTO)
  t.equal(stepRule('share', 'tt'), SHARE)
  t.equal(stepRule('tax', '4d'), TAX)
})
