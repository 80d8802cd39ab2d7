import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { upload, waitForJob } from '../upload-support.ts'
import { api } from '../support.ts'

// Combining pages: the tickets, lines and line errors of several processed uploads of one account become one page.
const h = await gameApiHarness(t, 'pglite')
const tokens = { ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2') }
const processed = async (owner: string, content: string) => {
  const up = await upload(h, tokens.ag1, '4d', { UserId: owner }, content)
  t.equal(up.status, 200, JSON.stringify(up.body))
  const fileId: number = up.body.data.FileId
  t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})).status, 200)
  await waitForJob(h, tokens.ag1, '4d', fileId)
  return fileId
}
const combine = (token: string, FileIds: unknown[], prefix = '4d') => api(h, 'POST', `/api/v1/${prefix}/bet/page/combine`, token, { FileIds })
const fileOf = async (id: number) => (await api(h, 'GET', '/api/v1/4d/files?UserId=mem1', tokens.ag1)).body.data.find((f: { FileId: number }) => f.FileId === id)

t.test('two pages of mem1 become one: tickets, counts and line errors follow; voiding the page voids them all', async (t) => {
  const first = await processed('mem1', 'mem1 3 7101 1-\nmem1 3 7102 1-\n')
  const second = await processed('mem1', 'mem1 3 7103 1-\nmem1 3 71x4 1-\n')
  const done = await combine(tokens.ag1, [second, first])
  t.equal(done.status, 200, JSON.stringify(done.body))
  t.same(done.body.data, { FileId: first, Combined: [second], Tickets: 1 })
  t.match(await fileOf(first), { Lines: 4, Placed: 3, Failed: 1 })
  t.equal(await fileOf(second), undefined, 'the folded page is gone')
  const status = (await api(h, 'GET', `/api/v1/4d/files/processUpload/${first}/status`, tokens.ag1)).body.data
  t.same(status.Errors.map((e: { Line: number }) => e.Line), [4], 'the error points at its line of the combined text')
  const voided = await api(h, 'DELETE', `/api/v1/4d/bet/page?FileId=${first}`, tokens.ag1)
  t.match(voided, { status: 200, body: { data: { Voided: 3 } } }, 'one page now holds all three tickets')
  const audit = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audits WHERE action = 'file.combine'")
  t.equal(audit.rows[0]?.n, 1, 'audited')
})

t.test('bad input and the gate are refused, and nothing changes', async (t) => {
  const a = await processed('mem1', 'mem1 3 7201 1-\n')
  const b = await processed('mem1', 'mem1 3 7202 1-\n')
  const other = await processed('mem3', 'mem3 3 7203 1-\n')
  t.match(await combine(tokens.ag1, [a]), { status: 400, body: { message: /FileIds/ } }, 'one file')
  t.match(await combine(tokens.ag1, [a, a]), { status: 400, body: { code: 'GA_COMBINE_ONE_FILE' } }, 'the same file twice')
  t.match(await combine(tokens.ag1, [a, 'x']), { status: 400, body: { message: /FileIds/ } }, 'not a file id')
  t.match(await combine(tokens.ag1, [a, other]), { status: 409, body: { code: 'GA_COMBINE_OTHER_USER', params: ['mem1, mem3'] } }, 'another account\'s file')
  t.match(await combine(tokens.ag1, [a, b], 'tt'), { status: 404, body: { code: 'GA_FILES_NOT_FOUND' } }, 'files of another game')
  t.match(await combine(tokens.ag1, [a, 999999]), { status: 404, body: { code: 'GA_FILES_NOT_FOUND', params: ['999999'] } })
  const fresh = await upload(h, tokens.ag1, '4d', { UserId: 'mem1' }, 'mem1 3 7204 1-\n')
  t.match(await combine(tokens.ag1, [a, fresh.body.data.FileId]), { status: 409, body: { code: 'GA_FILE_BUSY' } }, 'a page not processed yet')
  t.match(await combine(tokens.ag2, [a, b]), { status: 403 }, 'ag2 cannot combine the pages of ag1\'s member')
  t.ok(await fileOf(a) && await fileOf(b), 'both pages stand')
})
