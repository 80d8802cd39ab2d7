import t from 'tap'
import { brokenPasswordRules, passwordMismatch, passwordRuleKey, passwordRules } from '../../../schemas/domain/password-rules.ts'

const ids = (password: string) => brokenPasswordRules(password).map((rule) => rule.id)

t.test('a good password breaks nothing', async (t) => {
  t.same(ids('Good#Pass1'), [])
  t.same(ids('Abcdef1!'), [], '8 characters is enough')
  t.same(ids('Abcdefghijk12!x'), [], '15 characters is the most')
})

t.test('each rule', async (t) => {
  t.same(ids('Ab1!'), ['length'])
  t.same(ids('Abcdefghijk12!xy'), ['length'], '16 is too long')
  t.same(ids('good#pass1'), ['upper'])
  t.same(ids('GOOD#PASS1'), ['lower'])
  t.same(ids('Good#Pass'), ['number'])
  t.same(ids('GoodPass1'), ['special'])
  t.same(ids('Good #Pass1'), ['spaces'])
  t.same(ids('Good\tPass#1'), ['spaces'], 'a tab is a space too')
  t.same(ids('a b'), ['length', 'upper', 'number', 'special', 'spaces'], 'every broken rule, in order')
  t.same(ids(''), ['length', 'upper', 'lower', 'number', 'special'])
})

t.test('the length counts characters (code points), not UTF-16 units', async (t) => {
  t.same(ids('Ab1!😀😀😀😀'), [], 'four emoji are four characters: 8 in all')
  t.same(ids('Ab1!😀😀😀'), ['length'], '7 characters (10 UTF-16 units) is too short')
  t.same(ids('Ab1!abcdefgh😀😀😀'), [], '15 characters (18 UTF-16 units) is allowed')
  t.same(ids('Ab1!abcdefgh😀😀😀😀'), ['length'], '16 characters is too long')
})

t.test('the seed\'s exact messages and the client\'s text keys', async (t) => {
  t.same(passwordRules.map((rule) => rule.message), [
    'Your password must be between 8 and 15 characters long',
    'Your password must contain at least 1 uppercase letter',
    'Your password must contain at least 1 lowercase letter',
    'Your password must contain at least 1 number',
    'Your password must contain at least 1 special character',
    'Your password cannot contain spaces'
  ])
  t.equal(passwordMismatch, 'Password does not match')
  t.same(passwordRules.map((rule) => passwordRuleKey(rule.id)), ['password.length', 'password.upper', 'password.lower', 'password.number', 'password.special', 'password.spaces'])
})
