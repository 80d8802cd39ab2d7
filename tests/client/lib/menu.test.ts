import t from 'tap'
import { findItem, menuHref } from '../../../client/src/lib/menu.ts'

t.test('links carry their query, LocId and (for navigation) a timestamp', async (t) => {
  const item = { key: 'betsIn', label: 'menu.betsIn', path: '/outset/betsIn', query: { ViewDay: '1', Choice: '2' } }
  t.equal(menuHref(item, 'SG'), '/outset/betsIn?ViewDay=1&Choice=2&LocId=SG')
  t.equal(menuHref(item, 'TT', 1700000000000), '/outset/betsIn?ViewDay=1&Choice=2&LocId=TT&_t=1700000000000')
  t.equal(menuHref({ key: 'a', label: 'a', path: 'https://example.com/app.apk', query: {}, external: true }, 'SG'), 'https://example.com/app.apk')
  const menu = [{ key: 'outset', label: 'group.outset', items: [{ ...item, key: 'in', query: { ViewDay: '1', Choice: '1' } }, item] }]
  t.equal(findItem(menu, '/outset/betsIn', '?Choice=2&LocId=SG')?.key, 'betsIn', 'Bets Out told from Bets In by Choice')
  t.equal(findItem(menu, '/outset/other'), undefined)
})
