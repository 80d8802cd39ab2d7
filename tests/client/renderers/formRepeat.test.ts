import t from 'tap'
import type { FormField } from '../../../schemas/widgets.ts'
import { blankItem, canAdd, canRemove, countErrors, fewestItems, initialItems, invalidCells, isRepeat, itemsOf, type RepeatField } from '../../../client/src/renderers/lib/formRepeat.ts'
import { firstInvalid, revalidate, validateForm, type FormRuleContext } from '../../../client/src/renderers/lib/formRules.ts'
import { toRjsf } from '../../../client/src/renderers/lib/formSchema.ts'
import { formFieldLabel } from '../../../client/src/renderers/lib/formSubmit.ts'

// A repeating group (a grouping's groups: a name and the chosen downlines each) as data: items, counts, rules, schema and refusal labels.

const groups: RepeatField = {
  name: 'Groups',
  labelKey: 'p.groups',
  kind: 'repeat',
  itemKey: 'p.group',
  required: true,
  maxItems: 3,
  fields: [
    { name: 'Name', labelKey: 'p.name', kind: 'text', required: true, maxLength: 5 },
    { name: 'UserIds', labelKey: 'p.members', kind: 'multiselect', required: true, optionsFrom: { data: { endpoint: '/api/v1/4d/mLoadDirectDownLine' }, valueField: 'UserId' } },
    { name: 'Note', labelKey: 'p.note', kind: 'text', default: 'x' }
  ]
}
const fields: FormField[] = [{ name: 'Name', labelKey: 'p.setting', kind: 'text', required: true }, groups]
const ctx: FormRuleContext = { fields }

t.test('items: a new one holds the defaults and an empty choice; a required group starts with one', async (t) => {
  t.ok(isRepeat(groups))
  t.notOk(isRepeat({ name: 'G', labelKey: 'p', kind: 'repeat' }), 'a repeat without item fields is not drawn as one')
  t.same(blankItem(groups), { UserIds: [], Note: 'x' })
  t.same(initialItems(groups), [{ UserIds: [], Note: 'x' }])
  t.same(initialItems({ ...groups, required: false }), [], 'an optional group starts empty')
  t.equal(fewestItems({ ...groups, minItems: 2 }), 2)
  t.same(itemsOf([{ a: 1 }, null, 'x', [1]]), [{ a: 1 }], 'only objects count as items')
  t.same(itemsOf(undefined), [])
})

t.test('add and remove stay within the count; too few or too many items is the group\'s own error', async (t) => {
  t.ok(canAdd(groups, 2))
  t.notOk(canAdd(groups, 3), 'maxItems reached')
  t.notOk(canRemove(groups, 1), 'a required group keeps its last item')
  t.ok(canRemove(groups, 2))
  t.same(countErrors(groups, []), [{ key: 'renderers.error.minItems', values: { count: 1 } }])
  t.same(countErrors(groups, [{}, {}, {}, {}]), [{ key: 'renderers.error.maxItems', values: { count: 3 } }])
  t.same(countErrors(groups, [{}]), [])
})

t.test('each item field is checked under <group>.<item>.<field>; the first invalid one takes focus', async (t) => {
  const data = { Name: 'Team view', Groups: [{ Name: 'A', UserIds: ['ag2'] }, { Name: 'Toolong', UserIds: [] }] }
  const errors = validateForm(data, ctx)
  t.same(Object.keys(errors).sort(), ['Groups.1.Name', 'Groups.1.UserIds'])
  t.same(errors['Groups.1.Name'], [{ key: 'renderers.error.maxLength', values: { count: 5 } }])
  t.same(errors['Groups.1.UserIds'], [{ key: 'renderers.error.required' }])
  t.equal(firstInvalid(errors, fields), 'Groups.1.Name')
  t.same(validateForm({ Name: 'x', Groups: [] }, ctx), { Groups: [{ key: 'renderers.error.minItems', values: { count: 1 } }] })
  t.equal(firstInvalid({ Groups: [{ key: 'k' }], 'Groups.2.UserIds': [{ key: 'k' }], 'Groups.2.Name': [{ key: 'k' }], 'Groups.10.Name': [{ key: 'k' }] }, fields), 'Groups.2.Name', 'items in order (2 before 10), fields in form order, the group last')
  t.same(invalidCells(groups, { Groups: [{ key: 'k' }], 'Groups.0.UserIds': [{ key: 'k' }] }), ['Groups.0.UserIds', 'Groups'])
})

t.test('a change in the group checks it again whole: a removed item takes its errors with it', async (t) => {
  const before = validateForm({ Name: 'x', Groups: [{ Name: '', UserIds: [] }, { Name: 'B', UserIds: ['mem1'] }] }, ctx)
  t.same(Object.keys(before).sort(), ['Groups.0.Name', 'Groups.0.UserIds'])
  const after = revalidate({ ...before, Name: [{ key: 'kept' }] }, 'Groups', { Name: '', Groups: [{ Name: 'B', UserIds: ['mem1'] }] }, ctx)
  t.same(after, { Name: [{ key: 'kept' }] }, 'the item errors are gone; the other field keeps its own')
  const typed = revalidate(before, 'Groups.0.Name', { Name: 'x', Groups: [{ Name: 'A', UserIds: [] }, { Name: 'B', UserIds: ['mem1'] }] }, ctx)
  t.same(Object.keys(typed), ['Groups.0.UserIds'])
  t.same(revalidate({}, 'Name', { Groups: [] }, ctx), { Name: [{ key: 'renderers.error.required' }] }, 'other fields as before')
})

t.test('the schema: an array of item objects drawn by the repeat field, each item field by its usual widget', async (t) => {
  const { schema, uiSchema } = toRjsf(fields, (k) => `T:${k}`)
  t.same(schema.properties.Groups, {
    type: 'array',
    title: 'T:p.groups',
    items: { type: 'object', properties: { Name: { type: 'string', title: 'T:p.name' }, UserIds: { type: 'array', title: 'T:p.members', items: { type: 'string' }, uniqueItems: true }, Note: { type: 'string', title: 'T:p.note' } }, required: ['Name', 'UserIds'] }
  })
  t.equal(uiSchema.Groups?.['ui:field'], 'repeat')
  const options = uiSchema.Groups?.['ui:options'] as { descriptor: unknown, items: Record<string, Record<string, unknown>> }
  t.equal(options.descriptor, groups)
  t.equal(options.items.UserIds?.['ui:widget'], 'dataChoices', 'downlines read from the call, as a form\'s multiselect')
  t.same(schema.required, ['Name', 'Groups'])
})

t.test('a refusal naming an item field reads as the item and the field', async (t) => {
  const tr = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`
  t.equal(formFieldLabel({ fields }, 'body/Groups/1/UserIds', tr), 'renderers.repeat.itemField{"item":"renderers.repeat.item{\\"item\\":\\"p.group\\",\\"n\\":2}","field":"p.members"}')
  t.equal(formFieldLabel({ fields }, 'body/Groups', tr), 'p.groups')
  t.equal(formFieldLabel({ fields }, 'body/Groups/1/Nope', tr), undefined)
  t.equal(formFieldLabel({ fields }, 'body/Name/1/x', tr), undefined)
})
