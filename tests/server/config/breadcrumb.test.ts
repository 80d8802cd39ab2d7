import t from 'tap'
import { loadConfig } from '../../../server/src/config/load.ts'
import { buildMenu } from '../../../server/src/config/menu.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, profiles, SG, shippedConfigDir, TT } from './fixtures.ts'

// Every page carries its breadcrumb: the menu group that holds it, then its title.

t.test('every menu page of every user and location: group › title', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  let checked = 0
  const wrong: string[] = []
  for (const user of Object.keys(profiles)) {
    for (const location of [SG, TT]) {
      const ctx = ctxFor(user, location)
      const menu = buildMenu(loaded.config, ctx)
      for (const item of menu.flatMap((g) => g.items)) {
        if (item.external === true || item.action !== undefined) continue
        const result = resolvePage(loaded.config, ctx, item.path)
        if (result.status !== 'ok') { wrong.push(`${user}@${location.LocId} ${item.path}: ${result.status}`); continue }
        // A page in two groups (Share Claim Company) names the first that holds it.
        const group = menu.find((g) => g.items.some((i) => i.path === item.path))
        const want = [{ labelKey: group?.label }, { labelKey: result.page.titleKey }]
        if (JSON.stringify(result.page.breadcrumb) !== JSON.stringify(want)) wrong.push(`${user}@${location.LocId} ${item.path}: ${JSON.stringify(result.page.breadcrumb)}`)
        checked++
      }
    }
  }
  t.same(wrong, [], 'each breadcrumb is its group, then its title')
  t.ok(checked > 100, `${checked} menu pages checked`)
})

t.test('home sits in Administration; a shell page outside the menu shows its title alone', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const home = resolvePage(loaded.config, ctxFor('mem1', SG), '/admin/home')
  t.same(home.status === 'ok' && home.page.breadcrumb, [{ labelKey: 'group.administration' }, { labelKey: 'page.adminHome.title' }])
  const sms = resolvePage(loaded.config, ctxFor('mem1', TT), '/help/sms')
  t.same(sms.status === 'ok' && sms.page.breadcrumb, [{ labelKey: 'page.smsInstructions.title' }])
  t.equal(sms.status === 'ok' && sms.page.back, true, 'the help pages, reached by links, have Back')
})

t.test('a report reached by drill-down asks for Back and names its drill-down value', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  for (const [path, location] of [['/report/full', SG], ['/report/tt/full', TT]] as const) {
    const result = resolvePage(loaded.config, ctxFor('ag1', location), path)
    t.match(result, { status: 'ok', page: { back: true, drillParam: 'UserId', breadcrumb: [{ labelKey: 'group.report' }, { labelKey: 'page.reportFull.title' }] } }, path)
  }
  const profile = resolvePage(loaded.config, ctxFor('ag1', SG), '/admin/profile')
  t.notOk(profile.status === 'ok' && (profile.page.back === true || profile.page.drillParam !== undefined), 'a plain menu page has neither')
})
