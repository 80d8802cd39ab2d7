import t from 'tap'
import { readFileSync } from 'node:fs'
import { checkValue, constraintMessages, isEmptyValue, numberOf, onStep, violationMessage, type ConstraintRule, type FieldConstraints } from '../../../schemas/domain/field-constraints.ts'
import { fromRoot } from '../../../server/shared/paths.ts'

// The one field-constraint checker: each constraint alone, their order, and every message in both catalogues.
const rules = (value: unknown, c: FieldConstraints) => checkValue(value, c).map((v) => v.rule)

t.test('an empty value breaks only required', async (t) => {
  for (const empty of [undefined, null, '', '  ', []]) {
    t.ok(isEmptyValue(empty), `${JSON.stringify(empty)} is empty`)
    t.same(rules(empty, { required: true, min: 5, patterns: [{ pattern: 'x', messageKey: 'p.x' }], options: ['A'] }), ['required'])
    t.same(rules(empty, { min: 5, maxLength: 0, options: ['A'] }), [], 'not required: nothing to check')
  }
  t.same([0, false, 'x', [1]].map(isEmptyValue), [false, false, false, false], 'zero and false are values')
})

t.test('text: lengths in characters, patterns present or absent, options', async (t) => {
  t.same(rules('ab', { minLength: 3 }), ['minLength'])
  t.same(checkValue('abcd', { maxLength: 3 }), [{ rule: 'maxLength', values: { count: 3 } }])
  t.same(rules('😀😀😀', { maxLength: 3, minLength: 3 }), [], 'an emoji counts once')
  const patterns = [{ pattern: '^[A-Z]+$', messageKey: 'p.upper' }, { pattern: '\\s', messageKey: 'p.spaces', absent: true }]
  t.same(checkValue('ab c', { patterns }), [{ rule: 'pattern', messageKey: 'p.upper' }, { rule: 'pattern', messageKey: 'p.spaces' }])
  t.same(rules('ABC', { patterns }), [])
  t.same(rules('\u{1F600}', { patterns: [{ pattern: '^.$', messageKey: 'p.one' }] }), [], 'patterns read code points (the u flag)')
  t.same(rules('C', { options: ['A', 'B'] }), ['invalid'])
  t.same(rules(2, { options: ['1', '2'] }), [], 'options compare as text')
})

t.test('numbers: readable, bounds with a tolerance, steps from stepFrom or min', async (t) => {
  t.same([numberOf(2), numberOf(' 2.5 '), numberOf('x'), numberOf(''), numberOf(null)].map(String), ['2', '2.5', 'NaN', 'NaN', 'NaN'])
  t.same(rules('x', { number: true, min: 0 }), ['number'], 'no number: no bound is checked')
  t.same(rules(Number.POSITIVE_INFINITY, { max: 1 }), ['number'])
  t.same(checkValue(-1, { min: 0 }), [{ rule: 'min', values: { min: 0 } }])
  t.same(checkValue('11', { max: 10 }), [{ rule: 'max', values: { max: 10 } }], 'text spelling a number is read')
  t.same(rules(0.1 + 0.2, { max: 0.3 }), [], 'binary noise is within the bound')
  t.same(checkValue(10.25, { step: 0.5 }), [{ rule: 'step', values: { step: 0.5 } }])
  t.same(rules(1.5, { min: 0.5, step: 1 }), [], 'steps count from min')
  t.same(rules(1.5, { min: 0.5, step: 1, stepFrom: 0 }), ['step'], 'or from stepFrom')
  t.ok(onStep(0.015, 0.005))
  t.notOk(onStep(0.0025, 0.005))
  t.same(rules(5.5, { min: 6, max: 5, step: 1 }), ['min', 'max', 'step'], 'every broken rule, bounds first')
})

t.test('money in cents and TOTO balls', async (t) => {
  t.same(rules(2000.55, { cents: true }), [])
  t.same(rules(0.1 + 0.2, { cents: true }), [])
  t.same(rules(2000.555, { cents: true }), ['cents'])
  t.same([1, 49, 0, 50, 1.5].map((n) => rules(n, { totoNumber: true })), [[], [], ['totoNumber'], ['totoNumber'], ['totoNumber']])
  t.same(checkValue(50, { totoNumber: true }), [{ rule: 'totoNumber', values: { min: 1, max: 49 } }])
})

t.test('a violation is a catalogue message: renderers.error.<rule>, or a pattern\'s own key', async (t) => {
  t.same(violationMessage({ rule: 'min', values: { min: 1 } }), { key: 'renderers.error.min', values: { min: 1 } })
  t.same(violationMessage({ rule: 'required' }), { key: 'renderers.error.required' })
  t.same(violationMessage({ rule: 'pattern', messageKey: 'p.upper' }), { key: 'p.upper' })
  t.same(constraintMessages('', { required: true }), [{ key: 'renderers.error.required' }])
})

t.test('every rule\'s message is in both catalogues, naming only the values the rule sends', async (t) => {
  // Each rule with the values it sends; a rule missing here fails the type check.
  const sends: Record<Exclude<ConstraintRule, 'pattern'>, string[]> = {
    required: [], invalid: [], minLength: ['count'], maxLength: ['count'], number: [], min: ['min'], max: ['max'], step: ['step'], cents: [], totoNumber: ['min', 'max']
  }
  for (const lang of ['en', 'zh']) {
    const catalogue = JSON.parse(readFileSync(fromRoot(`menus/i18n/${lang}.json`), 'utf8')) as { renderers?: { error?: Record<string, string> } }
    const texts = catalogue.renderers?.error ?? {}
    for (const [rule, values] of Object.entries(sends)) {
      const text = texts[rule]
      t.type(text, 'string', `${lang}: renderers.error.${rule} has a text`)
      const named = [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
      t.same(named.filter((name) => !values.includes(name!)), [], `${lang}: ${rule} names only ${values.join(', ') || 'no values'}`)
    }
  }
})
