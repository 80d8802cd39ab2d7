import t from 'tap'
import { menuTrail, openGroupKey } from '../../../schemas/domain/menu-trail.ts'

const item = (key: string, path: string, extra = {}) => ({ key, label: `menu.${key}`, path, query: {}, ...extra })
const menu = [
  { key: 'administration', label: 'group.administration', items: [item('agents', '/admin/agents'), item('home', '/admin/home'), item('apk', 'https://example.com/app.apk', { external: true })] },
  { key: 'report', label: 'group.report', items: [item('full', '/report/full'), item('company', '/control/shareClaimCompany')] },
  { key: 'control', label: 'group.control', items: [item('draw', '/control/drawSetting'), item('company', '/control/shareClaimCompany')] },
  { key: 'options', label: 'group.options', items: [item('logout', '/logout', { action: 'logout' })] }
]

t.test('the group holding a page is the one whose item has its path', async (t) => {
  t.equal(menuTrail(menu, '/admin/home')?.group.key, 'administration', 'Home sits in Administration in this menu')
  t.equal(menuTrail(menu, '/report/full')?.item.key, 'full')
  t.equal(menuTrail(menu, '/control/drawSetting')?.group.key, 'control')
})

t.test('a route parameter or drill-down path follows its nearest ancestor item', async (t) => {
  t.same(menuTrail(menu, '/admin/agents/AG1')?.item.key, 'agents')
  t.same(menuTrail(menu, '/admin/agents/AG1/edit')?.group.key, 'administration')
  t.equal(menuTrail(menu, '/admin/agentsX'), undefined, 'a prefix that is not a path segment does not count')
})

t.test('two groups holding a page: the first in menu order', async (t) => {
  t.equal(menuTrail(menu, '/control/shareClaimCompany')?.group.key, 'report')
})

t.test('links and actions are not pages; a page outside the menu has no trail', async (t) => {
  t.equal(menuTrail(menu, '/logout'), undefined)
  t.equal(menuTrail(menu, 'https://example.com/app.apk'), undefined)
  t.equal(menuTrail(menu, '/help/sms'), undefined)
})

t.test('the open group is the holding one, unless the item names another (Home opens Bet)', async (t) => {
  const withHomeOpeningBet = [{ ...menu[0]!, items: [item('home', '/admin/home', { opensGroup: 'bet' }), item('agents', '/admin/agents')] }, ...menu.slice(1)]
  t.equal(openGroupKey(withHomeOpeningBet, '/admin/home'), 'bet')
  t.equal(menuTrail(withHomeOpeningBet, '/admin/home')?.group.key, 'administration', 'the breadcrumb still names the holding group')
  t.equal(openGroupKey(withHomeOpeningBet, '/admin/agents/AG1'), 'administration')
  t.equal(openGroupKey(withHomeOpeningBet, '/nowhere'), undefined)
})
