import t from 'tap'
import { Value } from 'typebox/value'
import { PageDescriptor } from '../../../schemas/widgets.ts'
import { endpointAllowed } from '../../../server/src/proxy/allowlist.ts'
import { loadConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, SG, shippedConfigDir, TT } from './fixtures.ts'

// Control › Draw Setting (draws by series, create/edit dialogs, close/reopen, results, preview, finalise job) and Options › Pay Out.

t.test('Draw Setting: every action for DrawSetting holders, the page refused to others, its calls in the derived allowlist', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const config = loaded.config
  const page = resolvePage(config, ctxFor('ops', SG), '/control/drawSetting')
  if (page.status !== 'ok') throw new Error(page.status)
  t.ok(Value.Check(PageDescriptor, page.page), 'a valid descriptor')
  t.match(page.page.actions, [{ kind: 'form', id: 'createDraw', form: { submit: { endpoint: '/api/v1/4d/draw', method: 'POST' } } }])
  const draws = page.page.widgets.find((w) => w.id === 'draws')
  if (draws?.type !== 'table') throw new Error('no draws table')
  t.same(draws.rowActions?.map((a) => a.id), ['choose', 'editDraw', 'closeDraw', 'reopenDraw', 'result4d', 'resultToto', 'reset6', 'reset7'])
  t.match(draws.rowActions?.find((a) => a.id === 'closeDraw'), { kind: 'call', endpoint: '/api/v1/4d/draw/:DrawId/close', method: 'PUT', confirmKey: /closeConfirm/, when: { field: 'Status', equals: 'open' } })
  t.match(page.page.widgets.find((w) => w.id === 'finalise'), { type: 'job', start: { endpoint: '/api/v1/4d/result/r5', method: 'POST' }, status: { endpoint: '/api/v1/4d/result/r5/{jobId}/status', idPath: 'DrawId' } })
  t.match(page.page.widgets.find((w) => w.id === 'preview'), { type: 'table', data: { endpoint: '/api/v1/4d/result/report', dataPath: 'Tiers', requires: ['DrawId'] } })
  t.notOk(JSON.stringify(page.page).includes('"rule"'), 'action rules stay on the server')

  t.equal(resolvePage(config, ctxFor('clerk', SG), '/control/drawSetting').status, 'forbidden', 'an admin without DrawSetting does not get the page')
  t.equal(resolvePage(config, ctxFor('ag1', SG), '/control/drawSetting').status, 'forbidden', 'nor an agent')

  const holds = (user: string) => (path: string) => resolvePage(config, ctxFor(user, SG), path).status === 'ok'
  const may = (user: string, method: 'GET' | 'POST' | 'PUT', segments: string[]) => {
    const hit = config.api.match(method, segments)
    if (typeof hit === 'string') throw new Error(`${method} ${segments.join('/')}: ${hit}`)
    return endpointAllowed(hit.endpoint, holds(user), ctxFor(user, SG))
  }
  for (const [method, segments] of [['PUT', ['draw', '12', 'close']], ['PUT', ['draw', '12', 'reopen']], ['POST', ['draw', 'result']], ['GET', ['result', 'report']],
    ['POST', ['result', 'r5']], ['GET', ['result', 'r5', '12', 'status']], ['PUT', ['result', 'reset6', '12']], ['PUT', ['draw', 'series']], ['GET', ['draw2']]] as const) {
    t.ok(may('ops', method, [...segments]), `ops may ${method} ${segments.join('/')}`)
  }
  t.notOk(may('clerk', 'PUT', ['result', 'reset6', '12']), 'clerk may not reset a draw')
  t.notOk(may('mem1', 'POST', ['result', 'r5']), 'nor may a member finalise')
})

t.test('Pay Out: the signed-in user\'s own rates, read-only, not under TT', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = resolvePage(loaded.config, ctxFor('mem1', SG), '/payOut')
  if (page.status !== 'ok') throw new Error(page.status)
  const rates = page.page.widgets.find((w) => w.id === 'rates')
  t.match(rates, { type: 'table', data: { endpoint: '/api/v1/4d/payRates', params: { UserId: { from: 'session', name: 'UserId' } } } })
  const toto = page.page.widgets.find((w) => w.id === 'totoRates')
  t.match(toto, { type: 'table', data: { endpoint: '/api/v1/4d/payRatesT', params: { UserId: { from: 'session', name: 'UserId' } } } }, 'and the TOTO rates')
  if (toto?.type !== 'table') throw new Error('no TOTO rates table')
  t.same(Object.keys(toto.columns[0]?.statusLabels ?? {}), ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', '2*', '3*', '4*', '*2', '*3', '*4', 'TO', 'TE', 'TT'], 'every row the endpoint answers has a label')
  t.notOk(JSON.stringify(page.page).includes('"rowActions"') || (page.page.actions ?? []).length > 0, 'nothing to edit')
  t.equal(resolvePage(loaded.config, ctxFor('mem1', TT), '/payOut').status, 'forbidden', 'Pay Out is not in the TT menu')
})

t.test('Draw Setting (issue #39): the draws table right under the filters, Opens worded when empty, the finalise job and list worded from figures', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = resolvePage(loaded.config, ctxFor('ops', SG), '/control/drawSetting')
  if (page.status !== 'ok') throw new Error(page.status)
  const widgets = page.page.widgets
  t.same(widgets.slice(0, 2).map((w) => w.id), ['drawFilters', 'draws'], 'the filters, then the draws table one acts on, before anything else')
  const draws = widgets.find((w) => w.id === 'draws')
  if (draws?.type !== 'table') throw new Error('no draws table')
  t.match(draws.columns.find((c) => c.field === 'OpenDate'), { labelKey: 'page.controlDrawSetting.openDate', type: 'date', emptyKey: 'page.controlDrawSetting.opensOnCreation' },
    'draw2 answers OpenDate null for a draw open from creation: the cell says so')
  const filters = widgets.find((w) => w.id === 'drawFilters')
  if (filters?.type !== 'filters') throw new Error('no filters')
  t.match(filters.fields.find((f) => f.name === 'Series')?.options?.[0], { value: '', labelKey: 'page.controlDrawSetting.seriesAll' }, 'the Series filter\'s empty choice reads "All series"')
  const summary = { key: 'page.controlDrawSetting.finalisedSummary', values: { count: 'Bets', Winners: 'Winners', Payout: 'Payout' } }
  const job = (id: string) => { const w = widgets.find((x) => x.id === id); return w?.type === 'job' ? w.result : undefined }
  t.same(job('finalise'), summary, 'the finalise job says what it did from its figures, in the user\'s language')
  t.same(job('confirmImport'), summary, 'so does confirming an import')
  const list = widgets.find((w) => w.id === 'finaliseDraws')
  if (list?.type !== 'table') throw new Error('no finalise list')
  t.same(list.columns.map((c) => c.field), ['DrawId', 'DrawDate', 'Series', 'Status', 'Bets', 'Winners', 'Payout', 'Message'], 'what finalising did, as figures')
  t.match(list.columns.find((c) => c.field === 'Status')?.statusLabels, { idle: 'page.controlDrawSetting.finaliseJobIdle', done: 'common.finalised' }, 'a finalised draw reads Finalised')
})

t.test('Strike (issue #39): every prize column words prize codes through common.prize', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = resolvePage(loaded.config, ctxFor('admin', SG), '/report/strike')
  if (page.status !== 'ok') throw new Error(page.status)
  const prizeColumns = page.page.widgets.flatMap((w) => w.type === 'table' ? w.columns.filter((c) => /^Prizes?$/.test(c.field)).map((c) => `${w.id}.${c.field}: ${c.valueLabels ?? 'none'}`) : [])
  t.same(prizeColumns, ['strike.Prize: common.prize', 'byPrize.Prize: common.prize', 'summary1.Prize: common.prize', 'detailLines.Prizes: common.prize', 'detailTickets.Prizes: common.prize'])
})
