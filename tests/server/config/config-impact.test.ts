import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { pageOf, tableOf } from '../pages/report-tables.ts'
import type { ConfigImpact, ImpactGroup } from '../../../schemas/config-impact.ts'
import { copyConfig } from './fixtures.ts'

// A draft's impact through the service (GET /ui/config/drafts/:id/impact): which users' menus, pages and report columns
// publishing it would change, per role and location, worked out from the users the game API's tree holds (the demo accounts),
// resolved with the draft and with the live config apart from the live answers; ConfigEdit only.

const FULL = 'columns/report-full.json'
type Json = Record<string, any>

const dir = copyConfig(t)
const { serviceUrl } = await buildProduct(t, { env: { CONFIG_DIR: dir } })
const [admin, ops, ag1] = await Promise.all([signedIn(serviceUrl, 'admin'), signedIn(serviceUrl, 'ops'), signedIn(serviceUrl, 'ag1')])

/** A new draft with one file changed by fn (its parsed JSON, changed in place). */
async function draftWith (path: string, change: (value: Json) => void): Promise<number> {
  const draft = (await admin.post('/ui/config/drafts', {})).json as { id: number, files: Record<string, string> }
  const value = JSON.parse(draft.files[path] ?? '{}') as Json
  change(value)
  const saved = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path, text: JSON.stringify(value, null, 2), revision: 1 })
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${saved.text}`)
  return draft.id
}
const group = (impact: ConfigImpact, Role: string, LocId: string): ImpactGroup | undefined => impact.groups.find((g) => g.Role === Role && g.LocId === LocId)
/** A list in alphabetical order (groups list users in the tree's order). */
const sorted = (list: string[] | undefined) => [...list ?? []].sort()
const stakeWidth = async () => tableOf(await pageOf(ag1, '/report/full'), 'full').columns.find((c) => c.field === 'Stake')?.width

t.test('a draft widening Full Report\'s Stake: agents\' and report-holding admins\' /report/full change, members and clerk do not', async (t) => {
  const id = await draftWith(FULL, (set) => {
    const stake = (set.columns as Json[]).find((c) => String(c.$ref).endsWith('#/stake'))!
    stake.width = 175
  })
  const answer = await admin.get(`/ui/config/drafts/${id}/impact`)
  t.equal(answer.status, 200, `the impact answers${answer.status === 200 ? '' : `: ${answer.text}`}`)
  const impact = answer.json as ConfigImpact
  t.match(impact, { live: 1, mobile: false, users: { known: 8, examined: 8 } }, 'against live version 1, from the 8 users of admin\'s tree')

  const agents = group(impact, 'AG', 'SG')
  t.same(sorted(agents?.users), ['ag1', 'ag2'], 'agents at SG')
  t.same(sorted(agents?.affected), ['ag1', 'ag2'], 'both would see a change')
  t.same(agents?.pages, ['/report/full changed'], 'their Full Report, and no other page')
  t.same(agents?.columns, ['/report/full full.Stake changed', '/report/full range.Stake changed'], 'its Stake column, in both its tables (by draw and by range)')
  t.same(agents?.menu, [], 'their menu stays')
  const members = group(impact, 'MEM', 'SG')
  t.same(sorted(members?.users), ['mem1', 'mem2', 'mem3'], 'members at SG')
  t.same(members, { ...members, affected: [], pages: [], columns: [], menu: [] }, 'are unaffected: they have no Full Report')
  t.ok(impact.groups.filter((g) => g.Role === 'MEM').every((g) => g.affected.length === 0), 'at every location')
  t.same(sorted(group(impact, 'ADMIN', 'SG')?.affected), ['admin', 'ops'], 'admins holding Report (admin, ops) are affected, clerk is not')
  t.same(impact.groups.map((g) => g.Role).filter((r, i, all) => all.indexOf(r) === i), ['ADMIN', 'AG', 'MEM'], 'grouped by role, then location')
  const tt = group(impact, 'AG', 'TT')
  t.equal(tt?.tt, true, 'a TT location is flagged')

  t.match(impact.changes.find((c) => c.UserId === 'ag1' && c.LocId === 'SG'), { Role: 'AG', Rank: 1, tt: false, menu: [], pages: [{ path: '/report/full', kind: 'changed', columns: [{ table: 'full', field: 'Stake', kind: 'changed' }] }] }, 'user by user')
  t.notOk(impact.changes.some((c) => c.Role === 'MEM'), 'no member is listed as changed')
  t.equal(await stakeWidth(), 110, 'the impact leaks into no live answer or cache: ag1 still gets the shipped Stake width')

  const audit = (await admin.get('/ui/audit?limit=50')).json.items as Array<{ action: string, userId: string | null, detail: Json }>
  t.match(audit.find((r) => r.action === 'config-impact'), { userId: 'admin', detail: { draft: id, revision: 2, live: 1, users: 8 } }, 'the read is audited')
})

t.test('a draft removing a menu item that admins and agents have: their menus and that page change, members\' do not', async (t) => {
  const id = await draftWith('menu.json', (menu) => {
    const bet = (menu.groups as Json[]).find((g) => g.key === 'bet')!
    bet.items = (bet.items as Json[]).filter((i) => i.key !== 'betSummary2')
  })
  const impact = (await admin.get(`/ui/config/drafts/${id}/impact`)).json as ConfigImpact
  const agents = group(impact, 'AG', 'SG')
  t.same(agents?.menu, ['bet/betSummary2 removed'], 'agents lose the item')
  t.ok(agents?.pages.includes('/bet/betSummary2 removed'), 'and its page')
  t.same(group(impact, 'ADMIN', 'SG')?.menu, ['bet/betSummary2 removed'], 'admins too')
  t.same(sorted(group(impact, 'ADMIN', 'SG')?.affected), ['admin', 'clerk', 'ops'], 'every admin')
  t.same(group(impact, 'MEM', 'SG')?.menu, [], 'members never had it')
  t.same(group(impact, 'MEM', 'SG')?.affected, [], 'and are unaffected')
  const mobile = (await admin.get(`/ui/config/drafts/${id}/impact?mobile=1`)).json as ConfigImpact
  t.equal(mobile.mobile, true, 'the mobile variants can be compared too')
})

t.test('ConfigEdit only: refused to others, signed out, and for a draft that is not there', async (t) => {
  for (const [who, browser] of [['ops (ADMIN without ConfigEdit)', ops], ['ag1', ag1]] as const) {
    t.match(await browser.get('/ui/config/drafts/1/impact'), { status: 403, json: { code: 'UI_CONFIG_FORBIDDEN' } }, `${who} is refused`)
  }
  t.match(await new Browser(serviceUrl).get('/ui/config/drafts/1/impact'), { status: 401, json: { code: 'UI_CONFIG_AUTH_REQUIRED' } }, 'signed out: sign in first')
  t.match(await admin.get('/ui/config/drafts/999/impact'), { status: 404, json: { code: 'UI_CONFIG_DRAFT_NOT_FOUND' } }, 'an unknown draft')
  t.equal((await admin.get('/ui/config/drafts/x/impact')).status, 400, 'a draft number that is not one')
  t.equal((await admin.get('/ui/config/drafts/1/impact?mobile=yes')).status, 400, 'mobile is 0 or 1')
})
