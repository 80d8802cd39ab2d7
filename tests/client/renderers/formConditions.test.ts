import t from 'tap'
import type { FormField } from '../../../schemas/widgets.ts'
import { boundOf, dependentFields, isRequired, revalidate, validateForm, visibleValues, type FormRuleContext } from '../../../client/src/renderers/lib/formRules.ts'
import { choiceOptions } from '../../../client/src/renderers/lib/choices.ts'
import { toRjsf } from '../../../client/src/renderers/lib/formSchema.ts'

const fields: FormField[] = [
  { name: 'Type', labelKey: 'f.type', kind: 'select', options: [{ value: 'SYSTEM', labelKey: 'f.system' }, { value: 'USER', labelKey: 'f.user' }] },
  { name: 'Host', labelKey: 'f.host', kind: 'text', required: true, visibleWhen: { field: 'Type', equals: 'SYSTEM' } },
  { name: 'Note', labelKey: 'f.note', kind: 'text', requiredWhen: { any: [{ field: 'Type', equals: 'USER' }] } },
  { name: 'dShare', labelKey: 'f.share', kind: 'share', max: { loaded: 'Parent.dShare' } },
  { name: 'Count', labelKey: 'f.count', kind: 'number', min: 1, max: 10 },
  { name: 'Perms', labelKey: 'f.perms', kind: 'checkboxes', required: true, optionsFrom: { data: { endpoint: '/api/v1/permissions' }, valueField: 'Name' } }
]
const ctx: FormRuleContext = { fields, loaded: { Parent: { dShare: 0.4 } } }

t.test('a hidden field is neither checked nor sent; requiredWhen requires while it holds', async (t) => {
  const user = validateForm({ Type: 'USER', Perms: ['A'] }, ctx)
  t.same(user.Host, undefined, 'Host is hidden for USER, so its required does not apply')
  t.same(user.Note, [{ key: 'renderers.error.required' }])
  const system = validateForm({ Type: 'SYSTEM', Perms: ['A'] }, ctx)
  t.same(system.Host, [{ key: 'renderers.error.required' }])
  t.same(system.Note, undefined)
  t.same(visibleValues({ Type: 'USER', Host: 'old', Note: 'n' }, fields), { Type: 'USER', Note: 'n' })
  t.ok(isRequired(fields[2] as FormField, { Type: 'USER' }))
})

t.test('changing a field rechecks the fields whose conditions read it', async (t) => {
  t.same(dependentFields('Type', ctx).sort(), ['Host', 'Note', 'Type'])
  const before = validateForm({ Type: 'SYSTEM', Perms: ['A'] }, ctx)
  t.ok(before.Host)
  const after = revalidate(before, 'Type', { Type: 'USER', Perms: ['A'] }, ctx)
  t.same(after.Host, undefined, 'hiding Host drops its error')
  t.same(after.Note, [{ key: 'renderers.error.required' }])
})

t.test('bounds from the loaded record and constants narrow the kind\'s own steps', async (t) => {
  t.same(validateForm({ dShare: 0.5, Perms: ['A'] }, ctx).dShare, [{ key: 'renderers.error.max', values: { max: 0.4 } }], 'the parent\'s share is the most')
  t.same(validateForm({ dShare: 0.4, Perms: ['A'] }, ctx).dShare, undefined)
  t.same(validateForm({ dShare: 0.385, Perms: ['A'] }, ctx).dShare, [{ key: 'renderers.error.step', values: { step: 0.01 } }], 'the §5 step still applies')
  t.same(validateForm({ dShare: 0.405, Perms: ['A'] }, ctx).dShare?.map((e) => e.key), ['renderers.error.max', 'renderers.error.step'], 'each broken rule once, bounds first')
  t.same(validateForm({ dShare: 0.9, Perms: ['A'] }, { fields }).dShare, undefined, 'no loaded record: no bound beyond the share range')
  t.same(validateForm({ Count: 0, Perms: ['A'] }, ctx).Count, [{ key: 'renderers.error.min', values: { min: 1 } }])
  t.same(validateForm({ Count: 11, Perms: ['A'] }, ctx).Count, [{ key: 'renderers.error.max', values: { max: 10 } }])
  t.equal(boundOf({ loaded: 'a' }, { a: '0.25' }), 0.25, 'a number sent as text')
  t.equal(boundOf({ loaded: 'a' }, { a: 'x' }), undefined)
})

t.test('an empty multiple choice counts as empty', async (t) => {
  t.same(validateForm({ Perms: [] }, ctx).Perms, [{ key: 'renderers.error.required' }])
  t.same(validateForm({ Perms: ['MemberEdit'] }, ctx).Perms, undefined)
})

t.test('options from an answer: value and label fields, plain values, duplicates and blanks skipped', async (t) => {
  t.same(choiceOptions([{ Id: 1, Name: 'One' }, { Id: 1, Name: 'Again' }, { Id: null }, { Id: 2 }], { valueField: 'Id', labelField: 'Name' }), [{ value: '1', label: 'One' }, { value: '2', label: '2' }])
  t.same(choiceOptions(['Report', 'OutSet'], { valueField: 'x' }), [{ value: 'Report', label: 'Report' }, { value: 'OutSet', label: 'OutSet' }])
  t.same(choiceOptions({ not: 'a list' }, { valueField: 'x' }), [])
})

t.test('multiple choices are arrays; options from data go to the data widgets', async (t) => {
  const { schema, uiSchema } = toRjsf(fields, (k) => k)
  t.match(schema.properties.Perms, { type: 'array', items: { type: 'string' }, uniqueItems: true })
  t.equal((schema.properties.Perms as { items: { anyOf?: unknown } }).items.anyOf, undefined, 'the data decides the choices')
  const written = toRjsf([{ name: 'Kinds', labelKey: 'p.kinds', kind: 'checkboxes', options: [{ value: 'result', labelKey: 'p.result' }, { value: 'strike', labelKey: 'p.strike' }] }], (k) => `T:${k}`)
  t.same(written.schema.properties.Kinds, { type: 'array', title: 'T:p.kinds', items: { type: 'string', anyOf: [{ const: 'result', title: 'T:p.result' }, { const: 'strike', title: 'T:p.strike' }] }, uniqueItems: true },
    'written options keep their translated labels')
  t.equal(uiSchema.Perms?.['ui:widget'], 'dataChoices')
  t.match(schema.properties.Type, { type: 'string', oneOf: [{ const: 'SYSTEM' }, { const: 'USER' }] })
})

t.test('multiple choices from the descriptor keep their translated titles', async (t) => {
  const { schema } = toRjsf([{ name: 'Patterns', labelKey: 'patterns', kind: 'checkboxes', options: [{ value: 'QUAD', labelKey: 'quad' }, { value: 'RUN', labelKey: 'run' }] }], (k) => `t:${k}`)
  t.same((schema.properties.Patterns as { items: unknown }).items, { type: 'string', anyOf: [{ const: 'QUAD', title: 't:quad' }, { const: 'RUN', title: 't:run' }] }, 'each checkbox reads its label, not its value')
})
