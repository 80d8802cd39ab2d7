import t from 'tap'
import { titleKeyOf } from '../../schemas/widgets.ts'

// One page serving two menu items (Bets In and Bets Out at /outset/betsIn) shows the title its route query chooses.
t.test('titleKeyOf: the query value\'s title, else the page\'s own', async (t) => {
  const page = { titleKey: 'page.outsetBetsIn.title', titleByQuery: { param: 'Choice', titles: { 2: 'page.outsetBetsOut.title' } } }
  t.equal(titleKeyOf(page, { Choice: '2' }), 'page.outsetBetsOut.title')
  t.equal(titleKeyOf(page, { Choice: '1' }), 'page.outsetBetsIn.title')
  t.equal(titleKeyOf(page, {}), 'page.outsetBetsIn.title')
  t.equal(titleKeyOf({ titleKey: 'page.payOut.title' }, { Choice: '2' }), 'page.payOut.title', 'a page without titleByQuery keeps its title')
})
