import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Out Setting 2 (GET outSetting2Full, outSetting2Exceed): numbers kept up to a level's limit, and above it once the limit is lowered.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId
  const bet = (Number: string, Big: number) => api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number, Big }] })
  const full = async (path: string) => (await api(h, 'GET', `/api/v1/4d/${path}?DrawId=${drawId}&UserId=ag1`, tokens.admin)).body.data.rows as Array<Record<string, unknown>>

  t.test('full: kept up to the limit; exceed: kept above a limit lowered afterwards', async (t) => {
    await bet('1111', 20) // ag1 keeps $5 of it: its $5 default
    await bet('2222', 4) // ag1 keeps $2: room left
    t.same(await full('outSetting2Full'), [{ Number: '1111', KeptBig: 5, LimitBig: 5, KeptSmall: 0, LimitSmall: 5, KeptUnits: 0, LimitUnits: null, Excess: 0 }])
    t.same(await full('outSetting2Exceed'), [], 'nothing above a limit that held at placement')
    t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { UserId: 'ag1', Number: '2222', Big: 1.5, Small: 5 })).status, 200)
    const exceed = await full('outSetting2Exceed')
    t.same(exceed, [{ Number: '2222', KeptBig: 2, LimitBig: 1.5, KeptSmall: 0, LimitSmall: 5, KeptUnits: 0, LimitUnits: null, Excess: 0.5 }], 'the lowered limit leaves $0.50 above it')
    t.same((await full('outSetting2Full')).map((r) => r.Number), ['1111', '2222'], 'a number above its limit is full too')
  })

  t.test('outsettingProcess1: a job throws every excess of the draw out to a distributor, then nothing is left above', async (t) => {
    // admin keeps all that reaches it of 1111: $15 of mem1's $20 (ag1 kept $5); a limit of $10 leaves $5 above it.
    t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { Number: '1111', Big: 10 })).status, 200)
    const mine = async (path: string) => (await api(h, 'GET', `/api/v1/4d/${path}?DrawId=${drawId}`, tokens.admin)).body.data.rows as Array<{ Number: string, Excess: number }>
    t.same((await mine('outSetting2Exceed')).map((r) => [r.Number, r.Excess]), [['1111', 5]])
    const outlet = (await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Layoff' })).body.data.DistributorId
    const run = async () => {
      const started = await api(h, 'POST', '/api/v1/4d/outsettingProcess1', tokens.admin, { DrawId: drawId, DistributorId: outlet })
      t.equal(started.status, 200, JSON.stringify(started.body))
      return eventually(async () => {
        const s = (await api(h, 'GET', `/api/v1/4d/outsettingProcess1/${started.body.data.JobId}/status`, tokens.admin)).body.data
        return s.Status === 'done' || s.Status === 'failed' ? s : undefined
      }, { within: 20_000, what: 'the processing job to end' })
    }
    const first = await run()
    t.match(first, { Status: 'done', Progress: 100, Message: 'Threw the excess of 1 number out to the distributor.' })
    t.same(await mine('outSetting2Exceed'), [], 'nothing above the limit any more')
    t.match((await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data, [{ Number: '1111', Big: 5, Distributor: 'Layoff' }])
    t.match(await mine('outSetting2Full'), [{ Number: '1111', KeptBig: 10, LimitBig: 10 }], 'kept exactly up to the limit')
    t.match(await run(), { Status: 'done', Message: 'No number is kept above its limit: nothing to throw.' }, 'a second run finds nothing')
    t.equal((await api(h, 'GET', '/api/v1/4d/outsettingProcess1/999999/status', tokens.admin)).status, 404)
    t.equal((await api(h, 'POST', '/api/v1/4d/outsettingProcess1', tokens.admin, { DrawId: drawId, DistributorId: 999999 })).status, 404)
  })

  t.test('refusals', async (t) => {
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting2Full', tokens.ag1)).status, 403, 'OutSet is needed')
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting2Full?UserId=ag1', tokens.ag2)).status, 403, 'not an upline\'s')
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting2Exceed?DrawId=999999', tokens.admin)).status, 404)
  })
})
