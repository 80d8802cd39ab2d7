import t from 'tap'
import { Value } from 'typebox/value'
import { FieldCondition } from '../../../schemas/field-condition.ts'
import { conditionFields, evaluateCondition } from '../../../schemas/domain/field-conditions.ts'

t.test('equals and in compare a field, numbers typed as text included', async (t) => {
  t.ok(evaluateCondition({ field: 'Type', equals: 'SYSTEM' }, { Type: 'SYSTEM' }))
  t.notOk(evaluateCondition({ field: 'Type', equals: 'SYSTEM' }, { Type: 'USER' }))
  t.notOk(evaluateCondition({ field: 'Type', equals: 'SYSTEM' }, {}), 'a missing field equals nothing')
  t.ok(evaluateCondition({ field: 'Rank', equals: 2 }, { Rank: '2' }))
  t.notOk(evaluateCondition({ field: 'Rank', equals: 2 }, { Rank: '' }), 'an empty text is not zero')
  t.notOk(evaluateCondition({ field: 'Rank', equals: 0 }, { Rank: ' ' }))
  t.ok(evaluateCondition({ field: 'Game', in: ['4D', 'TT'] }, { Game: 'TT' }))
  t.notOk(evaluateCondition({ field: 'Game', in: ['4D', 'TT'] }, { Game: '5D' }))
  t.ok(evaluateCondition({ field: 'On', equals: true }, { On: true }))
  t.notOk(evaluateCondition({ field: 'On', equals: true }, { On: 'true' }), 'a boolean is not its text')
})

t.test('all, any and not nest', async (t) => {
  const rule = { all: [{ field: 'Type', equals: 'SYSTEM' }, { any: [{ field: 'Level', in: [1, 2] }, { not: { field: 'Locked', equals: true } }] }] }
  t.ok(evaluateCondition(rule, { Type: 'SYSTEM', Level: 3, Locked: false }))
  t.ok(evaluateCondition(rule, { Type: 'SYSTEM', Level: 2, Locked: true }))
  t.notOk(evaluateCondition(rule, { Type: 'SYSTEM', Level: 3, Locked: true }))
  t.notOk(evaluateCondition(rule, { Type: 'USER', Level: 1 }))
  t.same([...conditionFields(rule)].sort(), ['Level', 'Locked', 'Type'])
  t.same([...conditionFields(undefined)], [])
})

t.test('the schema takes exactly one operator and no expression strings', async (t) => {
  t.ok(Value.Check(FieldCondition, { field: 'Type', equals: 'SYSTEM' }))
  t.ok(Value.Check(FieldCondition, { not: { any: [{ field: 'A', in: [1] }] } }))
  t.notOk(Value.Check(FieldCondition, { field: 'Type', equals: 'A', in: ['B'] }), 'two operators')
  t.notOk(Value.Check(FieldCondition, 'Type == "SYSTEM"'), 'an expression string')
  t.notOk(Value.Check(FieldCondition, { field: 'Type', in: [] }), 'an empty list')
  t.notOk(Value.Check(FieldCondition, { all: [] }))
})
