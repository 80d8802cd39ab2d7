// Placement as the book grows (issue #43: "the rate with 1,000,000 bets already on the draw stays within 15% of the rate on an
// empty draw"), on PostgreSQL in fresh schemas:
//   1. the book: BETTORS members added under ag1 and ag2, then BENCH_BOOK one-line bets of every 4D form on open SG4D draw B,
//      placed by generate-bets (placeTickets in history mode, BATCH bets a transaction: the aggregates and number_intake written
//      by placement's own code), timed; a sample of the aggregates checked against a recount from the bets;
//   2. throughput: POST 4d/bet straight to the game API (ag1's bearer token, one $1 line, 10 concurrent clients in a worker
//      thread, numbers over 0000-9999) on open draw A, which has no bets of the book, and on B, in interleaved rounds A, B, A, B;
//      prints full ÷ empty (median of paired rounds, goal 0.85);
//   3. the statements one placement runs on each draw (recorded from a request, rolled back, replayed under EXPLAIN (ANALYZE,
//      BUFFERS)): ag1's bet, ag1's bet on a number with a Limit Setting, mem1's bet (ag1's out-setting limit locks number_intake).
// Exits non-zero only when a placement fails or the aggregates disagree with their recount.
// Run: npm run bench -- place-book   (BENCH_BOOK, BENCH_SECONDS, BENCH_ROUNDS to change the defaults)
import pg from 'pg'
import type { Db } from '../../server/shared/db.ts'
import { generateBets } from '../../server/scripts/generate-bets.ts'
import { numberTotalsSelect, userTotalsSelect } from '../../server/game-api/betting/store/draw-totals-sql.ts'
import { measure as load, rps } from './lib/load.ts'
import { onPostgres, startBenchProduct, type PgSchema } from './lib/product.ts'
import { explainStatements, recordStatements, statementLabel, type PlanFigures, type RecordedStatement } from './lib/request-plans.ts'

const CLIENTS = 10
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** The book issue #43 names. */
const GOAL_BOOK = 1_000_000
/** The book the shared 2-core machine fills in under about 3 minutes through placement's code (400-900 bets/s; the fill prints its rate). */
const DEFAULT_BOOK = 80_000
const BOOK = Number(process.env.BENCH_BOOK ?? DEFAULT_BOOK)
/** Full ÷ empty, the goal of issue #43. */
const GOAL = 0.85
/** Bets per fill transaction. */
const BATCH = 20_000
/** Members added to the demo hierarchy, so the book spreads over many bettors (and their chains' rows). */
const BETTORS = 1000
/** Seconds between the fill's progress lines. */
const PROGRESS_SECONDS = 30

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const count = (n: number) => Math.round(n).toLocaleString('en-US')
const label = 'PostgreSQL'
const say = (line: string) => console.log(`${label}: ${line}`)

/** Bodies of one-line $1 bets on the draw, numbers 0000-9999 in a shuffled-looking order (as place.bench.ts). */
const betBodies = (drawId: number) =>
  Array.from({ length: 10_000 }, (_, i) => JSON.stringify({ DrawIds: [drawId], Lines: [{ Number: String((i * 7919) % 10_000).padStart(4, '0'), Big: 1, Small: 0 }], LocId: 'SG' }))

/** Adds BETTORS members, half under ag1 (as mem1) and half under ag2 (as mem2), each a copy of that member's settings. */
async function addBettors (db: Db): Promise<void> {
  const { rows } = await db.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'users' ORDER BY ordinal_position")
  const copied = rows.map((r) => r.column_name).filter((c) => !['user_id', 'login_id', 'parent_id', 'alias_id'].includes(c))
  for (const [template, parent] of [['mem1', 'ag1'], ['mem2', 'ag2']]) {
    await db.query(`INSERT INTO users (user_id, login_id, parent_id, alias_id, ${copied.join(', ')})
      SELECT $1 || 'm' || i, $1 || 'm' || i, $1, $1 || 'm' || i, ${copied.map((c) => `m.${c}`).join(', ')} FROM users m, generate_series(1, $3::int) AS i WHERE m.user_id = $2`,
    [parent, template, BETTORS / 2])
  }
}

/** The book on draw B through generate-bets, with progress lines on long fills; answers seconds and the first and last batch's rates. */
async function fill (db: Db, drawId: number) {
  const started = performance.now()
  let last = { at: started, placed: 0 }
  let printed = started
  const rates: number[] = []
  await generateBets(db, {
    count: BOOK,
    drawId,
    batch: BATCH,
    onBatch: (placed) => {
      const now = performance.now()
      rates.push((placed - last.placed) / ((now - last.at) / 1000))
      last = { at: now, placed }
      if (now - printed > PROGRESS_SECONDS * 1000 && placed < BOOK) {
        printed = now
        say(`  fill: ${count(placed)} of ${count(BOOK)} bets in ${((now - started) / 1000).toFixed(0)} s, the last batch at ${count(rates.at(-1) ?? 0)} bets/s`)
      }
    }
  })
  return { seconds: (performance.now() - started) / 1000, first: rates[0] ?? 0, last: rates.at(-1) ?? 0 }
}

/** VACUUM (ANALYZE) of the tables placement writes, on a connection of its own (no request's statement bound on a big book). */
async function vacuum (game: PgSchema): Promise<void> {
  const client = new pg.Client({ connectionString: game.url, options: `-c search_path=${game.schema}` })
  await client.connect()
  try { await client.query('VACUUM (ANALYZE) tickets, bets, bet_levels, draw_number_totals, draw_user_totals, number_intake') } finally { await client.end() }
}

/** Rows and size of the tables placement writes, and draw B's share of the rows. */
async function tableSizes (db: Db, drawId: number): Promise<string> {
  const tables = ['tickets', 'bets', 'bet_levels', 'draw_number_totals', 'draw_user_totals', 'number_intake']
  const parts: string[] = []
  for (const table of tables) {
    const onDraw = table === 'tickets' ? '' : `, ${count(Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE draw_id = $1`, [drawId])).rows[0]?.n))} on B`
    const { rows: [size] } = await db.query<{ n: string, mb: string }>(`SELECT (SELECT count(*) FROM ${table}) AS n, pg_total_relation_size('${table}') / 1048576.0 AS mb`)
    parts.push(`${table} ${count(Number(size?.n))}${onDraw} (${Number(size?.mb).toFixed(0)} MB)`)
  }
  return parts.join('; ')
}

/**
 * The draw's aggregates against a recount from its bets by the same SQL text: every bettor's bets counted once in
 * draw_user_totals, a sample of bettors' rows in both aggregates, and ag1's intake in number_intake. Answers the disagreements.
 */
async function checkAggregates (db: Db, drawId: number): Promise<string[]> {
  const problems: string[] = []
  const one = async (sql: string, params: unknown[]) => JSON.stringify((await db.query(sql, params)).rows[0])
  const bets = await one("SELECT count(*)::int AS bets FROM bets WHERE draw_id = $1 AND status <> 'void'", [drawId])
  const counted = await one('SELECT COALESCE(sum(bets), 0)::int AS bets FROM draw_user_totals WHERE draw_id = $1 AND level = 0', [drawId])
  if (bets !== counted) problems.push(`bets on the draw ${bets}, counted at level 0 of draw_user_totals ${counted}`)
  const sample = ['ag1m1', 'ag1m2', 'ag2m1', 'ag2m2']
  const sums = 'count(*)::int AS rows, sum(bets)::int AS bets, sum(amount_in) AS amount_in, sum(amount_kept) AS amount_kept'
  const numbers = [await one(`SELECT ${sums}, sum(pay_first) AS pay_first FROM draw_number_totals WHERE draw_id = $1 AND user_id = ANY($2::text[])`, [drawId, sample]),
    await one(`SELECT ${sums}, sum(pay_first) AS pay_first FROM (${numberTotalsSelect("b.draw_id = $1 AND l.user_id = ANY($2::text[]) AND b.status <> 'void'", 1)}) AS x`, [drawId, sample])]
  if (numbers[0] !== numbers[1]) problems.push(`draw_number_totals of ${sample.join(', ')}: stored ${numbers[0]}, recounted ${numbers[1]}`)
  const users = [await one(`SELECT ${sums}, sum(stake) AS stake FROM draw_user_totals WHERE draw_id = $1 AND bettor_id = ANY($2::text[])`, [drawId, sample]),
    await one(`SELECT ${sums}, sum(stake) AS stake FROM (${userTotalsSelect("b.draw_id = $1 AND b.user_id = ANY($2::text[]) AND b.status <> 'void'", 1)}) AS x`, [drawId, sample])]
  if (users[0] !== users[1]) problems.push(`draw_user_totals of ${sample.join(', ')}: stored ${users[0]}, recounted ${users[1]}`)
  const intake = [await one("SELECT round(COALESCE(sum(big), 0), 2) AS big, round(COALESCE(sum(small), 0), 2) AS small FROM number_intake WHERE draw_id = $1 AND user_id = 'ag1'", [drawId]),
    await one("SELECT round(COALESCE(sum(l.big_intake), 0), 2) AS big, round(COALESCE(sum(l.small_intake), 0), 2) AS small FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id WHERE l.draw_id = $1 AND l.user_id = 'ag1' AND b.status <> 'void'", [drawId])]
  if (intake[0] !== intake[1]) problems.push(`ag1's number_intake: stored ${intake[0]}, from its bet_levels ${intake[1]}`)
  return problems
}

/** The statements of one POST 4d/bet by token on the draw, recorded and rolled back, then replayed under EXPLAIN on it. */
async function placementPlans (db: Db, url: string, token: string, drawId: number, number: string, setup?: RecordedStatement): Promise<Array<{ statement: RecordedStatement, figures: PlanFigures }>> {
  const recorded = await recordStatements(db, async () => {
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ DrawIds: [drawId], Lines: [{ Number: number, Big: 1, Small: 0 }], LocId: 'SG' }) })
  }, setup)
  // The job runner polls the same database meanwhile; its claims are not placement's.
  const statements = recorded.filter((s) => !/\bjobs\b/.test(s.text))
  const figures = await explainStatements(db, statements, setup)
  return statements.map((statement, i) => ({ statement, figures: figures[i]! }))
}

async function run (game: PgSchema, store: PgSchema): Promise<number> {
  const product = await startBenchProduct({}, store, game)
  try {
    const db = product.gameDb
    const { rows: open } = await db.query<{ draw_id: number }>(
      "SELECT d.draw_id FROM draws d WHERE d.series = 'SG4D' AND d.close_at > now() AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.draw_id = d.draw_id) ORDER BY d.close_at LIMIT 2")
    if (open.length < 2) throw new Error('two open SG4D draws without bets are needed; the seed left fewer')
    const [empty, full] = open.map((d) => Number(d.draw_id)) as [number, number]
    await addBettors(db)
    // The load places thousands of $1 bets for ag1; its fixture credit is not what is measured.
    await db.query("UPDATE users SET credit_left = credit_left + 1000000 WHERE user_id = 'ag1'")

    // 1. The book.
    say(`the book: ${count(BOOK)} bets on draw B ${full}${BOOK === GOAL_BOOK ? '' : ` (issue #43 names ${count(GOAL_BOOK)}; BENCH_BOOK=${GOAL_BOOK} measures that; default ${count(DEFAULT_BOOK)} keeps this fill near 3 minutes)`}, ${count(BATCH)} a transaction, over ${count(BETTORS)} added members and the demo bettors, every 4D form`)
    const filled = await fill(db, full)
    say(`  filled in ${filled.seconds.toFixed(1)} s: ${count(BOOK / filled.seconds)} bets/s (the first batch at ${count(filled.first)}/s, the last at ${count(filled.last)}/s); ${count(GOAL_BOOK)} at the last rate would take ${(GOAL_BOOK / filled.last / 60).toFixed(0)} min`)
    // Vacuumed and analysed as a book that has sat a while is, so autovacuum does not wake on these tables during the rounds.
    const vacuumStarted = performance.now()
    await vacuum(game)
    say(`  vacuumed and analysed in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s; rows: ${await tableSizes(db, full)}`)
    const problems = await checkAggregates(db, full)
    say(`  aggregates against a recount from the bets (bets at level 0; draw_number_totals and draw_user_totals of 4 bettors; ag1's number_intake): ${problems.length === 0 ? 'agree' : `DISAGREE: ${problems.join(' | ')}`}`)

    // 2. Throughput, rounds A, B, A, B.
    const token = await product.gameToken('ag1')
    const url = `${product.gameApiUrl}/api/v1/4d/bet`
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
    const betsOn = async (drawId: number) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM bets WHERE draw_id = $1', [drawId])).rows[0]?.n)
    const before = { empty: await betsOn(empty), full: await betsOn(full) }
    const rates = { empty: [] as number[], full: [] as number[] }
    for (let i = 0; i < ROUNDS; i++) {
      for (const [which, drawId] of [['empty', empty], ['full', full]] as const) {
        const result = await load({ url, headers, bodies: betBodies(drawId), seconds: SECONDS, warmupSeconds: 1, connections: CLIENTS })
        if (result.failures > 0) throw new Error(`${result.failures} placements on draw ${drawId} failed, first: ${result.firstFailure}`)
        rates[which].push(rps(result))
      }
    }
    const after = { empty: await betsOn(empty), full: await betsOn(full) }
    const pairs = rates.full.map((f, i) => f / rates.empty[i]!)
    const ratio = median(pairs)
    say(`POST 4d/bet straight to the game API, one $1 line for ag1, ${CLIENTS} concurrent clients (worker thread), medians of ${ROUNDS} interleaved ${SECONDS} s rounds after a 1 s warm-up:`)
    say(`  empty draw A ${empty} (${count(before.empty)} bets before the rounds, ${count(after.empty)} after)   ${median(rates.empty).toFixed(0)} bets/s  (rounds ${rates.empty.map((r) => r.toFixed(0)).join(', ')})`)
    say(`  full draw B ${full} (${count(before.full)} bets before the rounds, ${count(after.full)} after)   ${median(rates.full).toFixed(0)} bets/s  (rounds ${rates.full.map((r) => r.toFixed(0)).join(', ')})`)
    say(`  ratio full ÷ empty ${ratio.toFixed(2)} (median of paired rounds; spread ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)}; goal ${GOAL} with ${count(GOAL_BOOK)} bets on the draw, issue #43; this book ${count(before.full)}) ${ratio >= GOAL ? 'meets' : 'MISSES'} the goal`)

    // 3. What one placement runs on each draw, and what the statements that could grow with the book scan.
    const { rows: [hot] } = await db.query<{ number: string }>("SELECT number FROM draw_number_totals WHERE draw_id = $1 AND user_id = 'admin' AND form = 'straight' ORDER BY bets DESC, number LIMIT 1", [full])
    const number = hot?.number ?? '1234'
    const limit: RecordedStatement = { text: "INSERT INTO bet_limits (game, number, bet_type, max_units, updated_by, updated_at) VALUES ('4D', $1, 'straight', 1000000, 'admin', now())", params: [number] }
    const memberToken = await product.gameToken('mem1')
    const cases = [
      { what: `ag1's $1 straight bet on ${number} (the load's bet; ${number} is B's most-bet straight number)`, token, setup: undefined },
      { what: `the same with a Limit Setting on straight ${number} (rolled back with the bet; written straight to bet_limits, as Limit Setting is TOTO's: the product makes no 4D limit, so 4D bets keep no index of limited numbers)`, token, setup: limit },
      { what: `mem1's $1 straight bet on ${number} (ag1's out-setting limit: number_intake read and locked)`, token: memberToken, setup: undefined }
    ]
    say('the statements one placement runs, recorded from a request and rolled back, replayed under EXPLAIN (ANALYZE, BUFFERS) on draw A and on draw B:')
    for (const c of cases) {
      const onEmpty = await placementPlans(db, url, c.token, empty, number, c.setup)
      const onFull = await placementPlans(db, url, c.token, full, number, c.setup)
      say(`  ${c.what}: ${onFull.length} statements, ${onEmpty.reduce((s, p) => s + p.figures.ms, 0).toFixed(1)} ms on A, ${onFull.reduce((s, p) => s + p.figures.ms, 0).toFixed(1)} ms on B`)
      say('       A ms     B ms   B buffers hit/read   statement | what it scans on B')
      // Each statement on B beside the same statement's run on A (a statement only one draw's placement ran has a dash).
      const onA = new Map<string, PlanFigures[]>()
      for (const p of onEmpty) onA.set(statementLabel(p.statement.text), [...onA.get(statementLabel(p.statement.text)) ?? [], p.figures])
      for (const { statement, figures } of onFull) {
        const a = onA.get(statementLabel(statement.text))?.shift()
        say(`    ${(a ? a.ms.toFixed(2) : '-').padStart(7)}  ${figures.ms.toFixed(2).padStart(7)}   ${`${figures.hit}/${figures.read}`.padStart(18)}   ${statementLabel(statement.text)} | ${figures.scans.join(', ') || 'no table'}`)
      }
    }
    return problems.length
  } finally {
    await product.close()
  }
}

const problems = await onPostgres('place_book', run)
if (problems === undefined) console.log('place-book bench: needs PostgreSQL; nothing measured')
else console.log(problems === 0 ? 'place-book bench: the aggregates agree with their recount' : `place-book bench: ${problems} disagreement(s) in the aggregates`)
process.exit(problems === undefined || problems === 0 ? 0 : 1)
