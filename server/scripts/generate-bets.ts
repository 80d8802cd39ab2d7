// Benchmark data: N bets on one draw, spread over the demo hierarchy, placed in batches through the same placement code as the routes.
// Usage: node --import tsx server/scripts/generate-bets.ts --count 100000 [--draw <DrawId>] [--seed <n>] [--batch <bets per transaction>]
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import type { Db } from '../shared/db.ts'
import { openDb } from '../shared/db.ts'
import { loadSettings } from '../shared/env.ts'
import { migrate } from '../shared/migrate.ts'
import type { DrawSeries, Game } from '../game-api/betting/rules/index.ts'
import { ensureUpcomingDraws } from '../game-api/draws/store/draws.ts'
import { placeTickets, type TicketRequest } from '../game-api/betting/store/place.ts'
import { betMaker } from '../game-api/seed/betting-seed.ts'
import { seededRandom } from '../shared/seeded-random.ts'
import { seedDemoData } from '../game-api/seed/seed.ts'
import { SETUP_TRANSACTION_TIMEOUT_MS } from '../shared/transaction-guard.ts'

const BATCH = 5000

/** What the generator did. */
export interface GenerateSummary { drawId: number, game: Game, bets: number, seconds: number }

/** How many bets to place where; batch: bets per transaction (default 5,000); onBatch: told the bets placed so far after each commit. */
export interface GenerateOptions { count: number, drawId?: number | undefined, seed?: number, now?: Date, batch?: number, onBatch?: (placed: number) => void }

/** Places `count` one-line tickets (history mode: balances untouched) on a draw, default the next open SG4D draw; answers the draw and timing. */
export async function generateBets (db: Db, options: GenerateOptions): Promise<GenerateSummary> {
  const batch = options.batch ?? BATCH
  const now = options.now ?? new Date()
  await ensureUpcomingDraws(db, '4D', now)
  const { rows: [draw] } = options.drawId !== undefined
    ? await db.query<{ draw_id: number, game: Game, series: DrawSeries }>('SELECT draw_id, game, series FROM draws WHERE draw_id = $1', [options.drawId])
    : await db.query<{ draw_id: number, game: Game, series: DrawSeries }>("SELECT draw_id, game, series FROM draws WHERE series = 'SG4D' AND close_at > $1 ORDER BY close_at LIMIT 1", [now])
  if (!draw) throw new Error(`draw ${options.drawId ?? '(next SG4D)'} does not exist; pass --draw with an id from GET 4d/draw2`)
  const { rows: users } = await db.query<{ user_id: string }>("SELECT user_id FROM users WHERE role <> 'ADMIN' ORDER BY user_id")
  const bettors = users.map((u): [string, number] => [u.user_id, 1])
  const make = betMaker(seededRandom(options.seed ?? 4242))
  const started = performance.now()
  for (let done = 0; done < options.count; done += batch) {
    const size = Math.min(batch, options.count - done)
    const requests: TicketRequest[] = Array.from({ length: size }, () => {
      const userId = make.weighted(bettors)
      return {
        userId,
        placedBy: userId,
        game: draw.game,
        series: draw.series,
        drawIds: [Number(draw.draw_id)],
        dayCode: null,
        locId: null,
        source: 'upload',
        text: null,
        ...(draw.game === '4D' ? { fourD: [make.fourDLine()] } : { toto: [make.totoLine()] })
      }
    })
    // A big batch on a big book outlives a request's bound; it is setup work, bounded as the seed is.
    await db.transaction((tx) => placeTickets(tx, requests, 'history', now), { timeoutMs: SETUP_TRANSACTION_TIMEOUT_MS })
    options.onBatch?.(done + size)
  }
  // PGlite has no autovacuum: fresh statistics keep the report plans on hash joins.
  await db.query('ANALYZE bets, bet_levels, tickets, draw_number_totals, draw_user_totals')
  return { drawId: Number(draw.draw_id), game: draw.game, bets: options.count, seconds: (performance.now() - started) / 1000 }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '100000' }, draw: { type: 'string' }, seed: { type: 'string' }, batch: { type: 'string' } } })
  const count = Number(values.count)
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a whole number of at least 1')
  const batch = values.batch === undefined ? undefined : Number(values.batch)
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) throw new Error('--batch must be a whole number of at least 1')
  const settings = loadSettings()
  const url = settings.GAME_API_DATABASE_URL ?? process.env.DATABASE_URL
  const db = await openDb({ url, dataDir: join(settings.DATA_DIR, 'game-api') })
  try {
    await migrate(db, fileURLToPath(new URL('../game-api/migrations', import.meta.url)))
    await seedDemoData(db, new Date())
    const summary = await generateBets(db, { count, drawId: values.draw === undefined ? undefined : Number(values.draw), ...(values.seed ? { seed: Number(values.seed) } : {}), ...(batch ? { batch } : {}) })
    console.log(`placed ${summary.bets} ${summary.game} bets on draw ${summary.drawId} in ${summary.seconds.toFixed(1)} s (${Math.round(summary.bets / summary.seconds)} bets/s) on ${url ? 'PostgreSQL' : 'PGlite'}`)
  } finally {
    await db.close()
  }
}
