import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils'
import { formValidator } from '../../../client/src/renderers/lib/formValidator.ts'

const types = [{ const: 'ORDINARY', title: 'Ordinary' }, { const: 'SYSTEM', title: 'System' }]
const form: RJSFSchema = {
  type: 'object',
  required: ['DayCode'],
  definitions: { day: { type: 'string', enum: ['1', '4'] } },
  properties: {
    DayCode: { $ref: '#/definitions/day' },
    Lines: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'object', properties: { Type: { type: 'string', oneOf: types }, Numbers: { type: 'string' } } } }
  }
}

t.test('isValid answers which option a value matches, refs into the root schema included', async (t) => {
  t.equal(formValidator.isValid(types[1]!, 'SYSTEM', form), true)
  t.equal(formValidator.isValid(types[1]!, 'ORDINARY', form), false)
  t.equal(formValidator.isValid({ $ref: '#/definitions/day' }, '4', form), true)
  t.equal(formValidator.isValid({ $ref: '#/definitions/day' }, '5', form), false)
})

t.test('rjsf keeps a line\'s chosen option when it fills the defaults (the option is matched, not guessed)', async (t) => {
  const utils = createSchemaUtils(formValidator, form, { constAsDefaults: 'skipOneOf' })
  const filled = utils.getDefaultFormState(form, { DayCode: '1', Lines: [{ Type: 'SYSTEM', Numbers: '01 02' }, {}] }) as { Lines: unknown[] }
  t.same(filled.Lines[0], { Type: 'SYSTEM', Numbers: '01 02' })
})

t.test('validateFormData reports the keywords that failed, at their fields, as rjsf expects', async (t) => {
  const { errors, errorSchema } = formValidator.validateFormData({ DayCode: '5', Lines: [{ Type: 'ROLL' }, {}] }, form)
  t.same(errors.map((e) => [e.name, e.property]).sort(), [['const', '.Lines.0.Type'], ['const', '.Lines.0.Type'], ['enum', '.DayCode']].sort(),
    'the leaves only: no "a subschema had errors" for the properties and items above them')
  t.ok((errorSchema as { DayCode?: { __errors?: string[] } }).DayCode?.__errors?.length, 'the day\'s error sits at DayCode')
  t.same(formValidator.validateFormData({ DayCode: '1', Lines: [{}, {}] }, form).errors, [], 'a valid form has no errors')
  const missing = formValidator.validateFormData({ Lines: [{}, {}] }, form)
  t.same(missing.errors.map((e) => [e.name, e.property]), [['required', '']], 'a missing required property is the root\'s error')
})

t.test('transformErrors and customValidate take part as rjsf documents', async (t) => {
  const none = formValidator.validateFormData({ DayCode: '5' }, form, undefined, () => [])
  t.same(none, { errors: [], errorSchema: {} }, 'the form rules replace schema errors: transformErrors drops them all')
  const custom = formValidator.validateFormData({ DayCode: '1' }, form, (data, errors) => {
    if ((data as { DayCode: string }).DayCode === '1') (errors as unknown as { DayCode: { addError: (m: string) => void } }).DayCode.addError('Monday is closed')
    return errors
  })
  t.same(custom.errors.map((e) => e.stack), ['.DayCode Monday is closed'])
})

t.test('no code is made from strings: the page\'s Content-Security-Policy refuses eval', async (t) => {
  // The checks above, again in a Node that refuses code generation from strings as the browser does under the policy.
  const script = `
    import { formValidator } from ${JSON.stringify(fileURLToPath(new URL('../../../client/src/renderers/lib/formValidator.ts', import.meta.url)))}
    const schema = { type: 'object', properties: { A: { type: 'string', oneOf: [{ const: 'x' }, { const: 'y' }] } } }
    const answer = [formValidator.isValid({ const: 'y' }, 'y', schema), formValidator.validateFormData({ A: 'z' }, schema).errors.length > 0]
    console.log(JSON.stringify(answer))`
  const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })
  t.equal(run.status, 0, run.stderr)
  t.same(JSON.parse(run.stdout.trim().split('\n').pop() ?? 'null'), [true, true])
})
