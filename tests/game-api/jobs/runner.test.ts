import { fileURLToPath } from 'node:url'
import t from 'tap'
import type { Db } from '../../../server/shared/db.ts'
import { migrate } from '../../../server/shared/migrate.ts'
import { JobRunner, RunLater, enqueueJob, percentDone, type JobContext } from '../../../server/game-api/jobs/runner.ts'
import { uncodedMessage as said } from '../../../server/game-api/jobs/messages.ts'
import { drawErrors } from '../../../server/game-api/draws/errors.ts'
import { eachDatabase, freshDb } from '../../helpers/db.ts'

const migrations = fileURLToPath(new URL('../../../server/game-api/migrations', import.meta.url))

/** Waits until check answers true (polling), or fails after timeoutMs. */
async function until (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!await check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

interface JobState { status: string, attempts: number, message: string, done_count: number, total_count: number, locked_by: string | null }
const stateOf = async (db: Db, id: number) => (await db.query<JobState>('SELECT status, attempts, message, done_count, total_count, locked_by FROM jobs WHERE job_id = $1', [id])).rows[0] as JobState

/** A promise with its resolve, to hold a handler at a point of the test's choosing. */
function gate () {
  let open = () => {}
  const opened = new Promise<void>((resolve) => { open = resolve })
  return { open, opened }
}

t.test('percentDone: done and failed are 100, a running job its share below 100', async (t) => {
  t.equal(percentDone('done', 0, 0), 100)
  t.equal(percentDone('failed', 3, 10), 100)
  t.equal(percentDone('running', 3, 10), 30)
  t.equal(percentDone('running', 10, 10), 99, 'running never shows 100: the file figures are not written yet')
  t.equal(percentDone('queued', 0, 0), 0)
})

t.test('a kind has one handler', async (t) => {
  const runner = new JobRunner({} as Db)
  runner.register('a', { run: async () => said('ok') })
  t.throws(() => runner.register('a', { run: async () => said('ok') }), /registered already/)
})

eachDatabase(t, async (t, kind) => {
  const db = await freshDb(t, kind)
  await migrate(db, migrations)
  /** A second runner's own connections (PGlite: the same single connection), as another instance would have. */
  const other = await db.fork(4)
  t.teardown(() => other.close())

  t.test('two runners on the same database run each job exactly once', async (t) => {
    const ran: Array<{ id: number, by: string }> = []
    const ids = []
    for (let i = 0; i < 12; i++) ids.push(await enqueueJob(db, { kind: 'once', payload: { i } }))
    const runners = [new JobRunner(db, { pollMs: 5 }), new JobRunner(other, { pollMs: 5 })]
    for (const runner of runners) {
      runner.register('once', {
        run: async (job) => {
          ran.push({ id: job.id, by: runner.workerId })
          await new Promise((resolve) => setTimeout(resolve, 5))
          return said(`ran ${(job.payload as { i: number }).i}`)
        }
      })
      runner.start()
    }
    await until(async () => (await db.query("SELECT 1 FROM jobs WHERE kind = 'once' AND status <> 'done'")).rowCount === 0, 'every job done')
    await Promise.all(runners.map((r) => r.stop()))
    t.same(ran.map((r) => r.id).sort((a, b) => a - b), ids, 'each job ran once')
    const { rows } = await db.query<{ attempts: number, message: string, locked_by: string | null }>("SELECT attempts, message, locked_by FROM jobs WHERE kind = 'once' ORDER BY job_id")
    t.same(rows.map((r) => Number(r.attempts)), ids.map(() => 1))
    t.same(rows.map((r) => r.message), ids.map((_, i) => `ran ${i}`))
    t.ok(rows.every((r) => r.locked_by === null), 'a finished job holds no lease')
    if (kind === 'postgres') t.equal(new Set(ran.map((r) => r.by)).size, 2, 'on PostgreSQL both runners took jobs')
  })

  t.test('two runners claiming at the same moment: one gets the job', async (t) => {
    const id = await enqueueJob(db, { kind: 'race' })
    const count: string[] = []
    const runners = [new JobRunner(db), new JobRunner(other)]
    for (const runner of runners) runner.register('race', { run: async () => { count.push(runner.workerId); return said('ok') } })
    const claimed = await Promise.all(runners.map((r) => r.runOnce()))
    t.same(claimed.filter(Boolean).length, 1)
    t.equal(count.length, 1)
    t.equal((await stateOf(db, id)).status, 'done')
  })

  t.test('progress is written while the job runs', async (t) => {
    const id = await enqueueJob(db, { kind: 'progress', message: said('Waiting.') })
    const runner = new JobRunner(db)
    const halfway = gate()
    const resume = gate()
    runner.register('progress', {
      run: async (_job, { progress }) => {
        await progress(3, 10, said('Processed 3 of 10.'))
        halfway.open()
        await resume.opened
        // Progress written in the step's own transaction commits with it.
        await db.transaction((tx) => progress(10, 10, said('Processed 10 of 10.'), tx))
        return said('All 10 done.')
      }
    })
    const running = runner.runOnce()
    await halfway.opened
    t.match(await stateOf(db, id), { status: 'running', done_count: 3, total_count: 10, message: 'Processed 3 of 10.', attempts: 1 })
    t.equal((await stateOf(db, id)).locked_by, runner.workerId)
    resume.open()
    t.equal(await running, true)
    t.match(await stateOf(db, id), { status: 'done', done_count: 10, total_count: 10, message: 'All 10 done.', locked_by: null })
  })

  t.test('a throwing job is tried again, then fails with its message recorded and its failed hook run once', async (t) => {
    const id = await enqueueJob(db, { kind: 'boom', maxAttempts: 2 })
    const runner = new JobRunner(db, { retryMs: 0 })
    const failed: string[] = []
    runner.register('boom', {
      run: async () => { throw new Error('the disk is full') },
      failed: async (_job, message) => { failed.push(message) }
    })
    t.equal(await runner.runOnce(), true)
    t.match(await stateOf(db, id), { status: 'queued', attempts: 1, message: 'Attempt 1 of 2 failed: the disk is full; trying again.', locked_by: null })
    t.equal(await runner.runOnce(), true)
    t.match(await stateOf(db, id), { status: 'failed', attempts: 2, message: 'Failed after 2 attempts: the disk is full' })
    t.same(failed, ['Failed after 2 attempts: the disk is full'])
    t.equal(await runner.runOnce(), false, 'a failed job is not claimed again')
  })

  t.test('a failure is stored as a code and values too: a refusal keeps its own, so the page says it in the user\'s language', async (t) => {
    // A refusal of the game API's own catalogue (a code is catalogued once, with one text).
    const drawBusy = drawErrors.drawBusy
    const text = 'Draw 7 is being finalised; wait until its finalise job in Draw Setting ends.'
    const id = await enqueueJob(db, { kind: 'refused', maxAttempts: 2 })
    const runner = new JobRunner(db, { retryMs: 0 })
    runner.register('refused', { run: async () => { throw drawBusy(7) } })
    const coding = async () => (await db.query<{ message: string, message_code: string, message_values: unknown }>('SELECT message, message_code, message_values FROM jobs WHERE job_id = $1', [id])).rows[0]
    t.same(await coding(), { message: 'Waiting to start.', message_code: 'GA_JOB_WAITING', message_values: {} }, 'queued: the runner\'s own waiting message')
    await runner.runOnce()
    const reason = { code: 'GA_DRAW_BUSY', values: { 0: '7' }, text }
    t.same(await coding(), { message: `Attempt 1 of 2 failed: ${text}; trying again.`, message_code: 'GA_JOB_RETRYING', message_values: { attempt: 1, attempts: 2, reason } })
    await runner.runOnce()
    t.same(await coding(), { message: `Failed after 2 attempts: ${text}`, message_code: 'GA_JOB_GAVE_UP', message_values: { count: 2, reason } }, 'the refusal inside, with its code and values')
  })

  t.test('a job whose runner died is claimed again once its lease has expired; the dead runner cannot write after that', async (t) => {
    const id = await enqueueJob(db, { kind: 'lease' })
    // The first runner never renews its lease (heartbeat far beyond the lease): as if its process had stopped.
    const dying = new JobRunner(db, { leaseMs: 200, heartbeatMs: 60_000 })
    const survivor = new JobRunner(other, { leaseMs: 200 })
    const claimed = gate()
    const wakeDead = gate()
    let lost: unknown
    dying.register('lease', {
      run: async (_job, { progress }) => {
        claimed.open()
        await wakeDead.opened
        try { await progress(1, 1, said('the dead runner writes')) } catch (error) { lost = error; throw error }
        return said('the dead runner finished')
      }
    })
    survivor.register('lease', { run: async (_job, { progress }) => { await progress(1, 1, said('resumed')); return said('resumed and done') } })
    const dead = dying.runOnce()
    await claimed.opened
    t.equal(await survivor.runOnce(), false, 'a live lease is not taken')
    await until(() => survivor.runOnce(), 'the lease to expire and the job to be claimed again')
    t.match(await stateOf(db, id), { status: 'done', attempts: 2, message: 'resumed and done' })
    wakeDead.open()
    await dead
    t.match(lost, { name: 'LeaseLost' })
    t.match(await stateOf(db, id), { status: 'done', message: 'resumed and done' }, 'the dead runner changed nothing')
  })

  t.test('the heartbeat keeps a long job\'s lease', async (t) => {
    const id = await enqueueJob(db, { kind: 'long' })
    const runner = new JobRunner(db, { leaseMs: 150, heartbeatMs: 30 })
    const other1 = new JobRunner(other, { leaseMs: 150 })
    const started = gate()
    const finish = gate()
    runner.register('long', { run: async () => { started.open(); await finish.opened; return said('long done') } })
    other1.register('long', { run: async () => said('stolen') })
    const running = runner.runOnce()
    await started.opened
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      t.equal(await other1.runOnce(), false, `still held after ${(i + 1) * 100} ms`)
    }
    finish.open()
    await running
    t.match(await stateOf(db, id), { status: 'done', attempts: 1, message: 'long done' })
  })

  t.test('a job whose runners kept dying fails visibly once its attempts are spent', async (t) => {
    const id = await enqueueJob(db, { kind: 'doomed', maxAttempts: 2 })
    await db.query("UPDATE jobs SET status = 'running', attempts = 2, locked_by = 'gone', locked_until = now() - interval '1 second' WHERE job_id = $1", [id])
    const runner = new JobRunner(db)
    const failed: string[] = []
    let ran = false
    runner.register('doomed', { run: async () => { ran = true; return said('no') }, failed: async (_job, message) => { failed.push(message) } })
    t.equal(await runner.runOnce(), true)
    t.equal(ran, false, 'the handler is not run a third time')
    t.match(await stateOf(db, id), { status: 'failed', message: /Failed after 2 attempts: it stopped without finishing 2 times/ })
    t.equal(failed.length, 1)
  })

  t.test('wake starts a queued job without waiting for the next poll', async (t) => {
    const runner = new JobRunner(db, { pollMs: 60_000 })
    runner.register('woken', { run: async () => said('woken') })
    runner.start()
    t.teardown(() => runner.stop())
    await new Promise((resolve) => setTimeout(resolve, 50))
    const id = await enqueueJob(db, { kind: 'woken' })
    runner.wake()
    await until(async () => (await stateOf(db, id)).status === 'done', 'the woken job to finish', 5000)
    t.pass('ran well before the 60 s poll')
  })

  t.test('stopping the runner puts the current job back in the queue, this attempt not counted', async (t) => {
    const id = await enqueueJob(db, { kind: 'stoppable' })
    const runner = new JobRunner(db, { pollMs: 5 })
    const steps: number[] = []
    runner.register('stoppable', {
      run: async (_job, { signal }: JobContext) => {
        for (let i = 0; ; i++) {
          signal.throwIfAborted()
          steps.push(i)
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
      }
    })
    runner.start()
    await until(() => steps.length > 2, 'the job to run a few steps')
    await runner.stop()
    const stepsAtStop = steps.length
    t.match(await stateOf(db, id), { status: 'queued', attempts: 0, locked_by: null })
    await new Promise((resolve) => setTimeout(resolve, 30))
    t.equal(steps.length, stepsAtStop, 'a stopped runner runs nothing more')
  })

  t.test('RunLater puts the job back for a while without spending an attempt (a send rate spoken for)', async (t) => {
    const id = await enqueueJob(db, { kind: 'later', maxAttempts: 1 })
    const runner = new JobRunner(db, { pollMs: 5 })
    const runs: number[] = []
    runner.register('later', {
      run: async () => {
        runs.push(Date.now())
        if (runs.length < 3) throw new RunLater(80, said('Waiting for the gateway\'s send rate.'))
        return said('sent')
      }
    })
    runner.start()
    t.teardown(() => runner.stop())
    await until(async () => (await stateOf(db, id)).status === 'done', 'the job to run once its turn came', 5000)
    t.match(await stateOf(db, id), { status: 'done', attempts: 1, message: 'sent' }, 'two deferrals, one attempt, with max_attempts 1')
    t.ok((runs[1] ?? 0) - (runs[0] ?? 0) >= 60 && (runs[2] ?? 0) - (runs[1] ?? 0) >= 60, `each deferral waited (${runs.map((r) => r - (runs[0] ?? 0)).join(', ')} ms)`)
  })
})
