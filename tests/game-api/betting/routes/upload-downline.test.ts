import t from 'tap'
import { eachDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { upload, waitForJob } from '../upload-support.ts'
import { api } from '../support.ts'

/** The call's answer, or 'no answer' after ms: a store held by a request never answers. */
const within = <T>(ms: number, call: Promise<T>) => Promise.race([call, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))])

// Both stores: on PGlite, processing a downline's file sent a statement outside its transaction on the one connection, and every call after it hung.
eachDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1') }

  for (const uploader of ['ag1', 'admin'] as const) {
    await t.test(`${uploader} uploads a file for the downline mem1: listed, processed, and every other call still answers`, async (t) => {
      const up = await upload(h, tokens[uploader], '4d', { UserId: 'mem1' }, `mem1 3 ${uploader === 'ag1' ? 7001 : 7002} 1-\nmem1 3 7003 1-\n`)
      t.equal(up.status, 200, JSON.stringify(up.body))
      const fileId = up.body.data.FileId
      t.equal(up.body.data.UserId, 'mem1')
      const listed = await api(h, 'GET', '/api/v1/4d/files', tokens[uploader])
      t.ok(listed.body.data.some((f: { FileId: number }) => f.FileId === fileId), 'the uploader\'s list (no UserId, as the page asks) holds the file of its downline')
      const mine = await api(h, 'GET', '/api/v1/4d/files?UserId=mem1', tokens[uploader])
      t.ok(mine.body.data.some((f: { FileId: number }) => f.FileId === fileId), 'and so does the owner\'s list')
      const start = await within(5000, api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens[uploader], {}))
      t.not(start, 'no answer', 'Process file answers')
      if (start === 'no answer') return
      t.equal(start.status, 200, JSON.stringify(start.body))
      const other = await within(5000, api(h, 'GET', '/api/v1/profile', tokens.mem1))
      t.not(other, 'no answer', 'another user\'s call answers after it')
      const { last } = await waitForJob(h, tokens[uploader], '4d', fileId)
      t.match(last, { Status: 'done', FileStatus: 'processed', Lines: 2, Placed: 2, Failed: 0 })
    })
  }

  await t.test('a staff admin (ops) lists its company\'s files, as its Owner picker (bet/userIds) lists the company\'s users', async (t) => {
    const ops = await h.signIn('ops')
    const files = (await api(h, 'GET', '/api/v1/4d/files', ops)).body.data as Array<{ UserId: string }>
    t.ok(files.some((f) => f.UserId === 'mem1'), 'the files uploaded for mem1 are listed')
  })

  await t.test('ag1 may not list or process the files of a user outside its group', async (t) => {
    const up = await upload(h, tokens.admin, '4d', { UserId: 'admin' }, 'mem1 3 7004 1-\n')
    t.equal((await api(h, 'GET', '/api/v1/4d/files?UserId=admin', tokens.ag1)).status, 403)
    t.notOk((await api(h, 'GET', '/api/v1/4d/files', tokens.ag1)).body.data.some((f: { FileId: number }) => f.FileId === up.body.data.FileId), 'the group list leaves out the upline\'s file')
    t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${up.body.data.FileId}`, tokens.ag1, {})).status, 403)
  })
})
