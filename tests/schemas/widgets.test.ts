import t from 'tap'
import { Value } from 'typebox/value'
import { PageDescriptor, Widget } from '../../schemas/widgets.ts'

const page = {
  path: '/control/announcement',
  titleKey: 'page.announcement.title',
  breadcrumb: [{ labelKey: 'menu.control' }, { labelKey: 'page.announcement.title', path: '/control/announcement' }],
  back: true,
  actions: [{ kind: 'print', id: 'print', labelKey: 'renderers.print' }],
  widgets: [
    { type: 'filters', id: 'f', fields: [{ name: 'PopUp', labelKey: 'f.popup', kind: 'select', options: [{ value: 'Y', labelKey: 'yes' }] }] },
    {
      type: 'table',
      id: 'list',
      data: { endpoint: '/api/v1/4d/announcements', params: { PopUp: { from: 'filter', name: 'PopUp' }, LocId: { from: 'session', name: 'LocId' } } },
      columns: [{ field: 'CreatedDate', labelKey: 'col.created', type: 'date', width: 160 }],
      rowActions: [{ kind: 'call', id: 'del', labelKey: 'act.delete', endpoint: '/api/v1/4d/announcements/:AnnouncementId', method: 'DELETE' }]
    },
    { type: 'tabs', id: 't', tabs: [{ id: 'a', labelKey: 'tab.a', widgets: [{ type: 'content', id: 'c', bodyKey: 'text.help' }] }] },
    { type: 'countdown', id: 'cd', mode: 'simple', notify: [10, 5] }
  ]
}

t.test('a full page descriptor is valid', async (t) => {
  t.ok(Value.Check(PageDescriptor, page), JSON.stringify([...Value.Errors(PageDescriptor, page)].slice(0, 3)))
})

t.test('endpoints must be under /api/v1/, keys must look like keys, types must be known', async (t) => {
  t.notOk(Value.Check(Widget, { type: 'content', id: 'c', bodyKey: 'has spaces' }))
  t.notOk(Value.Check(Widget, { type: 'table', id: 'x', data: { endpoint: '/ui/session' }, columns: [{ field: 'a', labelKey: 'a', type: 'text', width: 10 }] }))
  t.notOk(Value.Check(Widget, { type: 'chart', id: 'x' }))
  t.notOk(Value.Check(Widget, { type: 'table', id: 'x', data: { endpoint: '/api/v1/x' }, columns: [{ field: 'a', labelKey: 'a', type: 'currency', width: 80 }] }))
})

t.test('tabs and gates hold leaf widgets only', async (t) => {
  const nested = { type: 'tabs', id: 't', tabs: [{ id: 'a', labelKey: 'a', widgets: [{ type: 'tabs', id: 'u', tabs: [] }] }] }
  t.notOk(Value.Check(Widget, nested))
})

t.test('a form may hold line rows and file fields; rows, cells and results are checked', async (t) => {
  const form = {
    type: 'form',
    id: 'bet',
    fields: [{ name: 'DayCode', labelKey: 'p.day', kind: 'select', options: [{ value: '3', labelKey: 'p.wed' }] }, { name: 'file', labelKey: 'p.file', kind: 'file' }],
    lines: {
      name: 'Lines',
      labelKey: 'p.lines',
      rows: 10,
      required: true,
      fields: [
        { name: 'Number', labelKey: 'p.number', kind: 'text', required: true, maxLength: 4, patterns: [{ pattern: '^[0-9]{4}$', messageKey: 'p.rule' }] },
        { name: 'Numbers', labelKey: 'p.numbers', kind: 'numbers' },
        { name: 'Big', labelKey: 'p.big', kind: 'number', min: 0, max: 1000 },
        { name: 'Form', labelKey: 'p.form', kind: 'select', default: 'straight', options: [{ value: 'straight', labelKey: 'p.s' }] }
      ]
    },
    submit: { endpoint: '/api/v1/4d/bet', method: 'POST', labelKey: 'p.go', successKey: 'p.done', successValues: { ticket: 'TicketNo' }, setFilters: { FileId: 'FileId' } }
  }
  t.ok(Value.Check(Widget, form), JSON.stringify([...Value.Errors(Widget, form)].slice(0, 3)))
  const lines = form.lines
  t.notOk(Value.Check(Widget, { ...form, lines: { ...lines, rows: 0 } }), 'at least one row')
  t.notOk(Value.Check(Widget, { ...form, lines: { ...lines, rows: 201 } }), 'at most 200 rows (the game API\'s limit)')
  t.notOk(Value.Check(Widget, { ...form, lines: { ...lines, fields: [] } }), 'a row has cells')
  t.notOk(Value.Check(Widget, { ...form, lines: { ...lines, fields: [{ name: 'U', labelKey: 'p.u', kind: 'user' }] } }), 'drop-downs that load data are not line cells')
  t.notOk(Value.Check(Widget, { ...form, lines: { ...lines, fields: [{ name: '1bad', labelKey: 'p.u', kind: 'text' }] } }), 'cell names are identifiers')
  t.notOk(Value.Check(Widget, { ...form, lines: { ...lines, extra: 1 } }), 'no unknown properties')
  t.notOk(Value.Check(Widget, { ...form, submit: { ...form.submit, successValues: { ticket: '' } } }), 'a success value names a path')
  t.notOk(Value.Check(Widget, { ...form, fields: [{ name: 'f', labelKey: 'p.f', kind: 'upload' }] }), 'file is the kind, not upload')
})

t.test('choose row actions set filters; a job start endpoint may name a :Param', async (t) => {
  const table = {
    type: 'table',
    id: 'files',
    data: { endpoint: '/api/v1/4d/files' },
    columns: [{ field: 'FileId', labelKey: 'c.id', type: 'number', width: 70 }],
    rowActions: [{ kind: 'choose', id: 'choose', labelKey: 'a.choose', set: { FileId: 'FileId' } }]
  }
  t.ok(Value.Check(Widget, table))
  t.notOk(Value.Check(Widget, { ...table, rowActions: [{ kind: 'choose', id: 'c', labelKey: 'a.c' }] }), 'choose says what it sets')
  const job = {
    type: 'job',
    id: 'process',
    labelKey: 'j.process',
    start: { endpoint: '/api/v1/4d/files/processUpload/:FileId', method: 'POST', params: { FileId: { from: 'filter', name: 'FileId' } } },
    status: { endpoint: '/api/v1/4d/files/processUpload/{jobId}/status', idPath: 'FileId', statusPath: 'Status', progressPath: 'Progress', doneValues: ['done'], failedValues: ['failed'] }
  }
  t.ok(Value.Check(Widget, job))
  t.ok(Value.Check(Widget, { ...job, result: { key: 'j.done', values: { placed: 'Placed' }, listPath: 'Errors', itemKey: 'j.item' } }))
  t.notOk(Value.Check(Widget, { ...job, result: { values: { placed: 'Placed' } } }), 'a result names its message')
})
