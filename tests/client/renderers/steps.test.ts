import t from 'tap'
import { checkStep, stepRule, stepValues } from '../../../client/src/renderers/lib/steps.ts'

t.test('share 0..1 in 0.01', async (t) => {
  const r = stepRule('share')
  t.equal(checkStep(0, r), null)
  t.equal(checkStep(0.57, r), null, 'float noise tolerated')
  t.equal(checkStep(1, r), null)
  t.equal(checkStep(1.01, r), 'max')
  t.equal(checkStep(-0.01, r), 'min')
  t.equal(checkStep(0.555, r), 'step')
  t.equal(stepValues(r).length, 101)
})

t.test('commission 0..0.2 in 0.005, TOTO 0..0.3 in 0.01', async (t) => {
  const d = stepRule('commission', '4d')
  t.equal(checkStep(0.195, d), null)
  t.equal(checkStep(0.205, d), 'max')
  t.equal(checkStep(0.0025, d), 'step')
  const tt = stepRule('commission', 'tt')
  t.equal(checkStep(0.3, tt), null)
  t.equal(checkStep(0.25, tt), null)
  t.equal(checkStep(0.255, tt), 'step')
  t.equal(checkStep(0.31, tt), 'max')
  t.same(stepValues(d).slice(0, 3), [0, 0.005, 0.01])
})

t.test('tax 0..0.01 in 0.001', async (t) => {
  const r = stepRule('tax')
  t.equal(checkStep(0.007, r), null)
  t.equal(checkStep(0.0105, r), 'max')
  t.equal(checkStep(0.0015, r), 'step')
  t.equal(checkStep(Number.NaN, r), 'min')
  t.same(stepValues(r).at(-1), 0.01)
})
