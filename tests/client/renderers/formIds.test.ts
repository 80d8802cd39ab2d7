import t from 'tap'
import { readFileSync } from 'node:fs'
import { createSchemaUtils, type RJSFSchema, type UiSchema } from '@rjsf/utils'
import type { FormWidget } from '../../../schemas/widgets.ts'
import { toRjsf } from '../../../client/src/renderers/lib/formSchema.ts'
import { formValidator } from '../../../client/src/renderers/lib/formValidator.ts'
import { controlId, formIdPrefix, formNameKey, keyOfControl, templateDrawsLabel } from '../../../client/src/renderers/lib/formIds.ts'

// Issue #39: Bet Upload stacks several forms with the same fields (text, dBase, LHA archive, a partner's file); each checkbox label was printed twice.
const page = JSON.parse(readFileSync(new URL('../../../menus/pages/bet-bet-upload.json', import.meta.url), 'utf8')) as { widgets: Array<FormWidget | { type: string }> }
const forms = page.widgets.filter((w): w is FormWidget => w.type === 'form')

t.test('each form on a page has its own control ids, and a control id reads back as its field', async (t) => {
  t.ok(forms.length >= 3, `Bet Upload stacks ${forms.length} forms`)
  const owners = forms.map((f) => controlId(formIdPrefix(f.id), 'UserId'))
  t.equal(new Set(owners).size, forms.length, `a different id for each form's Owner input: ${owners.join(', ')}`)
  t.notOk(owners.includes('root_UserId'), 'not rjsf\'s shared default')
  const prefix = formIdPrefix('upload')
  t.equal(keyOfControl(prefix, controlId(prefix, 'Lines.0.Number')), 'Lines.0.Number', 'a line cell\'s error key')
  t.equal(keyOfControl(prefix, prefix), undefined, 'the form\'s root is no field')
  t.equal(keyOfControl(prefix, controlId(formIdPrefix('uploadDbf'), 'UserId')), undefined, 'another form\'s control is not this form\'s field')
})

t.test('each stacked form is named by what it does, and the names differ', async (t) => {
  const names = forms.map(formNameKey)
  t.same(names, ['common.upload', 'page.betUpload.uploadDbf', 'page.betUpload.uploadLzh', 'page.betUpload.uploadPartner'])
  t.equal(formNameKey({ submit: undefined }), undefined, 'a read-only form has no action to be named by')
})

t.test('a checkbox is labelled once: by its own widget, never again by the field template', async (t) => {
  const upload = forms[0]!
  const { schema, uiSchema } = toRjsf(upload.fields, (key) => key, '4d')
  const utils = createSchemaUtils(formValidator, schema as RJSFSchema)
  const shown = (name: string) => {
    const fieldSchema = (schema.properties as Record<string, RJSFSchema>)[name]!
    // What rjsf hands the field template: for a checkbox drawn with ui:widget it says "display the label".
    const displayLabel = utils.getDisplayLabel(fieldSchema, (uiSchema as Record<string, UiSchema>)[name])
    return { displayLabel, drawn: templateDrawsLabel(fieldSchema.type, displayLabel, String(fieldSchema.title)) }
  }
  t.same(shown('StrictNumber'), { displayLabel: true, drawn: false }, 'Strict number: rjsf asks for a label, the checkbox already prints it')
  t.same(shown('AcceptDecimals'), { displayLabel: true, drawn: false })
  t.same(shown('Remarks'), { displayLabel: true, drawn: true }, 'a text box keeps the template\'s label')
  t.same(shown('UserId'), { displayLabel: true, drawn: true })
  t.notOk(templateDrawsLabel('string', false, 'x'), 'nor where rjsf says no label')
})
