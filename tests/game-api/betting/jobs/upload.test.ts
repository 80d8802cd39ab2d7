import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { upload, waitForJob } from '../upload-support.ts'
import { api } from '../support.ts'
import { UPLOAD_BATCH_LINES } from '../../../../server/game-api/betting/jobs/upload.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1'), ag2: await h.signIn('ag2') }

  t.test('a good file: queued, running, done with progress 100 and FileStatus processed; the bets are placed', async (t) => {
    const lines = Array.from({ length: 40 }, (_, i) => `mem1 3 ${String(2000 + i)} 1-`)
    const up = await upload(h, tokens.ag1, '4d', { StrictNumber: 'true', AcceptDecimals: 'false', Remarks: 'weekly', UserId: 'ag1', LocId: 'SG' }, lines.join('\n') + '\n\n')
    t.equal(up.status, 200, JSON.stringify(up.body))
    t.match(up.body.data, { FileName: 'bets.txt', FileStatus: 'uploaded', Lines: 40, Remarks: 'weekly', StrictNumber: true, AcceptDecimals: false })
    const fileId = up.body.data.FileId
    const start = await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}?StrictNumber=true&AcceptDecimals=false`, tokens.ag1, {})
    t.same(start.body.data, { JobId: start.body.data.JobId, FileId: fileId, Status: 'queued' })
    const first = await api(h, 'GET', `/api/v1/4d/files/processUpload/${fileId}/status`, tokens.ag1)
    // The job may already have started (or ended) by the first poll: the start answer above is what proves "queued".
    t.ok(['queued', 'running', 'done'].includes(first.body.data.Status), `first status ${first.body.data.Status}`)
    t.ok(['processing', 'processed'].includes(first.body.data.FileStatus), `first FileStatus ${first.body.data.FileStatus}`)
    const { seen, last } = await waitForJob(h, tokens.ag1, '4d', fileId)
    // The runner may take the job before any poll (PGlite runs one connection): what every poll must show is a status never going back.
    const order = ['queued', 'running', 'done']
    const statuses = [first.body.data.Status, ...seen].map((s) => order.indexOf(s))
    t.ok(statuses.every((s, i) => s >= 0 && (i === 0 || s >= (statuses[i - 1] ?? 0))), `statuses seen: ${first.body.data.Status} → ${seen.join(' → ')}`)
    t.same(seen.slice(-1), ['done'])
    t.match(last, { Status: 'done', Progress: 100, FileStatus: 'processed', Lines: 40, Placed: 40, Failed: 0, Errors: [] })
    const { rows } = await h.db.query<{ n: string }>("SELECT count(*) AS n FROM tickets WHERE file_id = $1 AND source = 'upload' AND user_id = 'mem1'", [fileId])
    t.equal(Number(rows[0]?.n), 40)
    const again = await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})
    t.equal(again.status, 409, 'a processed file is not placed twice')
    const list = await api(h, 'GET', '/api/v1/4d/files', tokens.ag1)
    t.equal(list.body.data[0].FileId, fileId)
  })

  t.test('progress moves while a job runs', async (t) => {
    // Three batches (UPLOAD_BATCH_LINES each at most), so progress has steps between 0 and 100 that last a batch's placement.
    const lines = Array.from({ length: 2 * UPLOAD_BATCH_LINES + 50 }, (_, i) => `mem1 3 ${String(3000 + i)} 1-`)
    const up = await upload(h, tokens.ag1, '4d', {}, lines.join('\r\n'))
    const fileId = up.body.data.FileId
    await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})
    const progress: number[] = []
    for (let i = 0; i < 2000; i++) {
      const { body } = await api(h, 'GET', `/api/v1/4d/files/processUpload/${fileId}/status`, tokens.ag1)
      if (progress[progress.length - 1] !== body.data.Progress) progress.push(body.data.Progress)
      if (body.data.Status === 'done') break
      await new Promise((resolve) => setImmediate(resolve))
    }
    t.equal(progress[progress.length - 1], 100)
    t.ok(progress.every((p, i) => i === 0 || p > (progress[i - 1] ?? 0)), `progress only grows: ${progress.join(', ')}`)
    // PGlite runs one connection, so a poll may only see the ends; on PostgreSQL a batch's step lasts its placement.
    if (kind === 'postgres') t.ok(progress.some((p) => p > 0 && p < 99), `progress seen between batches: ${progress.join(', ')}`)
  })

  t.test('a file with bad lines reports each by line number and position, and places the good ones', async (t) => {
    const content = ['mem1 3 1234 1-', 'mem1 3 12x4 1-', '', 'mem1 3 5678', 'mem2 3 1234 1-', 'mem1 3 123 1-', 'mem1 3 4321 1.5-'].join('\n')
    const up = await upload(h, tokens.ag1, '4d', { StrictNumber: 'false' }, content)
    const fileId = up.body.data.FileId
    await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}?AcceptDecimals=true`, tokens.ag1, {})
    const { last } = await waitForJob(h, tokens.ag1, '4d', fileId)
    t.match(last, { Status: 'done', FileStatus: 'processed', Lines: 6, Placed: 4, Failed: 2 })
    t.same(last.Errors.map((e: { Line: number, Position: number }) => [e.Line, e.Position]), [[2, 7], [4, 7]])
    t.match(last.Errors[1].Message, /5678 has no amount/)
    const { rows } = await h.db.query<{ user_id: string }>('SELECT user_id FROM tickets WHERE file_id = $1 ORDER BY ticket_id', [fileId])
    t.same(rows.map((r) => r.user_id), ['mem1', 'mem2', 'mem1', 'mem1'], 'mem2 is under ag1; 123 padded (StrictNumber off); 1.5 accepted (AcceptDecimals on)')
  })

  t.test('a batch with a line the credit cannot cover: the lines are placed in file order until the credit runs out, each refused one recorded', async (t) => {
    const credit = async () => Number((await h.db.query<{ c: string }>("SELECT credit_left AS c FROM users WHERE user_id = 'mem3'")).rows[0]?.c)
    const before = await credit()
    const fit = Math.floor(before / 10)
    const lines = Array.from({ length: fit + 30 }, (_, i) => `mem3 3 ${String(7000 + i)} 10-`)
    const up = await upload(h, tokens.ag1, '4d', {}, lines.join('\n'))
    const fileId = up.body.data.FileId
    await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})
    const { last } = await waitForJob(h, tokens.ag1, '4d', fileId)
    t.match(last, { Status: 'done', FileStatus: 'processed', Lines: fit + 30, Placed: fit, Failed: 30 })
    t.same(last.Errors.map((e: { Line: number }) => e.Line), Array.from({ length: 30 }, (_, i) => fit + 1 + i), 'the lines after the credit ran out')
    t.match(last.Errors[0].Message, /^Not enough credit/)
    const { rows } = await h.db.query<{ text: string }>('SELECT text FROM tickets WHERE file_id = $1 ORDER BY ticket_id', [fileId])
    t.same(rows.map((r) => r.text), lines.slice(0, fit), 'one ticket per placed line, in file order')
    t.equal(await credit(), Math.round((before - fit * 10) * 100) / 100, 'the credit taken is the placed lines\' stakes')
  })

  t.test('a job whose process kept dying fails visibly; processing the file again places only the lines not placed yet', async (t) => {
    const up = await upload(h, tokens.ag1, '4d', {}, ['mem1 3 6001 1-', 'mem1 3 6002 1-', 'mem1 3 6003 1-'].join('\n'))
    const fileId = up.body.data.FileId
    // As left by three processes killed in turn: line 1 placed and recorded, the job running under an expired lease, its attempts spent.
    await api(h, 'POST', '/api/v1/4d/bet/text', tokens.ag1, { Text: 'mem1 3 6001 1-' })
    await h.db.query("UPDATE tickets SET file_id = $1, source = 'upload' WHERE ticket_id = (SELECT max(ticket_id) FROM tickets)", [fileId])
    await h.db.query('INSERT INTO upload_lines (file_id, line_no, placed) VALUES ($1, 1, true)', [fileId])
    await h.db.query("UPDATE files SET file_status = 'processing' WHERE file_id = $1", [fileId])
    await h.db.query(`INSERT INTO jobs (kind, subject_id, user_id, payload, status, attempts, max_attempts, locked_by, locked_until, done_count, total_count, message, created_at, updated_at)
      VALUES ('upload', $1, 'ag1', '{"strictNumber":true,"acceptDecimals":false}', 'running', 3, 3, 'a dead process', now() - interval '1 second', 1, 3, 'Processed 1 of 3 lines.', now(), now())`, [fileId])
    h.app.jobs.wake()
    const failed = await waitForJob(h, tokens.ag1, '4d', fileId)
    t.match(failed.last, { Status: 'failed', Progress: 100, FileStatus: 'failed', Message: /^Failed after 3 attempts: it stopped without finishing 3 times/ })
    t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})).status, 200, 'a failed file may be processed again')
    const { last } = await waitForJob(h, tokens.ag1, '4d', fileId)
    t.match(last, { Status: 'done', FileStatus: 'processed', Lines: 3, Placed: 3, Failed: 0 })
    const { rows } = await h.db.query<{ text: string }>('SELECT text FROM tickets WHERE file_id = $1 ORDER BY ticket_id', [fileId])
    t.same(rows.map((r) => r.text), ['mem1 3 6001 1-', 'mem1 3 6002 1-', 'mem1 3 6003 1-'], 'line 1 was not placed again')
  })

  t.test('uploads need EnableUpload, files belong to their owner, delete', async (t) => {
    const denied = await upload(h, tokens.mem1, '4d', {}, 'mem1 3 1234 1-')
    t.equal(denied.status, 403)
    const missing = await h.call('POST', '/api/v1/4d/files/upload', { token: tokens.ag1, payload: { a: 1 } })
    t.equal(missing.statusCode, 400)
    const up = await upload(h, tokens.ag1, '4d', {}, 'mem1 3 1234 1-')
    const fileId = up.body.data.FileId
    t.equal((await api(h, 'GET', `/api/v1/4d/files/processUpload/${fileId}/status`, tokens.ag2)).status, 403, 'ag2 is below ag1, not above')
    t.equal((await api(h, 'GET', `/api/v1/4d/files/processUpload/${fileId}/status`, tokens.ag1)).status, 404, 'no job yet')
    t.same((await api(h, 'DELETE', `/api/v1/4d/files/${fileId}`, tokens.ag1)).body, { success: true, data: true })
    t.equal((await api(h, 'DELETE', `/api/v1/4d/files/${fileId}`, tokens.ag1)).status, 404)
  })

  t.test('a TOTO file on the tt prefix', async (t) => {
    const up = await upload(h, tokens.ag1, 'tt', {}, 'mem1 4 010203040506 -2\nmem1 4 TO -1')
    await api(h, 'POST', `/api/v1/tt/files/processUpload/${up.body.data.FileId}`, tokens.ag1, {})
    const { last } = await waitForJob(h, tokens.ag1, 'tt', up.body.data.FileId)
    t.match(last, { Status: 'done', Placed: 2, Failed: 0 })
  })
})
