import t from 'tap'
import type { TableColumn } from '../../../schemas/widgets.ts'
import { choiceKey, readHidden, toggleHidden } from '../../../client/src/renderers/lib/columnChoice.ts'
import { CARD_KEY_FIELDS, cardColumns, wantsCards } from '../../../client/src/renderers/lib/tableCards.ts'
import { statusTone } from '../../../client/src/renderers/lib/tableModel.ts'
import { cellLeast, fitWidths, sumsLeast } from '../../../client/src/renderers/lib/columnFit.ts'

const column = (field: string): TableColumn => ({ field, labelKey: field, type: 'text', width: 80 })
const columns = ['UserId', 'UserName', 'Role', 'Stake'].map(column)

t.test('a column choice is kept per user, page and table', async (t) => {
  t.equal(choiceKey('ag1', '/report/full', 'full'), 'rr-columns:ag1:/report/full:full')
  t.not(choiceKey('ag1', '/report/full', 'full'), choiceKey('ag2', '/report/full', 'full'), 'another user has another')
})

t.test('a stored choice is read back safely', async (t) => {
  t.same(readHidden('["Role","Gone",3,"Role"]', columns), ['Role'], 'unknown fields, non-strings and repeats dropped')
  t.same(readHidden(null, columns), [], 'nothing stored: every column')
  t.same(readHidden('{not json', columns), [], 'broken: every column')
  t.same(readHidden('{"Role":true}', columns), [], 'not a list: every column')
  t.same(readHidden(JSON.stringify(columns.map((c) => c.field)), columns), [], 'all hidden cannot be: every column')
})

t.test('toggling hides and shows a column, never the last one shown', async (t) => {
  t.same(toggleHidden([], 'Role', columns), ['Role'])
  t.same(toggleHidden(['Role'], 'Role', columns), [])
  t.same(toggleHidden(['UserId', 'UserName', 'Role'], 'Stake', columns), ['UserId', 'UserName', 'Role'], 'the last column stays')
})

t.test('a card: the first column is its title, statuses its badges, the next ones its key fields, the rest on expand', async (t) => {
  const many = Array.from({ length: 10 }, (_, i) => column(`f${i}`))
  const status: TableColumn = { ...column('Status'), type: 'status' }
  const { title, badges, key, rest } = cardColumns([...many.slice(0, 3), status, ...many.slice(3)])
  t.equal(title?.field, 'f0')
  t.same(badges, [status], 'the status beside the title, wherever its column is')
  t.same(key.map((c) => c.field), many.slice(1, 1 + CARD_KEY_FIELDS).map((c) => c.field))
  t.same([title, ...key, ...rest], many, 'every other column once, in the descriptor\'s order')
  t.same(cardColumns([column('only')]), { title: column('only'), badges: [], key: [], rest: [] })
})

t.test('a ticket\'s card shows its stake and payout at once, its status beside the title', async (t) => {
  const ticket: TableColumn[] = [
    ...['TicketNo', 'PlacedDate', 'UserId', 'PlacedBy', 'Series', 'DayCode'].map(column),
    { ...column('Source'), type: 'status' }, column('Text'), column('DrawDates'),
    { ...column('Stake'), type: 'money' }, { ...column('Payout'), type: 'money' }, { ...column('Status'), type: 'status' }
  ]
  const { title, badges, key, rest } = cardColumns(ticket)
  t.equal(title?.field, 'TicketNo')
  t.same(badges.map((c) => c.field), ['Source', 'Status'], 'the statuses are badges beside the title')
  t.same(key.map((c) => c.field), ['Stake', 'Payout', 'PlacedDate', 'UserId', 'PlacedBy'], 'money first, then the descriptor\'s order')
  t.same(rest.map((c) => c.field), ['Series', 'DayCode', 'Text', 'DrawDates'], 'the rest on expand')
})

t.test('cards only on the mobile layout, and only for a table wider than the window', async (t) => {
  t.equal(wantsCards(true, 1400, 375), true)
  t.equal(wantsCards(true, 300, 375), false, 'a narrow table stays a table')
  t.equal(wantsCards(false, 1400, 1366), false, 'a laptop scrolls a wide table')
})

t.test('a status badge reads its tone from the raw value', async (t) => {
  t.equal(statusTone('Active'), 'positive')
  t.equal(statusTone('won'), 'positive')
  t.equal(statusTone('Suspended'), 'negative')
  t.equal(statusTone('failed'), 'negative')
  t.equal(statusTone('queued'), 'waiting')
  t.equal(statusTone('web'), 'neutral', 'a kind, not a state')
  t.equal(statusTone(null), 'neutral')
})

t.test('columns shrink toward their content to fit the box, in proportion to what each holds beyond it', async (t) => {
  t.same(fitWidths([100, 100], [50, 50], 300), [100, 100], 'they fit: as wanted')
  t.same(fitWidths([100, 100], [50, 50], 0), [100, 100], 'no box measured yet: as wanted')
  t.same(fitWidths([100, 200], [80, 100], 270), [95, 175], 'the 30 px missing come 1 to 5 from the columns\' room beyond their content (20 and 100)')
  t.same(fitWidths([100, 200], [80, 100], 100), [80, 100], 'never below the content: the table then scrolls')
  t.same(fitWidths([100, 100], [100, 100], 150), [100, 100], 'no room to give: as wanted')
})

t.test('a column\'s content width is its widest cell among the first rows, with the cell\'s padding (and a badge\'s)', async (t) => {
  const measure = (text: string) => text.length * 10
  const status: TableColumn = { ...column('Status'), type: 'status' }
  t.same(cellLeast([column('a'), status], [['12', 'Active'], ['1,234.50', 'Void']], measure), [93, 91])
  t.same(cellLeast([column('a')], [], measure), [0], 'no rows: nothing to hold')
})

t.test('a column with a footer sum is at least as wide as the sum', async (t) => {
  const measure = (text: string) => text.length * 10
  const money: TableColumn = { ...column('Stake'), type: 'money' }
  t.same(sumsLeast([column('UserId'), money], { Stake: 16842 }, measure), [0, 103], '16,842.00 and the padding; no sum, no need')
})
