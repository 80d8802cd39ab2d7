import t from 'tap'
import { readAra } from '../../../../schemas/domain/ara.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../support.ts'
import { upload, waitForJob } from '../upload-support.ts'

// The .ara downloads: bet/page/exportAra (a page's or a draw's tickets), bet/exportDetailsAra (per number and form), bet/exportIntakeAra (a level's kept intake).
const h = await gameApiHarness(t, 'pglite')
const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['admin', 'ag1', 'ag2', 'mem1', 'mem2'])
const drawId = ((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>).find((d) => d.Series === 'SG4D')!.DrawId
for (const [who, line] of [['mem1', { Number: '1234', Big: 10 }], ['mem1', { Number: '1234', Big: 1, Small: 2 }], ['mem2', { Number: '5678', Small: 2 }]] as const) {
  const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens[who], { DrawIds: [drawId], Lines: [line] })
  t.equal(placed.status, 200, JSON.stringify(placed.body))
}

/** The lines of the bets this test placed (the seed bets on the draw too). */
const mine = (r: Record<string, string>) => r.Number === '1234' || r.Number === '5678'

/** POSTs an export and answers the status, headers and the file read back (or the error body). */
async function download (url: string, token: string, payload: object) {
  const r = await h.call('POST', url, { token, payload })
  if (r.statusCode !== 200) return { status: r.statusCode, body: r.json(), rows: [] as Array<Record<string, string>>, headers: r.headers, text: '' }
  const read = readAra(r.body)
  t.same(read.errors, [], 'the file reads back without errors')
  return { status: r.statusCode, body: undefined, rows: read.rows, headers: r.headers, text: r.body }
}

t.test('exportAra for a draw: the group\'s tickets as the backup writes them, named exported.ara', async (t) => {
  const all = await download('/api/v1/4d/bet/page/exportAra', tokens.ag1, { DrawId: drawId })
  t.equal(all.status, 200)
  t.equal(all.headers['content-disposition'], 'attachment; filename="exported.ara"')
  t.match(all.text, /^TicketNo\|UserId\|PlacedBy\|Source\|DrawId\|DrawDate\|Series\|LineNo\|Number\|Form\|Big\|Small\|Units\|Combinations\|Amount\|Status\|PlacedDate\r\n/)
  t.same(all.rows.filter(mine).map((r) => [r.UserId, r.Number, r.Big, r.Small]), [['mem1', '1234', '10.00', '0.00'], ['mem1', '1234', '1.00', '2.00'], ['mem2', '5678', '0.00', '2.00']])
  t.ok(all.rows.every((r) => ['ag1', 'ag2', 'mem1', 'mem2', 'mem3'].includes(r.UserId ?? '') && r.DrawId === String(drawId)), 'only ag1\'s group on that draw')
  const ag2 = await download('/api/v1/4d/bet/page/exportAra', tokens.ag2, { DrawId: drawId })
  t.ok(ag2.rows.some(mine) && ag2.rows.every((r) => ['ag2', 'mem2'].includes(r.UserId ?? '')), 'ag2 sees only its own group')
  const mem1 = await download('/api/v1/4d/bet/page/exportAra', tokens.admin, { DrawId: drawId, UserId: 'mem1' })
  t.ok(mem1.rows.length >= 2 && mem1.rows.every((r) => r.UserId === 'mem1'), 'UserId narrows to that user\'s group')
  t.match(await download('/api/v1/4d/bet/page/exportAra', tokens.ag2, { DrawId: drawId, UserId: 'mem1' }), { status: 403 }, 'not another branch')
})

t.test('exportAra for an upload page: only that file\'s tickets, for the file\'s owner or upline', async (t) => {
  const up = await upload(h, tokens.ag1, '4d', { UserId: 'ag1' }, 'mem1 3 4321 1-')
  t.equal(up.status, 200, JSON.stringify(up.body))
  const fileId = up.body.data.FileId as number
  t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1)).status, 200)
  t.match((await waitForJob(h, tokens.ag1, '4d', fileId)).last, { Status: 'done', Placed: 1 })
  const page = await download('/api/v1/4d/bet/page/exportAra', tokens.ag1, { FileId: fileId })
  t.equal(page.status, 200)
  t.same(page.rows.map((r) => [r.UserId, r.Number, r.Source]), [['mem1', '4321', 'upload']])
  t.equal((await download('/api/v1/4d/bet/page/exportAra', tokens.admin, { FileId: fileId })).rows.length, 1, 'the upline too')
  t.match(await download('/api/v1/4d/bet/page/exportAra', tokens.ag2, { FileId: fileId }), { status: 403 }, 'not a downline of the file\'s owner')
  t.match(await download('/api/v1/4d/bet/page/exportAra', tokens.ag1, { FileId: 999999 }), { status: 404, body: { code: 'GA_FILE_NOT_FOUND' } })
  t.match(await download('/api/v1/tt/bet/page/exportAra', tokens.ag1, { FileId: fileId }), { status: 404 }, 'a 4D page is not the TOTO prefix\'s')
})

t.test('exportAra refuses bad input with the field named', async (t) => {
  t.match(await download('/api/v1/4d/bet/page/exportAra', tokens.ag1, {}), { status: 400, body: { message: /FileId|DrawId/ } }, 'a page or a draw is needed')
  t.match(await download('/api/v1/4d/bet/page/exportAra', tokens.ag1, { DrawId: 'x' }), { status: 400, body: { message: /DrawId/ } })
  t.match(await download('/api/v1/4d/bet/page/exportAra', tokens.ag1, { DrawId: 999999 }), { status: 404, body: { code: 'GA_DRAW_NOT_FOUND' } })
  t.match(await download('/api/v1/tt/bet/page/exportAra', tokens.ag1, { DrawId: drawId }), { status: 404 }, 'a 4D draw under the TOTO prefix')
})

t.test('exportDetailsAra: the group\'s bets per number and form', async (t) => {
  const details = await download('/api/v1/4d/bet/exportDetailsAra', tokens.ag1, { DrawId: drawId })
  t.equal(details.status, 200)
  t.match(details.text, /^DrawId\|DrawDate\|Series\|Number\|Form\|Bets\|Big\|Small\|Units\|Amount\r\n/)
  t.same(details.rows.filter(mine), [
    { DrawId: String(drawId), DrawDate: '2030-01-02', Series: 'SG4D', Number: '1234', Form: 'straight', Bets: '2', Big: '11.00', Small: '2.00', Units: '0.00', Amount: '13.00' },
    { DrawId: String(drawId), DrawDate: '2030-01-02', Series: 'SG4D', Number: '5678', Form: 'straight', Bets: '1', Big: '0.00', Small: '2.00', Units: '0.00', Amount: '2.00' }])
  t.ok(details.rows.some((r) => r.Number === '4321'), 'the uploaded page\'s bet is a bet of the group too')
  const numbers = details.rows.map((r) => `${r.Number ?? ''} ${r.Form ?? ''}`)
  t.same(numbers, [...numbers].sort(), 'by number, then form')
  const ag2 = (await download('/api/v1/4d/bet/exportDetailsAra', tokens.ag2, { DrawId: drawId })).rows
  t.ok(ag2.some((r) => r.Number === '5678') && !ag2.some((r) => r.Number === '1234'), 'ag2\'s group only')
  t.match(await download('/api/v1/4d/bet/exportDetailsAra', tokens.ag1, {}), { status: 400, body: { message: /DrawId/ } })
  t.match(await download('/api/v1/4d/bet/exportDetailsAra', tokens.mem2, { DrawId: drawId, UserId: 'ag1' }), { status: 403 }, 'not an upline\'s group')
})

t.test('exportIntakeAra: what the level keeps per number; a member keeps nothing', async (t) => {
  const intake = await download('/api/v1/4d/bet/exportIntakeAra', tokens.ag1, { DrawId: drawId })
  t.equal(intake.status, 200)
  t.match(intake.text, /^DrawId\|DrawDate\|Series\|UserId\|Number\|Big\|Small\|Units\r\n/)
  const kept = intake.rows.find((r) => r.Number === '1234')
  t.ok(kept, 'ag1 keeps part of 1234')
  t.equal(kept?.UserId, 'ag1')
  t.ok(Number(kept?.Big) > 0 && Number(kept?.Big) <= 5, 'within ag1\'s $5 Big limit')
  t.same((await download('/api/v1/4d/bet/exportIntakeAra', tokens.mem1, { DrawId: drawId })).rows, [], 'only the field line for a member')
  t.same((await download('/api/v1/4d/bet/exportIntakeAra', tokens.admin, { DrawId: drawId, UserId: 'ag1' })).rows, intake.rows, 'the upline reads ag1\'s')
  t.match(await download('/api/v1/4d/bet/exportIntakeAra', tokens.mem1, { DrawId: drawId, UserId: 'ag1' }), { status: 403 })
  t.match(await download('/api/v1/4d/bet/exportIntakeAra', tokens.ag1, { DrawId: 0 }), { status: 400, body: { message: /DrawId/ } })
})
