import t from 'tap'
import { openDb } from '../../../server/shared/db.ts'
import { exited, onEachStore, signInTo, startGameApiProcess, type KillTest } from './kill-harness.ts'

const LINES = 150
// Each line slowed so the kill lands in the middle of the job (and PGlite's one connection answers polls).
const SLOW = { GAME_API_UPLOAD_LINE_DELAY_MS: '20' }

/** Uploads a file of LINES good lines and one bad one, starts its job, kills the process mid-job, starts it again, and checks the outcome. */
const killMidUpload: KillTest = async (t, env, store) => {
  const first = await startGameApiProcess(t, { ...env, ...SLOW })
  const ag1 = await signInTo(first.url, 'ag1')
  const lines = Array.from({ length: LINES }, (_, i) => `mem1 3 ${String(5000 + i)} 1-`)
  lines.splice(70, 0, 'mem1 3 12x4 1-')
  const form = new FormData()
  form.set('StrictNumber', 'true')
  form.set('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'kill.txt')
  const up = await ag1('POST', 'files/upload', form)
  t.equal(up.status, 200, JSON.stringify(up.body))
  const fileId = up.body.data.FileId as number
  t.equal((await ag1('POST', `files/processUpload/${fileId}`)).status, 200)

  let atKill: { Status: string, Progress: number } | undefined
  while (!atKill) {
    const { body } = await ag1('GET', `files/processUpload/${fileId}/status`)
    if (body.data.Status === 'done' || body.data.Status === 'failed') throw new Error(`the job ended before the kill: ${JSON.stringify(body.data)}`)
    if (body.data.Status === 'running' && body.data.Progress >= 10) atKill = body.data
    else await new Promise((resolve) => setTimeout(resolve, 20))
  }
  first.child.kill('SIGKILL')
  await exited(first.child)
  t.comment(`killed at ${atKill.Progress} %`)

  const second = await startGameApiProcess(t, { ...env, ...SLOW })
  const again = await signInTo(second.url, 'ag1')
  let last: any
  const deadline = Date.now() + 60_000
  const seen: number[] = []
  while (Date.now() < deadline) {
    const { body } = await again('GET', `files/processUpload/${fileId}/status`)
    last = body.data
    seen.push(last.Progress)
    if (last.Status === 'done' || last.Status === 'failed') break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  t.match(last, { Status: 'done', FileStatus: 'processed', Lines: LINES + 1, Placed: LINES, Failed: 1, Errors: [{ Line: 71 }] }, 'the job resumed after the restart and finished')
  t.ok(seen.every((p) => p >= atKill.Progress), `progress resumed where it stopped (${atKill.Progress} % at the kill; after: ${seen[0]} … ${seen[seen.length - 1]})`)
  second.child.kill('SIGTERM')
  await exited(second.child)

  const db = await openDb(store)
  t.teardown(() => db.close())
  const { rows: [tickets] } = await db.query<{ n: string, texts: string }>('SELECT count(*) AS n, count(DISTINCT text) AS texts FROM tickets WHERE file_id = $1', [fileId])
  t.equal(Number(tickets?.n), LINES, 'one ticket per good line')
  t.equal(Number(tickets?.texts), LINES, 'no line placed twice')
  const { rows: [job] } = await db.query<{ attempts: number, status: string }>("SELECT attempts, status FROM jobs WHERE kind = 'upload' AND subject_id = $1", [fileId])
  t.match(job, { status: 'done', attempts: 2 }, 'the second attempt, in the restarted process, finished the job')
}

await onEachStore(t, 'SIGKILL in the middle of an upload job: the restarted game API resumes it, placing no line twice', killMidUpload)
