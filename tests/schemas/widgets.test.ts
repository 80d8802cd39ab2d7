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
