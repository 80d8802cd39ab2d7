import t from 'tap'
import { brokenPasswordRules, passwordRules } from '../../../server/game-api/lib/password-rules.ts'

const [length, upper, lower, number, special, spaces] = passwordRules.map((r) => r.message)

t.test('a good password breaks nothing', async (t) => {
  t.same(brokenPasswordRules('Good#Pass1', 'Good#Pass1'), [])
  t.same(brokenPasswordRules('Abcdef1!', 'Abcdef1!'), [], '8 characters is enough')
  t.same(brokenPasswordRules('Abcdefghijk12!x', 'Abcdefghijk12!x'), [], '15 characters is the most')
})

t.test('each rule and its exact message', async (t) => {
  t.equal(length, 'Your password must be between 8 and 15 characters long')
  t.same(brokenPasswordRules('Ab1!', 'Ab1!'), [length])
  t.same(brokenPasswordRules('Abcdefghijk12!xy', 'Abcdefghijk12!xy'), [length], '16 is too long')
  t.same(brokenPasswordRules('good#pass1', 'good#pass1'), [upper])
  t.equal(upper, 'Your password must contain at least 1 uppercase letter')
  t.same(brokenPasswordRules('GOOD#PASS1', 'GOOD#PASS1'), [lower])
  t.equal(lower, 'Your password must contain at least 1 lowercase letter')
  t.same(brokenPasswordRules('Good#Pass', 'Good#Pass'), [number])
  t.equal(number, 'Your password must contain at least 1 number')
  t.same(brokenPasswordRules('GoodPass1', 'GoodPass1'), [special])
  t.equal(special, 'Your password must contain at least 1 special character')
  t.same(brokenPasswordRules('Good #Pass1', 'Good #Pass1'), [spaces])
  t.equal(spaces, 'Your password cannot contain spaces')
  t.same(brokenPasswordRules('Good#Pass1', 'Good#Pass2'), ['Password does not match'])
})

t.test('every broken rule is listed, in order', async (t) => {
  t.same(brokenPasswordRules('a b', 'x'), [length, upper, number, special, spaces, 'Password does not match'])
  t.same(brokenPasswordRules('', ''), [length, upper, lower, number, special])
})
