import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { urlOf } from '../../helpers/page-data.ts'
import { catalogueOf, gameApiAs, pageOf, read, tableOf, type Row } from './report-tables.ts'

// Group Report (/report/group) as ag1 reads it, through the service: a saved grouping, picked in the filters by its name,
// joins its downlines into one row and leaves the totals as they were.

interface Field { name: string, labelKey: string, optionsFrom?: { data: { endpoint: string }, valueField: string, labelField: string } }

t.test('ag1: Group Report joins a saved grouping of its downlines into one row, the totals unchanged', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
  await (await gameApiAs(gameApiUrl, 'ag1'))('4d/reportGroupSetting', 'POST', { Name: 'Team view', Groups: [{ Name: 'Team A', UserIds: ['ag2', 'mem1'] }] })
  const ag1 = await signedIn(serviceUrl, 'ag1')
  const say = await catalogueOf(ag1)
  const page = await pageOf(ag1, '/report/group')
  const group = tableOf(page, 'group')
  const firstColumn = (rows: Row[]) => rows.map((r) => String(r[group.columns[0]!.field] ?? ''))

  const before = await read(ag1, group)
  const users = firstColumn(before.rows)
  t.ok(users.some((u) => u.includes('ag2')) && users.some((u) => u.includes('mem1')), `ag2 and mem1 have rows of their own: ${users.join(' ')}`)

  // The filter headed Grouping lists the saved groupings by name; picking Team view sends its id.
  const grouping = ((page.get('filters') as unknown as { fields: Field[] }).fields).find((f) => say(f.labelKey) === 'Grouping')
  const options = (await ag1.get(urlOf({ endpoint: grouping!.optionsFrom!.data.endpoint }))).json.data as Row[]
  const chosen = options.find((o) => o[grouping!.optionsFrom!.labelField] === 'Team view')
  t.ok(chosen, 'the Grouping filter offers Team view')
  const after = await read(ag1, group, { [grouping!.name]: String(chosen?.[grouping!.optionsFrom!.valueField]) })
  const grouped = firstColumn(after.rows)
  t.ok(after.rows.some((r) => Object.values(r).includes('Team A')), 'a row for Team A')
  t.notOk(grouped.some((u) => u.includes('ag2') || u.includes('mem1')), `ag2 and mem1 are inside the group row: ${grouped.join(' ')}`)
  t.same(after.footer, before.footer, 'the totals do not change')
  t.ok(Object.keys(before.footer).length > 0, 'the footer has sums')
})
