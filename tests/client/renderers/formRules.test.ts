import t from 'tap'
import type { FormField } from '../../../schemas/widgets.ts'
import { dependentFields, firstInvalid, revalidate, validateField, validateForm, type FormRuleContext } from '../../../client/src/renderers/lib/formRules.ts'

const fields: FormField[] = [
  { name: 'Password1', labelKey: 'f.pw1', kind: 'password', required: true, minLength: 8 },
  { name: 'Password2', labelKey: 'f.pw2', kind: 'password', required: true, equalTo: 'Password1' },
  { name: 'Share', labelKey: 'f.share', kind: 'share' },
  { name: 'Comm', labelKey: 'f.comm', kind: 'commission' },
  { name: 'From', labelKey: 'f.from', kind: 'date' },
  { name: 'To', labelKey: 'f.to', kind: 'date' }
]
const ctx: FormRuleContext = { fields, dateRanges: [{ from: 'From', to: 'To' }] }

t.test('each broken rule is a translation key, never schema text', async (t) => {
  const errors = validateForm({ Password1: 'short', Password2: 'other', Share: 0.555, Comm: 0.3, From: '2026-02-02', To: '2026-02-01' }, ctx)
  t.same(errors.Password1, [{ key: 'renderers.error.minLength', values: { count: 8 } }])
  t.same(errors.Password2, [{ key: 'renderers.error.equalTo', values: { other: 'f.pw1' } }])
  t.equal(errors.Share?.[0]?.key, 'renderers.error.step')
  t.equal(errors.Comm?.[0]?.key, 'renderers.error.max')
  t.same(errors.From, [{ key: 'renderers.error.dateOrder' }])
  t.equal(firstInvalid(errors, fields), 'Password1')
})

t.test('TOTO commission allows 0.3', async (t) => {
  t.same(validateForm({ Comm: 0.3 }, { fields, game: 'tt' }).Comm, undefined)
})

t.test('required fields and valid forms', async (t) => {
  const errors = validateForm({}, ctx)
  t.same(Object.keys(errors), ['Password1', 'Password2'])
  t.same(validateForm({ Password1: 'Longenough1!', Password2: 'Longenough1!', From: '2026-01-01', To: '2026-01-01' }, ctx), {})
})

t.test('equal-to revalidates when the other field changes', async (t) => {
  t.same(dependentFields('Password1', ctx).sort(), ['Password1', 'Password2'])
  t.same(dependentFields('To', ctx).sort(), ['From', 'To'])
  let data: Record<string, unknown> = { Password1: 'Longenough1!', Password2: 'Longenough1' }
  let errors = validateForm(data, ctx)
  t.equal(errors.Password2?.[0]?.key, 'renderers.error.equalTo')
  data = { ...data, Password1: 'Longenough1' }
  errors = revalidate(errors, 'Password1', data, ctx)
  t.equal(errors.Password2, undefined, 'changing Password1 clears the equal-to error on Password2')
  data = { ...data, Password1: 'Longenough12' }
  errors = revalidate(errors, 'Password1', data, ctx)
  t.equal(errors.Password2?.[0]?.key, 'renderers.error.equalTo', 'and sets it again')
})

t.test('text patterns: each one that fails (or, absent, matches) adds its own message', async (t) => {
  const field: FormField = {
    name: 'Password1',
    labelKey: 'f.pw1',
    kind: 'password',
    patterns: [
      { pattern: '^[\\s\\S]{8,15}$', messageKey: 'pw.length' },
      { pattern: '[A-Z]', messageKey: 'pw.upper' },
      { pattern: '[0-9]', messageKey: 'pw.number' },
      { pattern: '\\s', absent: true, messageKey: 'pw.spaces' }
    ]
  }
  const keys = (value: string) => validateField(field, { Password1: value }, { fields: [field] }).map((e) => e.key)
  t.same(keys('Abcdef#12'), [], 'a good password breaks none')
  t.same(keys('abc'), ['pw.length', 'pw.upper', 'pw.number'])
  t.same(keys('Abc def#12'), ['pw.spaces'], 'a space is refused by the absent pattern')
  t.same(keys(''), [], 'an empty value is the required rule\'s business')
})

t.test('passwordRules: the product\'s password rules, each broken one with its password.<id> text', async (t) => {
  const field: FormField = { name: 'Password1', labelKey: 'f.pw1', kind: 'password', required: true, passwordRules: true }
  const keys = (value: string) => validateField(field, { Password1: value }, { fields: [field] }).map((e) => e.key)
  t.same(keys('Demo#1234'), [], 'a good password breaks none')
  t.same(keys('short'), ['password.length', 'password.upper', 'password.number', 'password.special'])
  t.same(keys('Ab1!😀😀😀😀'), [], 'lengths count characters: four emoji are four of the eight')
  t.same(keys(''), ['renderers.error.required'], 'an empty value is the required rule\'s business')
})
