import t from 'tap'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo, WEDNESDAY_CLOSE } from '../../betting/support.ts'

// Bin burst: a result file imported for a draw, its payouts previewed with the settlement code, applied as a job, confirmed through finalising, reported.
const h = await gameApiHarness(t, 'pglite')
const file = [
  'prize,number', 'first,1234', 'second,5678', 'third,9012',
  ...['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'].map((n) => `starter,${n}`),
  ...['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555'].map((n) => `consolation,${n}`)
].join('\n')

t.test('import, preview, apply job, confirm (finalise job), reports, refusals and the ADMIN gate', async (t) => {
  let tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin', 'ag1'])
  const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1 }, { Number: '9999', Form: 'straight', Big: 1 }] })
  t.equal(placed.status, 200, JSON.stringify(placed.body))
  const drawId: number = placed.body.data.Draws[0].DrawId
  tokens = await moveTo(h, WEDNESDAY_CLOSE, ['mem1', 'admin', 'ag1'])
  const poll = (url: string) => eventually(async () => {
    const { body } = await api(h, 'GET', url, tokens.admin)
    return ['done', 'failed'].includes(body.data.Status) && body.data
  }, { within: 30_000, what: url })

  t.equal((await api(h, 'POST', '/api/v1/4d/binBurstImport', tokens.ag1, { DrawId: drawId, Content: file })).status, 403, 'ADMIN only')
  t.match(await api(h, 'POST', '/api/v1/4d/binBurstImport', tokens.admin, { DrawId: drawId, Content: 'first;1234' }), { status: 400, body: { code: 'GA_BURST_IMPORT_BAD_FILE', message: /line 1 "first;1234" must be prize,number/ } })
  t.match(await api(h, 'POST', '/api/v1/4d/binBurstImport', tokens.admin, { DrawId: drawId, Content: file.replace('starter,1003', 'starter,12a4') }), { status: 400, body: { code: 'GA_BAD_RESULT' } }, 'a malformed number names its slot')
  t.match(await api(h, 'POST', '/api/v1/4d/binBurstImport', tokens.admin, { DrawId: 999999, Content: file }), { status: 404, body: { code: 'GA_DRAW_NOT_FOUND' } })
  t.match(await api(h, 'POST', '/api/v1/4d/binBurstImport', tokens.admin, { DrawId: drawId }), { status: 400, body: { code: 'GA_FIELD_REQUIRED' } })

  const imported = await api(h, 'POST', '/api/v1/4d/binBurstImport', tokens.admin, { DrawId: drawId, FileName: 'sg4d.csv', Content: file, LocId: 'SG' })
  t.equal(imported.status, 200, JSON.stringify(imported.body))
  const importId: number = imported.body.data.ImportId
  t.match(imported.body.data, { DrawId: drawId, LocId: 'SG', FileName: 'sg4d.csv', ImportStatus: 'imported', Result: { first: '1234' } })
  t.ok((await api(h, 'GET', '/api/v1/4d/binBurstImport?LocId=SG', tokens.admin)).body.data.some((i: { ImportId: number }) => i.ImportId === importId), 'listed at its location')
  t.ok((await api(h, 'GET', '/api/v1/4d/binBurstImportAdmin', tokens.admin)).body.data.some((i: { ImportId: number }) => i.ImportId === importId), 'listed for every location')
  t.same((await api(h, 'GET', '/api/v1/tt/binBurstImportAdmin', tokens.admin)).body.data, [], 'not under the other game')
  t.match(await api(h, 'POST', '/api/v1/4d/result/binBurst', tokens.admin, { ImportId: importId }), { status: 409, body: { code: 'GA_BURST_IMPORT_NOT_PREVIEWED' } }, 'no apply before the preview')

  const preview = await api(h, 'PUT', '/api/v1/4d/generateBurstImportPayOut', tokens.admin, { ImportId: importId })
  t.equal(preview.status, 200, JSON.stringify(preview.body))
  t.match(preview.body.data, { DrawId: drawId, IsFinalised: false, Payout: 2000, WinningBets: 1, Tiers: [{ Prize: 'first', Bets: 1, Payout: 2000 }] }, '1234 Big $1 pays 2000 on the 1st prize')
  t.match((await api(h, 'GET', `/api/v1/4d/draw/result?DrawId=${drawId}`, tokens.admin)).body.data, { Result: null }, 'the preview writes no result')
  t.match(await api(h, 'POST', '/api/v1/4d/result/binConfirm', tokens.admin, { ImportId: importId }), { status: 409, body: { code: 'GA_BURST_IMPORT_NOT_APPLIED' } })

  t.match((await api(h, 'POST', '/api/v1/4d/result/binBurst', tokens.admin, { ImportId: importId })).body.data, { ImportId: importId, DrawId: drawId })
  t.match(await poll(`/api/v1/4d/result/binBurst/status?ImportId=${importId}`), { Status: 'done', Progress: 100, ImportStatus: 'applied', Message: /payout 2000\.00/ })
  t.same((await api(h, 'GET', `/api/v1/4d/result/binBurst/${importId}/status`, tokens.admin)).body.data, (await api(h, 'GET', `/api/v1/4d/result/binBurst/status?ImportId=${importId}`, tokens.admin)).body.data, 'the job status also at binBurst/:id/status')
  t.match((await api(h, 'GET', `/api/v1/4d/draw/result?DrawId=${drawId}`, tokens.admin)).body.data, { Result: { first: '1234', second: '5678' } }, 'the result is on the draw')
  t.match(await api(h, 'PUT', '/api/v1/4d/generateBurstImportPayOut', tokens.admin, { ImportId: importId }), { status: 409, body: { code: 'GA_BURST_IMPORT_APPLIED' } })
  t.match(await api(h, 'POST', '/api/v1/4d/result/binConfirm/report', tokens.admin, { ImportId: importId }), { status: 409, body: { code: 'GA_DRAW_NOT_FINALISED_YET' } }, 'no report before confirming')
  t.ok((await api(h, 'GET', '/api/v1/4d/result/r5', tokens.admin)).body.data.some((d: { DrawId: number, IsFinalised: boolean }) => d.DrawId === drawId && !d.IsFinalised), 'r5 lists the draw to finalise')

  t.match((await api(h, 'POST', '/api/v1/4d/result/binConfirm', tokens.admin, { ImportId: importId })), { status: 200, body: { data: { ImportId: importId, DrawId: drawId } } }, 'the start answer names the import its status is polled by')
  t.match(await poll(`/api/v1/4d/result/binConfirm/${importId}/status`), { Status: 'done', IsFinalised: true, DrawId: drawId, ImportId: importId })
  t.match((await api(h, 'GET', `/api/v1/4d/result/binConfirm/status?ImportId=${importId}`, tokens.admin)).body.data, { Status: 'done', IsFinalised: true, DrawId: drawId, ImportId: importId }, 'and at binConfirm/status?ImportId=')
  const report = await api(h, 'POST', '/api/v1/4d/result/binConfirm/report', tokens.admin, { ImportId: importId })
  t.match(report.body.data, { DrawId: drawId, IsFinalised: true, Payout: 2000, Winners: 1, Strikes: 1 }, 'what finalising applied, as previewed')
  t.ok(report.body.data.Bets >= 2, 'every bet of the draw settled (the seed has some too)')
  t.same((await api(h, 'POST', '/api/v1/4d/result/r5/report', tokens.admin, { DrawId: drawId })).body.data, report.body.data, 'r5/report: the same report by draw')
  t.match(await api(h, 'POST', '/api/v1/4d/result/r5/report', tokens.admin, {}), { status: 404 }, 'a report names a draw')
  t.equal((await api(h, 'POST', '/api/v1/4d/result/r5/report', tokens.ag1, { DrawId: drawId })).status, 403)
  t.match((await api(h, 'GET', '/api/v1/4d/binBurstImportAdmin', tokens.admin)).body.data.find((i: { ImportId: number }) => i.ImportId === importId), { ImportStatus: 'confirmed' })
  t.match(await api(h, 'GET', '/api/v1/4d/result/binBurst/status?ImportId=999999', tokens.admin), { status: 404, body: { code: 'GA_BURST_IMPORT_NOT_FOUND' } })
  t.match(await api(h, 'GET', '/api/v1/4d/result/binConfirm/999999/status', tokens.admin), { status: 404, body: { code: 'GA_BURST_IMPORT_NOT_FOUND' } })
  t.equal((await api(h, 'GET', `/api/v1/4d/result/binBurst/${importId}/status`, tokens.ag1)).status, 403, 'status is ADMIN only')
})
