import t from 'tap'
import { eachDatabase } from '../../../../helpers/db.ts'
import { gameApiHarness } from '../../../harness.ts'
import { api } from '../../../betting-routes/support.ts'

// Out Setting 2 (GET outSetting2Full, outSetting2Exceed): numbers kept up to a level's limit, and above it once the limit is lowered.
eachDatabase(t, async (t, kind) => {
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

  t.test('refusals', async (t) => {
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting2Full', tokens.ag1)).status, 403, 'OutSet is needed')
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting2Full?UserId=ag1', tokens.ag2)).status, 403, 'not an upline\'s')
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting2Exceed?DrawId=999999', tokens.admin)).status, 404)
  })
})
