// Placing 4D bets with 10 concurrent clients, and no overspent credit:
//   1. throughput: POST 4d/bet through the service (signed in as ag1, CSRF, gate, audit, proxy) against the same
//      placements straight to the game API (ag1's bearer token), interleaved fixed-time rounds, clients in a worker thread
//      (on PostgreSQL the game API is a process of its own, as deployed; PGlite is embedded, so there it shares this one);
//   2. credit race: 10 clients (5 through the service, 5 straight to the game API) place for mem1, whose fixture
//      CreditLeft runs out during the run;
//   each round also measures the store's own transaction rate (PostgreSQL: pgbench TPC-B, 10 clients; PGlite: the same transaction
//   on a PGlite of its own; see lib/store-rate.ts) and prints placement straight to the game API ÷ that rate (issue #43, goal 0.3);
//   then, from the database: no user's CreditLeft below zero, and each user's credit taken equals the stakes of the
//   charged tickets placed in the run (prints "overspent: 0"; exits non-zero otherwise).
// PGlite in memory, then PostgreSQL (own schemas, dropped after) when it answers.
// Run: npm run bench -- place   (BENCH_SECONDS, BENCH_ROUNDS to change the defaults)
import type { DbOptions } from '../../server/shared/db.ts'
import { measure as load, rps } from './lib/load.ts'
import { onPostgres, startBenchProduct } from './lib/product.ts'
import { pgliteStoreRate, storeRate, type StoreRate } from './lib/store-rate.ts'

const CLIENTS = 10
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const RACE_CAP_SECONDS = 60
/** Untimed load on each path before the first round: the game API's own process starts with a cold JIT, which made round 1 the slowest every run. */
const WARMUP_SECONDS = 2
/** The race's bet: Big 4 + Small 3, so mem1's fixture CreditLeft (879.50) runs out with 4.50 left, less than one more bet. */
const RACE_LINE = { Big: 4, Small: 3 }
/** Placement straight to the game API ÷ the store's own transaction rate, the goal of issue #43. */
const STORE_GOAL = 0.3

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Bodies of one-line $1 bets on the draw, numbers 0000-9999 in a shuffled-looking order. */
const betBodies = (drawId: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: 10_000 }, (_, i) => JSON.stringify({ DrawIds: [drawId], Lines: [{ Number: String((i * 7919) % 10_000).padStart(4, '0'), Big: 1, Small: 0 }], ...extra }))

async function run (label: string, gameOn: DbOptions, storeOn?: { url: string, schema: string }, peer?: StoreRate): Promise<number> {
  // On PostgreSQL the game API runs as its own process, as deployed, so the service's work never queues behind the game API's on one thread;
  // PGlite is embedded, so there both run in this process.
  const product = await startBenchProduct({}, storeOn, gameOn, { gameApiProcess: storeOn !== undefined })
  try {
    const db = product.gameDb
    const { rows: [draw] } = await db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE series = 'SG4D' AND close_at > now() ORDER BY close_at LIMIT 1")
    if (!draw) throw new Error(`${label}: no open SG4D draw`)
    const drawId = Number(draw.draw_id)
    const before = new Map((await db.query<{ user_id: string, credit_left: string }>('SELECT user_id, credit_left FROM users')).rows.map((r) => [r.user_id, Number(r.credit_left)]))
    const { rows: [{ max: lastTicket } = { max: 0 }] } = await db.query<{ max: string | null }>('SELECT COALESCE(max(ticket_id), 0) AS max FROM tickets')

    // 1. Throughput.
    const agent = await product.signIn('ag1')
    const agentToken = await product.gameToken('ag1')
    const jobs = {
      service: { url: `${product.serviceUrl}/api/v1/4d/bet`, headers: { 'content-type': 'application/json', cookie: agent.cookie, 'x-csrf-token': agent.csrf }, bodies: betBodies(drawId) },
      direct: { url: `${product.gameApiUrl}/api/v1/4d/bet`, headers: { 'content-type': 'application/json', authorization: `Bearer ${agentToken}` }, bodies: betBodies(drawId, { LocId: 'SG' }) }
    }
    // What the service reads from the game API on its own (user context: profile, locations, settings) while it places bets.
    const gameApi = product.service.gameApi
    const call = gameApi.call
    let ownReads = 0
    gameApi.call = (c) => { ownReads++; return call(c) }
    const lastTicketNow = async () => Number((await db.query<{ max: string }>('SELECT COALESCE(max(ticket_id), 0) AS max FROM tickets')).rows[0]?.max)
    let servicePlacements = 0
    const rates = { service: [] as number[], direct: [] as number[], store: [] as number[] }
    for (const path of ['direct', 'service'] as const) await load({ ...jobs[path], seconds: WARMUP_SECONDS, warmupSeconds: 0, connections: CLIENTS })
    for (let i = 0; i < ROUNDS; i++) {
      if (peer) rates.store.push(await peer.measure(SECONDS, CLIENTS))
      for (const path of ['direct', 'service'] as const) {
        const ticketBefore = await lastTicketNow()
        const result = await load({ ...jobs[path], seconds: SECONDS, warmupSeconds: 1, connections: CLIENTS })
        if (result.failures > 0) throw new Error(`${label}: ${result.failures} placements ${path} failed, first: ${result.firstFailure}`)
        rates[path].push(rps(result))
        // Direct rounds never reach the service, so every read counted belongs to a service round.
        if (path === 'service') servicePlacements += await lastTicketNow() - ticketBefore
      }
    }
    gameApi.call = call
    const pairs = rates.service.map((s, i) => s / rates.direct[i]!)
    console.log(`${label}: POST 4d/bet, one $1 line for ag1 on draw ${drawId}, ${CLIENTS} concurrent clients (worker thread), medians of ${ROUNDS} interleaved ${SECONDS} s rounds after ${WARMUP_SECONDS} s of warm-up on each path and 1 s before each round${storeOn ? '; the game API in a process of its own, the service in this one' : '; the game API and the service in this process'}:`)
    console.log(`${label}:   straight to the game API   ${median(rates.direct).toFixed(0)} bets/s  (rounds ${rates.direct.map((r) => r.toFixed(0)).join(', ')})`)
    console.log(`${label}:   through the service        ${median(rates.service).toFixed(0)} bets/s  (rounds ${rates.service.map((r) => r.toFixed(0)).join(', ')})`)
    console.log(`${label}:   ratio service / game API ${median(pairs).toFixed(2)} (median of paired rounds; spread ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)})`)
    if (peer) {
      const ofStore = rates.direct.map((d, i) => d / rates.store[i]!)
      console.log(`${label}:   the store's own transactions: ${peer.how}, ${CLIENTS} clients, ${median(rates.store).toFixed(0)} per s  (rounds ${rates.store.map((r) => r.toFixed(0)).join(', ')})`)
      console.log(`${label}:   ratio game API bets / store transactions ${median(ofStore).toFixed(3)} (median of paired rounds; spread ${Math.min(...ofStore).toFixed(3)}-${Math.max(...ofStore).toFixed(3)}; goal ${STORE_GOAL}, issue #43)`)
    }
    console.log(`${label}:   the service's own game API reads while placing: ${(ownReads / servicePlacements).toFixed(2)} per placement (${ownReads} for ${servicePlacements} tickets; a mutating call marks the session's cached profile stale for GET /ui/session)`)

    // 2. Credit race: half the clients through the service, half straight to the game API, all on mem1's credit, until every client is refused for credit.
    const member = await product.signIn('mem1')
    const memberToken = await product.gameToken('mem1')
    const raceBody = (i: number, direct: boolean) => JSON.stringify({ DrawIds: [drawId], Lines: [{ Number: String(i % 10_000).padStart(4, '0'), ...RACE_LINE }], ...(direct ? { LocId: 'SG' } : {}) })
    const tally = { placed: 0, refused: 0, other: [] as string[] }
    const raceStarted = performance.now()
    await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
      const direct = c % 2 === 1
      const url = direct ? jobs.direct.url : jobs.service.url
      const headers: Record<string, string> = direct ? { 'content-type': 'application/json', authorization: `Bearer ${memberToken}` } : { 'content-type': 'application/json', cookie: member.cookie, 'x-csrf-token': member.csrf }
      for (let i = c; performance.now() - raceStarted < RACE_CAP_SECONDS * 1000; i += CLIENTS) {
        const res = await fetch(url, { method: 'POST', headers, body: raceBody(i, direct) })
        const text = await res.text()
        if (res.status === 200) { tally.placed++; continue }
        if (res.status === 409 && text.includes('Not enough credit')) { tally.refused++; return }
        tally.other.push(`${res.status} ${text.slice(0, 200)}`)
        return
      }
    }))
    const raceSeconds = (performance.now() - raceStarted) / 1000
    const stake = RACE_LINE.Big + RACE_LINE.Small
    const memberBefore = before.get('mem1') ?? 0
    console.log(`${label}: credit race: mem1 with CreditLeft ${memberBefore.toFixed(2)}, $${stake} bets, ${CLIENTS} clients (5 via the service, 5 direct): ${tally.placed} placed, ${tally.refused} refused for credit, in ${raceSeconds.toFixed(1)} s (${((tally.placed + tally.refused) / raceSeconds).toFixed(0)} answers/s); at most ${Math.floor(memberBefore / stake)} fit`)
    if (tally.other.length > 0) throw new Error(`${label}: unexpected answers in the credit race: ${tally.other.join(' | ')}`)

    // 3. The books, from the database.
    const after = (await db.query<{ user_id: string, credit_left: string }>('SELECT user_id, credit_left FROM users ORDER BY user_id')).rows
    const charged = new Map((await db.query<{ user_id: string, stake: string, tickets: string }>(
      'SELECT user_id, sum(stake) AS stake, count(*) AS tickets FROM tickets WHERE ticket_id > $1 AND charged GROUP BY user_id', [lastTicket ?? 0])).rows.map((r) => [r.user_id, { stake: Number(r.stake), tickets: Number(r.tickets) }]))
    const cents = (x: number) => Math.round(x * 100)
    const overspent = after.filter((u) => Number(u.credit_left) < 0)
    const mismatched = after.filter((u) => cents((before.get(u.user_id) ?? 0) - Number(u.credit_left)) !== cents(charged.get(u.user_id)?.stake ?? 0))
    for (const [userId, c] of charged) {
      const left = Number(after.find((u) => u.user_id === userId)?.credit_left)
      console.log(`${label}:   ${userId}: ${c.tickets} charged tickets, stakes ${c.stake.toFixed(2)}, credit taken ${((before.get(userId) ?? 0) - left).toFixed(2)}, CreditLeft ${left.toFixed(2)}`)
    }
    const memberLeft = Number(after.find((u) => u.user_id === 'mem1')?.credit_left)
    const ranOut = memberLeft < stake && tally.refused === CLIENTS
    console.log(`${label}: overspent: ${overspent.length}${overspent.length > 0 ? ` (${overspent.map((u) => `${u.user_id} ${u.credit_left}`).join(', ')})` : ''}; credit taken ≠ charged stakes: ${mismatched.length}${mismatched.length > 0 ? ` (${mismatched.map((u) => u.user_id).join(', ')})` : ''}; mem1's credit ran out: ${ranOut ? 'yes' : 'NO'}`)
    return overspent.length + mismatched.length + (ranOut ? 0 : 1)
  } finally {
    await product.close()
  }
}

const pglitePeer = await pgliteStoreRate()
let problems = await run('PGlite', {}, undefined, pglitePeer).finally(() => pglitePeer.close())
problems += await onPostgres('place', async (game, store) => {
  const peer = await storeRate(game.url, `bench_place_tpcb_${process.pid}`)
  try { return await run('PostgreSQL', game, store, peer) } finally { await peer.close() }
}) ?? 0
console.log(problems === 0 ? 'place bench: no overspent credit' : `place bench: ${problems} problem(s) with credit`)
process.exit(problems === 0 ? 0 : 1)
