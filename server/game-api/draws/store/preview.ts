// The preview of a draw's result before finalising: winning tickets and payout per prize, and the operator's result, without writing anything.
import type { Queryable } from '../../../shared/db.ts'
import { fromCents, toCents } from '../../../../schemas/game/index.ts'
import { openBetBatch } from './draw-batches.ts'
import { drawErrors } from '../errors.ts'
import { settleBatch } from '../rules/settle-batch.ts'
import { existingDraw } from './draw-by-id.ts'

/** One prize tier (4D tier, TOTO group G1-G7 or side-bet type) of a preview. */
export interface PreviewTier { Prize: string, Hits: number, Bets: number, Tickets: number, Payout: number }

/** What finalising pays and what the operator keeps: Stake − Commission − Payout over every bet of the draw. */
export interface DrawPreview { DrawId: number, IsFinalised: boolean, Tiers: PreviewTier[], WinningBets: number, WinningTickets: number, Stake: number, Commission: number, Payout: number, OperatorResult: number }

const TIER_ORDER = ['first', 'second', 'third', 'starter', 'consolation', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']

interface TierSum { hits: number, cents: number, bets: Set<number>, tickets: Set<number> }

/**
 * Previews a draw with a result: a finalised draw from its strikes, otherwise by settling its open bets batch by batch in memory.
 * With a staged result (an imported result file not applied yet) the open bets are settled against it instead of the draw's own.
 */
export async function previewDraw (q: Queryable, drawId: number, staged?: unknown): Promise<DrawPreview> {
  const stored = await existingDraw(q, drawId)
  const draw = staged === undefined ? stored : { ...stored, result: staged }
  if (draw.result === null || draw.result === undefined) throw drawErrors.noResult(drawId)
  const tiers = new Map<string, TierSum>()
  const add = (prize: string, hits: number, payout: number, betId: number, ticketId: number) => {
    const t = tiers.get(prize) ?? { hits: 0, cents: 0, bets: new Set<number>(), tickets: new Set<number>() }
    t.hits += hits
    t.cents += toCents(payout)
    t.bets.add(betId)
    t.tickets.add(ticketId)
    tiers.set(prize, t)
  }
  // Bets settled already (finalised, or a finalise part-way) count from their strikes; open ones are settled here without writing.
  const { rows: struck } = await q.query<{ prize: string, hits: string, payout: string, bet_id: string, ticket_id: string }>(
    'SELECT s.prize, s.hits, s.payout, s.bet_id, b.ticket_id FROM strikes s JOIN bets b ON b.bet_id = s.bet_id WHERE s.draw_id = $1', [drawId])
  for (const s of struck) add(s.prize, Number(s.hits), Number(s.payout), Number(s.bet_id), Number(s.ticket_id))
  for (let after = 0; ;) {
    const bets = await openBetBatch(q, draw, after)
    if (bets.length === 0) break
    after = Number(bets[bets.length - 1]?.bet_id)
    for (const s of settleBatch(draw.game, draw.result, bets).strikes) add(s.prize, s.hits, s.payout, s.betId, s.ticketId)
  }
  const { rows: [book] } = await q.query<{ stake: string | null, commission: string | null }>(
    `SELECT sum(b.amount) AS stake, sum(COALESCE(l.commission, 0)) AS commission FROM bets b
     LEFT JOIN bet_levels l ON l.bet_id = b.bet_id AND l.level = 0 WHERE b.draw_id = $1 AND b.status <> 'void'`, [drawId])
  const list = [...tiers.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
  const payoutCents = list.reduce((s, [, t]) => s + t.cents, 0)
  const stake = Number(book?.stake ?? 0)
  const commission = Number(book?.commission ?? 0)
  return {
    DrawId: drawId,
    IsFinalised: draw.is_finalised,
    Tiers: list.map(([prize, t]) => ({ Prize: prize, Hits: t.hits, Bets: t.bets.size, Tickets: t.tickets.size, Payout: fromCents(t.cents) })),
    WinningBets: new Set(list.flatMap(([, t]) => [...t.bets])).size,
    WinningTickets: new Set(list.flatMap(([, t]) => [...t.tickets])).size,
    Stake: stake,
    Commission: commission,
    Payout: fromCents(payoutCents),
    OperatorResult: fromCents(toCents(stake) - toCents(commission) - payoutCents)
  }
}

function rank (prize: string): number {
  const i = TIER_ORDER.indexOf(prize)
  return i === -1 ? TIER_ORDER.length : i
}
