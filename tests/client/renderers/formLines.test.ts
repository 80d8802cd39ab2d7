import t from 'tap'
import type { FormLines, FormWidget } from '../../../schemas/widgets.ts'
import { blankRows, compactLines, isEmptyRow, parseNumbers, PHONE_START_LINES, shownLines, stakePerDraw, validateLines } from '../../../client/src/renderers/lib/formLines.ts'
import { firstInvalid, revalidate, validateForm, type FormRuleContext } from '../../../client/src/renderers/lib/formRules.ts'
import { toRjsf } from '../../../client/src/renderers/lib/formSchema.ts'
import { fileFields, submitPayload, successValues, toMultipart } from '../../../client/src/renderers/lib/formSubmit.ts'
import { jobResult, startTarget } from '../../../client/src/renderers/lib/job.ts'

const fourD: FormLines = {
  name: 'Lines',
  labelKey: 'p.lines',
  rows: 3,
  required: true,
  fields: [
    { name: 'Number', labelKey: 'p.number', kind: 'text', required: true, patterns: [{ pattern: '^[0-9]{4}$', messageKey: 'p.numberRule' }] },
    { name: 'Form', labelKey: 'p.form', kind: 'select', default: 'straight', options: [{ value: 'straight', labelKey: 'p.s' }, { value: 'roll', labelKey: 'p.r' }] },
    { name: 'Big', labelKey: 'p.big', kind: 'number', min: 0 },
    { name: 'Small', labelKey: 'p.small', kind: 'number', min: 0 }
  ]
}
const toto: FormLines = {
  name: 'Lines',
  labelKey: 'p.lines',
  rows: 2,
  fields: [
    { name: 'Type', labelKey: 'p.type', kind: 'select', default: 'ORDINARY', options: [{ value: 'ORDINARY', labelKey: 'p.o' }, { value: 'TO', labelKey: 'p.to' }] },
    { name: 'Numbers', labelKey: 'p.numbers', kind: 'numbers' },
    { name: 'Units', labelKey: 'p.units', kind: 'number', required: true, min: 1 }
  ]
}

t.test('blank rows hold the defaults, and a default alone does not make a line', async (t) => {
  const rows = blankRows(fourD)
  t.equal(rows.length, 3)
  t.same(rows[0], { Form: 'straight' })
  t.ok(isEmptyRow(rows[0], fourD))
  t.ok(isEmptyRow({ Form: 'roll', Big: '  ' }, fourD), 'blank text is empty')
  t.notOk(isEmptyRow({ Big: '1' }, fourD))
})

t.test('filled rows are checked cell by cell, empty rows not at all', async (t) => {
  const errors = validateLines([{ Form: 'straight' }, { Number: '12a4', Big: '-1', Form: 'straight' }, { Big: '2' }], fourD)
  t.same(errors, {
    'Lines.1.Number': [{ key: 'p.numberRule' }],
    'Lines.1.Big': [{ key: 'renderers.error.min', values: { min: 0 } }],
    'Lines.2.Number': [{ key: 'renderers.error.required' }]
  })
  t.same(validateLines(blankRows(fourD), fourD), { Lines: [{ key: 'renderers.error.noLines' }] }, 'a required group needs one line')
  t.same(validateLines(blankRows(toto), toto), {}, 'an optional group may stay empty')
  t.same(validateLines([{ Type: 'ORDINARY', Numbers: '1 2 x', Units: '1.5' }], { ...toto, fields: toto.fields.map((f) => f.name === 'Units' ? { ...f, patterns: [{ pattern: '^[0-9]+$', messageKey: 'p.whole' }] } : f) }), {
    'Lines.0.Numbers': [{ key: 'renderers.error.numbers' }],
    'Lines.0.Units': [{ key: 'p.whole' }]
  })
  t.same(validateLines([{ Number: '1234', Big: 'abc' }], fourD)['Lines.0.Big'], [{ key: 'renderers.error.number' }])
})

t.test('a TOTO line holds the count of numbers its type takes, said in the form\'s words before anything is sent', async (t) => {
  const counted: FormLines = { ...toto, fields: toto.fields.map((f) => f.name === 'Numbers' ? { ...f, totoCountBy: 'Type' } : f) }
  t.same(validateLines([{ Type: 'ORDINARY', Numbers: '1 2 3', Units: '1' }], counted), {
    'Lines.0.Numbers': [{ key: 'renderers.error.totoCount', values: { expected: '6', got: 3, other: 'p.o' } }]
  }, 'three numbers on an Ordinary line: the type named by its option\'s label')
  t.same(validateLines([{ Type: 'ORDINARY', Units: '1' }], counted)['Lines.0.Numbers']?.[0]?.values, { expected: '6', got: 0, other: 'p.o' }, 'no numbers at all is caught too')
  t.same(validateLines([{ Type: 'ORDINARY', Numbers: '1 2 3 4 5 6', Units: '1' }, { Type: 'TO', Units: '2' }], counted), {}, 'six for Ordinary, none for Odd')
  t.same(validateLines([{ Type: 'ORDINARY', Numbers: '1 2 3 4 5 50', Units: '1' }], counted), {
    'Lines.0.Numbers': [{ key: 'renderers.error.totoNumber', values: { min: 1, max: 49 } }]
  }, 'a ball past 49 is refused once, however many there are')
  t.same(validateLines([{ Type: 'ORDINARY', Numbers: '0 2 3 4 5 99', Units: '1' }], counted)['Lines.0.Numbers']?.length, 1)
  t.same(validateLines([{ Type: 'ORDINARY', Numbers: '1 2 3 4 5 50', Units: '1' }], toto), {}, 'a numbers cell no bet type counts is not TOTO balls')
})

t.test('what is sent: filled rows only, numbers as numbers, number lists as arrays, blank cells left out', async (t) => {
  t.same(compactLines([{ Form: 'straight' }, { Number: ' 1234 ', Form: 'roll', Big: '1.5', Small: '' }, { Form: 'straight' }, { Number: '0001', Form: 'straight', Small: '2' }], fourD), [
    { Number: '1234', Form: 'roll', Big: 1.5 },
    { Number: '0001', Form: 'straight', Small: 2 }
  ])
  t.same(compactLines([{ Type: 'ORDINARY', Numbers: '01 02,03  04 05 06', Units: '2' }, { Type: 'TO', Units: '1' }, { Type: 'ORDINARY' }], toto), [
    { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 2 },
    { Type: 'TO', Units: 1 }
  ])
  t.same(parseNumbers('01 49'), [1, 49])
  t.equal(parseNumbers('1 -2'), null)
  t.same(compactLines(undefined, fourD), [])
})

t.test('form rules include the lines: first invalid cell in row order, the group revalidated whole', async (t) => {
  const ctx: FormRuleContext = { fields: [{ name: 'DayCode', labelKey: 'p.day', kind: 'select', required: true }], lines: fourD }
  const data = { DayCode: '3', Lines: [{ Form: 'straight' }, { Number: '99', Form: 'straight' }, { Number: '1', Form: 'straight' }] }
  const errors = validateForm(data, ctx)
  t.same(Object.keys(errors).sort(), ['Lines.1.Number', 'Lines.2.Number'])
  t.equal(firstInvalid(errors, ctx.fields, fourD), 'Lines.1.Number')
  t.equal(firstInvalid(validateForm({ Lines: blankRows(fourD) }, ctx), ctx.fields, fourD), 'DayCode', 'flat fields first')
  t.equal(firstInvalid(validateForm({ DayCode: '3', Lines: blankRows(fourD) }, ctx), ctx.fields, fourD), 'Lines')
  const fixed = { ...data, Lines: [{ Form: 'straight' }, { Number: '0099', Form: 'straight' }, { Form: 'straight' }] }
  t.same(revalidate(errors, 'Lines.1.Number', fixed, ctx), {}, 'clearing a row removes its errors too')
  t.same(revalidate({ DayCode: [{ key: 'x' }] }, 'Lines.0.Big', fixed, ctx), { DayCode: [{ key: 'x' }] }, 'other fields keep theirs')
})

t.test('the rjsf schema: a fixed-length array drawn by the lines field; file fields use the file widget', async (t) => {
  const { schema, uiSchema } = toRjsf([{ name: 'file', labelKey: 'u.file', kind: 'file', required: true }], (k) => `T(${k})`, '4d', toto)
  t.same(schema.properties.file, { type: 'string', title: 'T(u.file)' })
  t.equal(uiSchema.file?.['ui:widget'], 'fileInput')
  t.same(schema.properties.Lines, {
    type: 'array',
    title: 'T(p.lines)',
    minItems: 2,
    maxItems: 2,
    items: {
      type: 'object',
      properties: {
        Type: { type: 'string', title: 'T(p.type)', oneOf: [{ const: 'ORDINARY', title: 'T(p.o)' }, { const: 'TO', title: 'T(p.to)' }] },
        Numbers: { type: 'string', title: 'T(p.numbers)' },
        Units: { type: 'string', title: 'T(p.units)' }
      }
    }
  })
  t.equal(uiSchema.Lines?.['ui:field'], 'lines')
  t.same(schema.required, ['file'])
})

const betForm: FormWidget = {
  type: 'form',
  id: 'bet',
  fields: [{ name: 'DayCode', labelKey: 'p.day', kind: 'select' }],
  lines: fourD,
  submit: { endpoint: '/api/v1/4d/bet', method: 'POST', labelKey: 'p.submit', successKey: 'p.placed', successValues: { ticket: 'TicketNo', stake: 'Stake' } }
}

t.test('the submit body and the success values', async (t) => {
  t.same(submitPayload(betForm, { DayCode: '3', Lines: [{ Form: 'straight' }, { Number: '1234', Form: 'straight', Big: '1' }] }, { LocId: 'SG' }), {
    DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1 }], LocId: 'SG'
  })
  t.same(successValues({ TicketNo: 'T-9', Stake: 3, Draws: [] }, { ...betForm.submit?.successValues, draws: 'Draws' }), { ticket: 'T-9', stake: 3 }, 'scalars kept as they are, for the message to format')
  t.same(successValues({ TicketNo: 'T-9' }, { stake: 'Stake' }), {}, 'a missing value is left out')
  t.same(fileFields(betForm), [])
})

t.test('a form with a file goes as multipart: fields as text, the file under its name', async (t) => {
  const upload: FormWidget = { type: 'form', id: 'u', fields: [{ name: 'file', labelKey: 'u.file', kind: 'file' }, { name: 'StrictNumber', labelKey: 'u.s', kind: 'checkbox' }, { name: 'Remarks', labelKey: 'u.r', kind: 'text' }], submit: { endpoint: '/api/v1/4d/files/upload', method: 'POST', labelKey: 'u.go' } }
  const names = fileFields(upload)
  t.same(names, ['file'])
  const file = new File(['mem1 3 1234 1-\n'], 'bets.txt', { type: 'text/plain' })
  const form = toMultipart(submitPayload(upload, { file: 'bets.txt', StrictNumber: false, Remarks: '' }, {}), new Map([['file', file]]), names)
  t.same([...form.keys()], ['StrictNumber', 'file'], 'the name the data held is not sent; empty text is left out')
  t.equal(form.get('StrictNumber'), 'false')
  const sent = form.get('file') as File
  t.equal(sent.name, 'bets.txt')
  t.equal(await sent.text(), 'mem1 3 1234 1-\n')
})

t.test('a job start endpoint takes its :Name segments from the parameters and waits for them', async (t) => {
  t.same(startTarget('/api/v1/4d/files/processUpload/:FileId', { FileId: 12, StrictNumber: true }), { endpoint: '/api/v1/4d/files/processUpload/12', params: { StrictNumber: true }, missing: [] })
  t.same(startTarget('/api/v1/4d/files/processUpload/:FileId', {}), { endpoint: '/api/v1/4d/files/processUpload/:FileId', params: {}, missing: ['FileId'] })
  t.equal(startTarget('/api/v1/4d/x/:Id', { Id: 'a/b' }).endpoint, '/api/v1/4d/x/a%2Fb')
  t.same(startTarget('/api/v1/4d/sendSmsResult', {}, ['DrawId']), { endpoint: '/api/v1/4d/sendSmsResult', params: {}, missing: ['DrawId'] }, 'a required body parameter waits too')
  t.same(startTarget('/api/v1/4d/sendSmsResult', { DrawId: 9 }, ['DrawId']), { endpoint: '/api/v1/4d/sendSmsResult', params: { DrawId: 9 }, missing: [] }, 'and stays in the body')
})

t.test('a finished job reports its message values and the items of its list', async (t) => {
  const answer = { Status: 'done', Placed: 30, Lines: 31, Failed: 1, Errors: [{ Line: 31, Position: 7, Message: 'bad number', Extra: { x: 1 } }] }
  t.same(jobResult(answer, { key: 'j.done', values: { placed: 'Placed', failed: 'Failed' }, listPath: 'Errors', itemKey: 'j.item' }), {
    values: { placed: 30, failed: 1 },
    items: [{ Line: 31, Position: 7, Message: 'bad number' }]
  })
  t.same(jobResult(answer, undefined), { values: {}, items: [] })
  t.same(jobResult({ Errors: 'none' }, { key: 'j.done', listPath: 'Errors' }).items, [], 'a list that is not one is no items')
})

t.test('the running total: what the filled 4D lines stake in one draw, exact to the cent', async (t) => {
  t.equal(stakePerDraw(blankRows(fourD), fourD), 0, 'nothing typed: 0')
  t.equal(stakePerDraw([{ Number: '1234', Form: 'straight', Big: '1.25', Small: '2' }, { Form: 'straight' }], fourD), 3.25, 'a straight line: Big + Small; a blank row adds nothing')
  t.equal(stakePerDraw([{ Number: '1234', Form: 'roll', Big: '1' }], fourD), 10, 'a roll plays 10 numbers')
  t.equal(stakePerDraw([{ Number: '1123', Form: 'kbet', Big: '0.5' }], fourD), 6, 'a kBet plays each of its 12 permutations at the full amount')
  t.equal(stakePerDraw([{ Number: '1234', Form: 'ibet', Big: '24' }], fourD), 24, 'an iBet shares its amount among them')
  t.equal(stakePerDraw(Array.from({ length: 10 }, () => ({ Number: '1234', Form: 'straight', Big: '0.1', Small: '0.2' })), fourD), 3, 'ten lines of 0.1 + 0.2 make 3.00, not 2.9999…')
  t.equal(stakePerDraw([{ Number: '1234', Big: 'x', Small: '-1' }], fourD), 0, 'what is not an amount adds nothing (the line\'s own errors say why)')
  t.equal(stakePerDraw([{ Type: 'ORDINARY', Numbers: '1 2 3 4 5 6', Units: '2' }], toto), undefined, 'TOTO lines: no total here (the game prices units)')
})

t.test('a phone starts with the first lines and always shows the filled ones; a laptop shows every row', async (t) => {
  const twenty: FormLines = { ...fourD, rows: 20 }
  t.equal(shownLines(blankRows(twenty), twenty, false), 20, 'laptop: all 20')
  t.equal(shownLines(blankRows(twenty), twenty, true), PHONE_START_LINES, `phone: ${PHONE_START_LINES} to start`)
  t.equal(shownLines(blankRows(twenty), twenty, true, 6), 6, 'one more after Add line')
  const rows = blankRows(twenty)
  rows[8] = { Number: '1234', Big: '1' }
  t.equal(shownLines(rows, twenty, true), 9, 'a filled ninth line stays in view')
  t.equal(shownLines(rows, twenty, true, 25), 20, 'never more than the group has')
})
