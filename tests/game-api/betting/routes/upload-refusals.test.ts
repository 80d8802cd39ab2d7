import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../support.ts'
import { upload, waitForJob } from '../upload-support.ts'

// An upload answers in the user's words: an odd file name is a 400 saying how to fix it (never a 500), and a line for a draw that no longer
// takes bets names no internal route and no raw machine time.
const h = await gameApiHarness(t, 'pglite')
let tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1') }

/** A multipart upload whose file name is sent as these exact bytes. */
async function named (name: Buffer | string) {
  const boundary = '----names' + Math.random().toString(16).slice(2)
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    Buffer.isBuffer(name) ? name : Buffer.from(name),
    Buffer.from(`"\r\nContent-Type: text/plain\r\n\r\nmem1 3 1234 1-\r\n--${boundary}--\r\n`)
  ])
  const r = await h.call('POST', '/api/v1/4d/files/upload', { token: tokens.ag1, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
  return { status: r.statusCode, body: r.json() }
}

t.test('odd file names: a clear 400 each, nothing stored', async (t) => {
  const before = Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM files')).rows[0]?.n)
  const unreadable = { status: 400, body: { code: 'GA_FILE_NAME_UNREADABLE', message: /rename the file with letters, digits and punctuation/ } }
  t.match(await named('bets\u0000.txt'), unreadable, 'a NUL in the name (the store cannot keep it: was a 500)')
  t.match(await named('bets\u0001\u001b.txt'), unreadable, 'control characters')
  t.match(await named(Buffer.from([0x62, 0xff, 0xfe, 0x2e, 0x74, 0x78, 0x74])), unreadable, 'bytes that are not UTF-8')
  t.match(await named('b'.repeat(201)), { status: 400, body: { code: 'GA_FILE_NAME_LONG', params: ['201', '200'] } }, 'longer than the files list keeps')
  t.match(await named(''), { status: 400, body: { code: 'GA_FILE_MISSING' } }, 'no name: the file input was left empty')
  t.equal(Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM files')).rows[0]?.n), before)
  const folders = await named('..\\..\\bets.txt')
  t.match(folders, { status: 200, body: { data: { FileName: 'bets.txt' } } }, 'folders before the name are dropped, never stored')
  t.match(await named('b'.repeat(200)), { status: 200 }, 'a name of 200 characters is kept')
  const rename = await api(h, 'PUT', '/api/v1/4d/files/updateFilesBatchByFileId', tokens.ag1, { FileId: folders.body.data.FileId, Batch: '', FileName: 'a\u0007b' })
  t.match(rename, { status: 400, body: { code: 'GA_FILE_NAME_UNREADABLE' } }, 'renaming to such a name is refused alike')
})

t.test('a line for a draw closed early with its result in: refused without a route name or a machine time', async (t) => {
  const wednesday = ((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.admin)).body.data as Array<{ DrawId: number, Series: string, DrawDate: string }>)
    .find((d) => d.Series === 'SG4D' && d.DrawDate === '2030-01-02')!
  t.equal((await api(h, 'PUT', `/api/v1/4d/draw/${wednesday.DrawId}/close`, tokens.admin, {})).status, 200)
  const result = { first: '1111', second: '2222', third: '3333', starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'], consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016'] }
  const entered = await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: wednesday.DrawId, Result: result })
  t.equal(entered.status, 200, JSON.stringify(entered.body))
  const up = await upload(h, tokens.ag1, '4d', {}, 'mem1 3 1234 1-\n')
  await api(h, 'POST', `/api/v1/4d/files/processUpload/${up.body.data.FileId}`, tokens.ag1, {})
  const { last } = await waitForJob(h, tokens.ag1, '4d', up.body.data.FileId)
  t.same(last.Errors, [{ Line: 1, Position: 0, Message: `Draw ${wednesday.DrawId} takes no more bets: betting on it was closed early; pick an open draw.` }])
  const form = await api(h, 'POST', '/api/v1/4d/bet', tokens.ag1, { UserId: 'mem1', DrawIds: [wednesday.DrawId], Lines: [{ Number: '1234', Big: 1 }] })
  t.match(form, { status: 409, body: { code: 'GA_DRAW_CLOSED_EARLY', params: [String(wednesday.DrawId)] } }, 'the form is told the same')
})

t.test('a draw closed by its time: the refusal shows that time as people read it', async (t) => {
  const saturday = ((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.admin)).body.data as Array<{ DrawId: number, Series: string, DrawDate: string }>)
    .find((d) => d.Series === 'SG4D' && d.DrawDate === '2030-01-05')!
  tokens = { ...tokens, ...await moveTo(h, '2030-01-05T10:00:01Z', ['admin', 'ag1']) }
  const late = await api(h, 'POST', '/api/v1/4d/bet', tokens.ag1, { UserId: 'mem1', DrawIds: [saturday.DrawId], Lines: [{ Number: '1234', Big: 1 }] })
  t.match(late, { status: 409, body: { code: 'GA_DRAW_CLOSED', message: `Draw ${saturday.DrawId} closed at 01/05/2030 18:00; pick an open draw.`, params: [String(saturday.DrawId), '01/05/2030 18:00'] } })
})
