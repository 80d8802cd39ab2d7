import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { signedIn } from '../../helpers/http-browser.ts'
import { money } from '../../../client/src/lib/format.ts'
import { catalogueOf, gameApiAs, pageOf, read, tableOf } from './report-tables.ts'

// Bet › Fixed Bets through the service (moved from the browser tier, tests/e2e/pages/fixed-finalise.test.ts, issue #31): ag1 picks
// one user's row, and the page reads that user's own fixed bets and fixed setting (fixed/view, fixed/settings).

/** A content widget's text as the page shows it: its body's {{Field}} and {{Field, money}} filled from the bound call's answer, tags dropped. */
const filled = (body: string, values: Record<string, unknown>) =>
  body.replace(/\{\{(\w+)(, money)?\}\}/g, (_, field: string, asMoney?: string) => asMoney ? money(Number(values[field])) : String(values[field])).replace(/<[^>]+>/g, '')

t.test('ag1 chooses mem1\'s row on Fixed Bets and reads mem1\'s own fixed bets and setting', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
  const gameAg1 = await gameApiAs(gameApiUrl, 'ag1')
  await gameAg1('4d/bet/fixed', 'POST', { UserId: 'mem1', DayCode: '0', Lines: [{ Number: '4321', Big: 2 }] })
  await gameAg1('4d/bet/fixed', 'POST', { UserId: 'mem3', DayCode: '0', Lines: [{ Number: '8765', Small: 1 }] })
  const setting = await gameAg1('4d/fixed/settings?UserId=mem1') as { FixedBets: number, StakePerDraw: number }
  const own = await gameAg1('4d/fixed/view?UserId=mem1') as Array<{ FixedId: number, UserId: string }>
  t.ok(own.length > 0 && own.every((f) => f.UserId === 'mem1'), 'fixed/view: mem1\'s alone')

  const ag1 = await signedIn(serviceUrl, 'ag1')
  const say = await catalogueOf(ag1)
  const widgets = await pageOf(ag1, '/bet/fixedBets')
  const group = tableOf(widgets, 'fixedBets')
  const rows = (await read(ag1, group)).rows
  t.ok(rows.some((r) => String(r.LinesText).includes('8765')), 'the group\'s list holds mem3\'s fixed bet')
  const row = rows.find((r) => String(r.LinesText).includes('4321'))!
  const choose = group.rowActions!.find((a) => say((a as { labelKey?: string }).labelKey) === 'Fixed bets of this user') as unknown as { set: Record<string, string> }
  // Choosing the row sets the page's ViewUserId filter to its user, which both of the user's widgets read.
  const chosen = Object.fromEntries(Object.entries(choose.set).map(([filter, field]) => [filter, String(row[field])]))
  const summary = widgets.get('userFixedSetting') as unknown as { bodyKey: string, data: { endpoint: string, params: Record<string, { from: string, name: string }> } }
  const params = new URLSearchParams(Object.entries(summary.data.params).map(([name, source]) => [name, chosen[source.name] ?? '']))
  const answer = await ag1.get(`${summary.data.endpoint}?${params.toString()}`)
  t.equal(answer.status, 200, answer.text)
  const text = filled(say(summary.bodyKey), answer.json.data)
  t.match(text, `mem1: ${setting.FixedBets} standing fixed bets`, 'the summary names mem1 and its standing fixed bets')
  t.match(text, setting.StakePerDraw.toFixed(2), 'the stake per draw fixed/settings answers')
  const userRows = (await read(ag1, tableOf(widgets, 'userFixedBets'), chosen)).rows
  t.ok(userRows.some((r) => String(r.LinesText).includes('4321')), 'mem1\'s fixed bet of 4321 is listed')
  t.equal(userRows.length, own.length, 'one row per fixed bet of mem1')
  t.equal(userRows.filter((r) => String(r.LinesText).includes('8765')).length, 0, 'mem3\'s fixed bet is not among them')
})
