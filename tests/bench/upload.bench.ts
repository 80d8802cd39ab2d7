// A 10,000-line bet file placed by the upload job (issue #43: 1,000 lines/s or more on PostgreSQL), against its peer measured
// in the same run: single one-line bets straight to the game API (POST 4d/bet, 10 concurrent clients, as place.bench.ts).
// Prints the file's lines/s on each store and lines/s ÷ single bets/s; then checks, from the database, that every line became
// exactly one ticket and the credit taken equals their stakes (exits non-zero otherwise).
// PGlite in memory, then PostgreSQL (own schemas, dropped after) when it answers.
// Run: npm run bench -- upload   (BENCH_UPLOAD_LINES, BENCH_SECONDS to change the defaults)
import type { DbOptions } from '../../server/shared/db.ts'
import { measure as load, rps } from './lib/load.ts'
import { onPostgres, startBenchProduct } from './lib/product.ts'

const LINES = Number(process.env.BENCH_UPLOAD_LINES ?? 10_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const CLIENTS = 10
/** The upload's goal on PostgreSQL, issue #43. */
const GOAL_LINES_PER_SECOND = 1000

async function run (label: string, gameOn: DbOptions): Promise<number> {
  const product = await startBenchProduct({}, undefined, gameOn)
  try {
    const db = product.gameDb
    const token = await product.gameToken('ag1')
    const call = async (method: string, path: string, body?: FormData) => {
      const res = await fetch(`${product.gameApiUrl}/api/v1/4d/${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(body ? { body } : {}) })
      return { status: res.status, body: await res.json() as { data: Record<string, unknown> } }
    }

    // The peer: single bets on the next open draw, for one fixed-time round after a warm-up.
    const { rows: [draw] } = await db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE series = 'SG4D' AND close_at > now() ORDER BY close_at LIMIT 1")
    if (!draw) throw new Error(`${label}: no open SG4D draw`)
    const bodies = Array.from({ length: 10_000 }, (_, i) => JSON.stringify({ DrawIds: [draw.draw_id], LocId: 'SG', Lines: [{ Number: String((i * 7919) % 10_000).padStart(4, '0'), Big: 1, Small: 0 }] }))
    const single = await load({ url: `${product.gameApiUrl}/api/v1/4d/bet`, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, bodies, seconds: SECONDS, warmupSeconds: 1, connections: CLIENTS })
    if (single.failures > 0) throw new Error(`${label}: ${single.failures} single bets failed, first: ${single.firstFailure}`)

    // The file: one $1 line per number for ag1's next Wednesday draw, each line its own ticket.
    const lines = Array.from({ length: LINES }, (_, i) => `ag1 3 ${String((i * 7919) % 10_000).padStart(4, '0')} 1-`)
    const form = new FormData()
    form.set('StrictNumber', 'true')
    form.set('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'draw-day.txt')
    const up = await call('POST', 'files/upload', form)
    if (up.status !== 200) throw new Error(`${label}: upload refused: ${JSON.stringify(up.body)}`)
    const fileId = Number(up.body.data.FileId)
    const { rows: [credit] } = await db.query<{ c: string }>("SELECT credit_left AS c FROM users WHERE user_id = 'ag1'")
    const started = performance.now()
    const queued = await call('POST', `files/processUpload/${fileId}`)
    if (queued.status !== 200) throw new Error(`${label}: processUpload refused: ${JSON.stringify(queued.body)}`)
    let status: Record<string, unknown> = {}
    while (status.Status !== 'done' && status.Status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = (await call('GET', `files/processUpload/${fileId}/status`)).body.data
    }
    const seconds = (performance.now() - started) / 1000
    const linesPerSecond = LINES / seconds
    const singleRate = rps(single)
    console.log(`${label}: a ${LINES}-line bet file (one $1 4D line per ticket) placed by the upload job in ${seconds.toFixed(1)} s: ${linesPerSecond.toFixed(0)} lines/s${label === 'PostgreSQL' ? ` (goal ${GOAL_LINES_PER_SECOND}, issue #43)` : ''}`)
    console.log(`${label}:   single bets straight to the game API, ${CLIENTS} clients, ${SECONDS} s: ${singleRate.toFixed(0)} bets/s`)
    console.log(`${label}:   ratio upload lines/s ÷ single bets/s ${(linesPerSecond / singleRate).toFixed(2)}`)

    // The books: every line one ticket, the credit taken their stakes.
    const { rows: [tickets] } = await db.query<{ n: string, texts: string, stake: string | null }>('SELECT count(*) AS n, count(DISTINCT text) AS texts, sum(stake) AS stake FROM tickets WHERE file_id = $1', [fileId])
    const { rows: [after] } = await db.query<{ c: string }>("SELECT credit_left AS c FROM users WHERE user_id = 'ag1'")
    const taken = Math.round((Number(credit?.c) - Number(after?.c)) * 100) / 100
    const ok = status.Status === 'done' && status.Placed === LINES && Number(tickets?.n) === LINES && Number(tickets?.texts) === new Set(lines).size && taken === Number(tickets?.stake)
    console.log(`${label}:   job ${String(status.Status)}, placed ${String(status.Placed)}, failed ${String(status.Failed)}; ${tickets?.n} tickets, credit taken ${taken.toFixed(2)} = their stakes ${Number(tickets?.stake).toFixed(2)}: ${ok ? 'yes' : 'NO'}`)
    return ok ? 0 : 1
  } finally {
    await product.close()
  }
}

let problems = await run('PGlite', {})
problems += await onPostgres('upload', (game) => run('PostgreSQL', game)) ?? 0
console.log(problems === 0 ? 'upload bench: every line one ticket, credit exact' : `upload bench: ${problems} problem(s)`)
process.exit(problems === 0 ? 0 : 1)
