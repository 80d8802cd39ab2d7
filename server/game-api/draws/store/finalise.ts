// Finalising a draw: its bets settled a batch per transaction, then the money booked to the ledger in one set-based step.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { zoneDayTime } from '../../../../schemas/domain/calendar.ts'
import { levelRowsOf, openBetBatch } from './draw-batches.ts'
import { addSettledPayouts } from './settled-totals.ts'
import type { DrawRow } from '../types.ts'
import { drawErrors } from '../errors.ts'
import { bookDrawMoney } from './ledger.ts'
import { settleThrows } from './throw-settlement.ts'
import { settleBatch, shareWinners, type BatchOutcome } from '../rules/settle-batch.ts'
import { existingDraw } from './draw-by-id.ts'
import { jobMessages, type JobMessage } from '../../jobs/messages.ts'

/** What finalising a draw did. */
export interface SettleSummary { DrawId: number, Bets: number, Winners: number, Strikes: number, Payout: number }

/** Where a finaliser reports how far it got; the step's transaction is passed so progress commits with it. */
export type FinaliseProgress = (done: number, total: number, message: JobMessage, q: Queryable) => Promise<void>

/** Runs steps in transactions: the database, or (the seed) steps inside one transaction already open. */
export interface Steps { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }

/** Steps that all run in the caller's open transaction. */
export const inTransaction = (tx: Queryable): Steps => ({ transaction: (fn) => fn(tx) })

/** Checks a draw may be finalised now: it exists, has a result and is closed (finalised already is not an error: finalising is idempotent). */
export async function lockFinalisable (q: Queryable, drawId: number, now: Date, game?: Game): Promise<DrawRow> {
  const draw = await existingDraw(q, drawId, { ...(game === undefined ? {} : { game }), forUpdate: true })
  if (draw.is_finalised) return draw
  if (draw.result === null || draw.result === undefined) throw drawErrors.noResult(drawId)
  if (new Date(draw.close_at).getTime() > now.getTime() && draw.closed_by_hand !== true) throw drawErrors.drawNotClosed(drawId, zoneDayTime(new Date(draw.close_at)))
  return draw
}

/**
 * Settles every open bet of a draw and books its money; running it again (or after a crash part-way) settles only what is left
 * and books once, because each batch and the booking lock the draw row and the booking is skipped once the draw is finalised.
 */
export async function finaliseDraw (db: Steps, drawId: number, now: Date, progress: FinaliseProgress = async () => {}, signal?: AbortSignal): Promise<SettleSummary> {
  const { total, done: already } = await db.transaction(async (tx) => {
    const draw = await lockFinalisable(tx, drawId, now)
    const { rows: [counts] } = await tx.query<{ total: string, done: string }>(
      "SELECT count(*) FILTER (WHERE status <> 'void') AS total, count(*) FILTER (WHERE status IN ('won', 'lost')) AS done FROM bets WHERE draw_id = $1", [drawId])
    return { total: draw.is_finalised ? 0 : Number(counts?.total ?? 0), done: Number(counts?.done ?? 0) }
  })
  let done = already
  // Keyset: each batch starts after the last one's bets (a resumed run starts at 0 and finds only what is still open).
  let after = 0
  for (;;) {
    signal?.throwIfAborted()
    const settled = await db.transaction(async (tx) => {
      const draw = await lockFinalisable(tx, drawId, now)
      if (draw.is_finalised) return 0
      const bets = await openBetBatch(tx, draw, after)
      if (bets.length === 0) return 0
      after = Number(bets[bets.length - 1]?.bet_id)
      const outcome = settleBatch(draw.game, draw.result, bets)
      const levelPays = shareWinners(outcome, await levelRowsOf(tx, outcome.winners.map((w) => w.betId)))
      await writeBatch(tx, drawId, outcome, levelPays, now)
      done += bets.length
      await progress(done, total, jobMessages.finaliseSettling({ done, count: total }), tx)
      return bets.length
    })
    if (settled === 0) break
  }
  await db.transaction(async (tx) => {
    const draw = await lockFinalisable(tx, drawId, now)
    if (draw.is_finalised) return
    // Every bet still open lost: one set-based UPDATE, not one per batch (a resumed run re-reads them, and only winners are written).
    await tx.query("UPDATE bets SET status = 'lost', settled_at = $2 WHERE draw_id = $1 AND status = 'open'", [drawId, now])
    // Throws leave the throwing level's book with their payout, once every strike is written (server/docs/game-rules.md).
    await settleThrows(tx, drawId, draw.game)
    await bookDrawMoney(tx, drawId, Number(draw.finalise_count ?? 0) + 1, now)
    // The bets that could not win are settled by that UPDATE, so every bet is settled now.
    await progress(total, total, jobMessages.finaliseBooked({ count: total }), tx)
  })
  return db.transaction((tx) => settleSummary(tx, drawId))
}

/** Writes one settled batch's winners: their payouts, the levels' parts and the strikes (the rest are marked lost once, at the end). */
async function writeBatch (q: Queryable, drawId: number, outcome: BatchOutcome, levelPays: ReturnType<typeof shareWinners>, now: Date): Promise<void> {
  const { winners, strikes } = outcome
  if (winners.length > 0) {
    await q.query("UPDATE bets b SET status = 'won', payout = x.p, settled_at = $3 FROM unnest($1::bigint[], $2::numeric[]) AS x (id, p) WHERE b.bet_id = x.id",
      [winners.map((w) => w.betId), winners.map((w) => w.payout), now])
  }
  if (levelPays.length > 0) {
    await q.query(
      'UPDATE bet_levels l SET intake_payout = x.i, out_payout = x.o FROM unnest($1::bigint[], $2::int[], $3::numeric[], $4::numeric[]) AS x (id, lv, i, o) WHERE l.bet_id = x.id AND l.level = x.lv',
      [levelPays.map((p) => p.betId), levelPays.map((p) => p.level), levelPays.map((p) => p.intake), levelPays.map((p) => p.out)])
  }
  if (strikes.length > 0) {
    await q.query(
      `INSERT INTO strikes (bet_id, draw_id, user_id, number, prize, rate_table, big, small, hits, payout, big_payout)
       SELECT id, $1, u, n, p, t, b, s, h, pay, bp FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::int[], $10::numeric[], $11::numeric[]) AS x (id, u, n, p, t, b, s, h, pay, bp)`,
      [drawId, strikes.map((s) => s.betId), strikes.map((s) => s.userId), strikes.map((s) => s.number), strikes.map((s) => s.prize), strikes.map((s) => s.table),
        strikes.map((s) => s.big), strikes.map((s) => s.small), strikes.map((s) => s.hits), strikes.map((s) => s.payout), strikes.map((s) => s.bigPay)])
  }
  await addSettledPayouts(q, winners.map((w) => w.betId))
}

/** The figures of a finalised draw, from what is stored. */
export async function settleSummary (q: Queryable, drawId: number): Promise<SettleSummary> {
  const { rows: [r] } = await q.query<{ bets: string, winners: string, payout: string | null }>(
    "SELECT count(*) FILTER (WHERE status <> 'void') AS bets, count(*) FILTER (WHERE status = 'won') AS winners, sum(payout) AS payout FROM bets WHERE draw_id = $1", [drawId])
  const { rows: [s] } = await q.query<{ n: string }>('SELECT count(*) AS n FROM strikes WHERE draw_id = $1', [drawId])
  return { DrawId: drawId, Bets: Number(r?.bets ?? 0), Winners: Number(r?.winners ?? 0), Strikes: Number(s?.n ?? 0), Payout: Number(r?.payout ?? 0) }
}

/** Fresh planner statistics after a settlement (PGlite has no autovacuum): they keep the report plans on hash joins. */
export async function refreshSettlementStatistics (q: Queryable): Promise<void> {
  await q.query('ANALYZE bets, bet_levels, strikes, tickets')
}
