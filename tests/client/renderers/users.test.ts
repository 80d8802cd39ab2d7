import t from 'tap'
import { drawDateWidth, optionHeight, sortUserOptions, userLabel, userPlaceholderKey } from '../../../client/src/renderers/lib/users.ts'

t.test('ADMIN first, then non-zero ids before zero ids, then by label', async (t) => {
  const sorted = sortUserOptions([
    { UserId: 'mem2', UserName: 'Bob' },
    { UserId: '0', UserName: 'Unassigned' },
    { UserId: 'ag1', Username: 'Agent' },
    { UserId: 'zed', Id: 0 },
    { UserId: 'root', Role: 'ADMIN' },
    { UserId: 'mem1', UserName: 'Amy' }
  ])
  t.same(sorted.map((u) => u.UserId), ['root', 'ag1', 'mem1', 'mem2', '0', 'zed'])
})

t.test('labels read "UserId / Name" with the Username fallback', async (t) => {
  t.equal(userLabel({ UserId: 'ag1', UserName: 'Agent' }), 'ag1 / Agent')
  t.equal(userLabel({ UserId: 'ag1', Username: 'Old' }), 'ag1 / Old')
  t.equal(userLabel({ UserId: 'ag1' }), 'ag1')
})

t.test('sizes and placeholders follow the device width', async (t) => {
  t.equal(optionHeight(360), 24)
  t.equal(optionHeight(361), 26)
  t.equal(drawDateWidth(true), 105)
  t.equal(drawDateWidth(false), 115)
  t.equal(userPlaceholderKey(false), 'renderers.user.placeholder')
  t.equal(userPlaceholderKey(true), 'renderers.user.placeholderMobile')
})
