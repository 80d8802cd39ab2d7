import t from 'tap'
import { loadConfig } from '../../../server/src/config/load.ts'
import { buildMenu, menuAllows, menuHoldsPath } from '../../../server/src/config/menu.ts'
import { isKnownPage, resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, profiles, SG, shippedConfigDir, TT, type TestLocation } from './fixtures.ts'

const SHELL_PAGES = ['/help/sms', '/help/telegram']

t.test('for each user and location: every page in the menu resolves, another variant of a menu item moves to it, every other known page is forbidden', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const config = loaded.config
  const known = [...config.compiled.pages.keys()]
  t.ok(known.length >= 70, `${known.length} known page paths`)
  for (const user of Object.keys(profiles)) {
    for (const [name, location] of [['SG', SG], ['TT', TT]] as const) {
      for (const mobile of [false, true]) {
        const ctx = ctxFor(user, location, mobile)
        const menu = buildMenu(config, ctx)
        const items = menu.flatMap((g) => g.items).filter((i) => !i.external && !i.action)
        const inMenu = new Set(items.map((i) => i.path))
        // Each path of a menu item's variants (menu.json path, ttPath, mobilePath) → the variant this user is served.
        const variants = new Map<string, string>()
        for (const item of items) {
          const configured = config.menu.groups.flatMap((g) => g.items).find((i) => i.key === item.key)
          for (const other of [configured?.path, configured?.ttPath, configured?.mobilePath]) if (other !== undefined && other !== item.path) variants.set(other, item.path)
        }
        let ok = 0
        let forbidden = 0
        for (const path of known) {
          const result = resolvePage(config, ctx, path)
          const allowed = inMenu.has(path) || SHELL_PAGES.includes(path)
          const to = allowed ? undefined : variants.get(path)
          const expected = allowed ? { status: 'ok' } : to !== undefined ? { status: 'moved', to } : { status: 'forbidden' }
          if (result.status !== expected.status || (to !== undefined && result.status === 'moved' && result.to !== to)) t.fail(`${user} at ${name}${mobile ? ' (mobile)' : ''}: ${path} is ${JSON.stringify(result.status === 'ok' ? 'ok' : result)}, not ${JSON.stringify(expected)}`)
          if (menuHoldsPath(menu, path) !== menuAllows(config, ctx, path)) t.fail(`${user} at ${name}: the gate and the menu disagree on ${path}`)
          if (result.status === 'ok') ok++
          else forbidden++
        }
        for (const path of inMenu) if (!isKnownPage(config, path)) t.fail(`${user}: menu path ${path} has no page`)
        t.equal(ok + forbidden, known.length, `${user} at ${name}${mobile ? ' (mobile)' : ''}: ${ok} pages served, ${forbidden} moved or forbidden`)
      }
    }
  }
  t.same(resolvePage(config, ctxFor('admin', SG), '/no/such/page'), { status: 'not-found' })
  t.same(resolvePage(config, ctxFor('admin', SG), '/report/tt/full'), { status: 'moved', to: '/report/full' }, 'the TT path is not in the menu at SG: its 4D variant is')
  t.same(resolvePage(config, ctxFor('admin', TT), '/report/full'), { status: 'moved', to: '/report/tt/full' }, 'and the other way round at TT')
  t.same(resolvePage(config, ctxFor('mem1', SG), '/bet/placeBets/add-20'), { status: 'moved', to: '/bet/placeBets/add' }, 'the mobile form is not in a desktop menu: the desktop form is')
  t.same(resolvePage(config, ctxFor('mem1', SG, true), '/bet/placeBets/add'), { status: 'moved', to: '/bet/placeBets/add-20' }, 'and the desktop form on a phone leads to the phone form')
  t.equal(resolvePage(config, ctxFor('mem1', SG, true), '/bet/placeBets/add-20').status, 'ok')
  t.equal(resolvePage(config, ctxFor('mem1', SG), '/report/full').status, 'forbidden', 'a page whose item is not in the menu at all stays forbidden')
})

t.test('page resolution: TT variant, columns filtered by TT and shares, actions by permission', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const config = loaded.config
  const columns = (user: string, location: TestLocation, path: string) => {
    const result = resolvePage(config, ctxFor(user, location), path)
    if (result.status !== 'ok') throw new Error(`${user} ${path}: ${result.status}`)
    return result.page.widgets.flatMap((w) => w.type === 'table' ? w.columns : []).map((c) => c.field).join(' ')
  }
  // admin: dShare 1, tShare 1; ag1: dShare 0.5, tShare 0; ag2: dShare 0, tShare 0.3.
  // Group intake columns at Rank <= 2, the user's own intake with a share of the game, My* out and commission for all.
  const FULL = 'UserId UserName Role Tickets Bets Stake Commission Strike Net'
  t.equal(columns('admin', SG, '/report/full'), `${FULL} Intake IntakeStrike IntakeNet Thrown ThrownStrike MyIntake MyIntakeStrike MyOut MyOutStrike MyThrown MyThrownStrike MyCommission`)
  t.equal(columns('admin', TT, '/report/tt/full'), `${FULL} Intake IntakeStrike IntakeNet Thrown ThrownStrike MyIntake MyIntakeStrike MyOut MyOutStrike MyThrown MyThrownStrike MyCommission`)
  t.equal(columns('ag1', SG, '/report/full'), `${FULL} Intake IntakeStrike IntakeNet Thrown ThrownStrike MyIntake MyIntakeStrike MyOut MyOutStrike MyThrown MyThrownStrike MyCommission`)
  t.equal(columns('ag1', TT, '/report/tt/full'), `${FULL} Intake IntakeStrike IntakeNet Thrown ThrownStrike MyOut MyOutStrike MyCommission`, 'no own TOTO intake without tShare')
  t.equal(columns('ag2', SG, '/report/full'), `${FULL} MyOut MyOutStrike MyCommission`, 'Rank 3: no group intake; no 4D share: no own intake')
  t.equal(columns('ag2', TT, '/report/tt/full'), `${FULL} MyIntake MyIntakeStrike MyOut MyOutStrike MyThrown MyThrownStrike MyCommission`)
  t.equal(columns('ag1', SG, '/bet/betSummary'), 'Number Form Bets Tickets Big Small Stake', '4D: Big and Small')
  t.equal(columns('ag1', TT, '/bet/betSummary'), 'Number Form Bets Tickets Units Stake', 'TOTO: units')
  t.equal(columns('ag2', SG, '/outset/betsIn'), 'Number Form To Big Small Amount Bets', 'Bets In/Out at 4D: per number, Big and Small')
  t.equal(columns('ag2', TT, '/outset/betsIn'), 'Number Form To Units Bets', 'Bets In/Out at TT: units')

  const page = resolvePage(config, ctxFor('admin', TT), '/report/tt/full')
  t.match(page, { status: 'ok', page: { path: '/report/tt/full', variant: 'tt', titleKey: 'page.reportFull.title', actions: [], widgets: [{ type: 'filters' }, { type: 'table', id: 'fullTT', export: { csv: true, ara: true }, print: true }] } })
  t.match(resolvePage(config, ctxFor('admin', SG), '/report/full'), { page: { variant: '4d' } })

  const actions = (user: string) => {
    const result = resolvePage(config, ctxFor(user, SG), '/admin/agents')
    return result.status === 'ok' ? (result.page.actions ?? []).map((a) => a.id) : result.status
  }
  t.same(actions('admin'), ['createAgent'])
  t.same(actions('clerk'), ['createAgent'])
  t.same(actions('ag1'), ['createAgent'])
  t.equal(actions('ag2'), 'forbidden', 'ag2 cannot create agents: no Agents item, so no page')

  const help = (location: TestLocation) => {
    const result = resolvePage(config, ctxFor('mem1', location), '/help/sms')
    return result.status === 'ok' ? result.page.widgets.map((w) => w.type === 'content' ? w.bodyKey : w.type) : []
  }
  const shared = ['page.betInstructions.helpdesk']
  t.same(help(SG), ['page.smsInstructions.facts', ...shared, 'page.betInstructions.format4d', 'page.betInstructions.notes'], 'SMS instructions, 4D variant')
  t.same(help(TT), ['page.smsInstructions.facts', ...shared, 'page.betInstructions.formatTT', 'page.betInstructions.notes'], 'SMS instructions, TOTO variant')
  const bets = resolvePage(config, ctxFor('mem1', TT), '/bet/betsInstruction')
  t.match(bets, { status: 'ok', page: { widgets: [{ type: 'content', bodyKey: 'page.betBetsInstruction.bodyTT' }] } })
})
