import t from 'tap'
import { brokenRules } from '../../../../client/src/features/auth/passwordRules.ts'

t.test('the six new-password rules of seed 000 §5', async (t) => {
  t.same(brokenRules('Demo#1234'), [])
  t.same(brokenRules('Ab1!'), ['password.length'])
  t.same(brokenRules('Abcdefghijk1!xyz'), ['password.length'], '16 is too long')
  t.same(brokenRules('Abcdef1!'), [], '8 is enough')
  t.same(brokenRules('abcdefg1!'), ['password.upper'])
  t.same(brokenRules('ABCDEFG1!'), ['password.lower'])
  t.same(brokenRules('Abcdefgh!'), ['password.number'])
  t.same(brokenRules('Abcdefgh1'), ['password.special'])
  t.same(brokenRules('Abcd efg1!'), ['password.spaces'])
  t.same(brokenRules(''), ['password.length', 'password.upper', 'password.lower', 'password.number', 'password.special'])
})
