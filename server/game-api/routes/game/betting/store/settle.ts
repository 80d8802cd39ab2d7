// Settlement of a finalised draw: strikes by the pure settle functions, payouts shared along the chain by intake, balances moved.
import type { Queryable } from '../../../../../shared/db.ts'
import {
  DEFAULT_4D_PAY_RATES, DEFAULT_TOTO_PAY_RATES, TOTO_GROUPS, fromCents, settleFourDLine, settleTotoLine, toCents,
  type FourDPayRates, type FourDResult, type NumberForm, type TotoBetType, type TotoPayRates, type TotoResult
} from '../../../../betting/index.ts'
import { toGmt8Iso } from '../../../../lib/gmt8.ts'
import type { DrawRow } from './draws.ts'
import { bettingErrors } from './errors.ts'

/** What settling a draw did. */
export interface SettleSummary { DrawId: number, Bets: number, Winners: number, Strikes: number, Payout: number }

interface OpenBet { bet_id: string, user_id: string, number: string, form: string, numbers: number[] | null, big: string, small: string, units: string, amount: string, charged: boolean, rates: unknown }
interface LevelRow { bet_id: string, level: number, big_in: string, small_in: string, amount_in: string, big_intake: string, small_intake: string, amount_intake: string, commission: string }

/** One prize won, as stored. */
interface StrikeRow { betId: number, userId: string, number: string, prize: string, table: string | null, big: number, small: number, hits: number, payout: number, bigPay: number }

/** Settles every open bet of a draw in the caller's transaction and marks it finalised; 409 when finalised already or without a result. */
export async function settleDraw (q: Queryable, drawId: number, now: Date): Promise<SettleSummary> {
  const { rows: [draw] } = await q.query<DrawRow>('SELECT * FROM draws WHERE draw_id = $1 FOR UPDATE', [drawId])
  if (!draw) throw bettingErrors.drawNotFound(drawId)
  if (draw.is_finalised) throw bettingErrors.drawFinalised(drawId)
  if (draw.result === null || draw.result === undefined) throw bettingErrors.noResult(drawId)
  if (new Date(draw.close_at).getTime() > now.getTime()) throw bettingErrors.drawNotClosed(drawId, toGmt8Iso(new Date(draw.close_at)))
  const { rows: bets } = await q.query<OpenBet>(
    `SELECT b.bet_id, b.user_id, b.number, b.form, b.numbers, b.big, b.small, b.units, b.amount, t.charged, COALESCE(own.rates, def.rates) AS rates
     FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id
     LEFT JOIN pay_rates own ON own.user_id = b.user_id AND own.game = b.game
     LEFT JOIN pay_rates def ON def.user_id = '*' AND def.game = b.game
     WHERE b.draw_id = $1 AND b.status = 'open' ORDER BY b.bet_id`, [drawId])
  const { rows: levelRows } = await q.query<LevelRow>(
    `SELECT l.bet_id, l.level, l.big_in, l.small_in, l.amount_in, l.big_intake, l.small_intake, l.amount_intake, l.commission
     FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id WHERE l.draw_id = $1 AND b.status = 'open' ORDER BY l.bet_id, l.level`, [drawId])
  const levelsOf = new Map<string, LevelRow[]>()
  for (const l of levelRows) {
    const list = levelsOf.get(String(l.bet_id)) ?? []
    list.push(l)
    levelsOf.set(String(l.bet_id), list)
  }

  const strikes: StrikeRow[] = []
  const winners: Array<{ betId: number, payout: number }> = []
  const levelPays: Array<{ betId: number, level: number, intake: number, out: number }> = []
  const money = new Map<string, { payout: number, commission: number, stake: number }>()
  for (const bet of bets) {
    const betId = Number(bet.bet_id)
    const betStrikes = draw.game === '4D'
      ? fourDStrikes(bet, draw.result as FourDResult)
      : totoStrikes(bet, draw.result as TotoResult)
    const payoutCents = betStrikes.reduce((sum, s) => sum + toCents(s.payout), 0)
    const levels = levelsOf.get(String(bet.bet_id)) ?? []
    if (bet.charged) {
      const m = money.get(bet.user_id) ?? { payout: 0, commission: 0, stake: 0 }
      m.payout += payoutCents
      m.commission += toCents(Number(levels[0]?.commission ?? 0))
      m.stake += toCents(Number(bet.amount))
      money.set(bet.user_id, m)
    }
    if (payoutCents === 0) continue
    strikes.push(...betStrikes)
    winners.push({ betId, payout: fromCents(payoutCents) })
    levelPays.push(...sharePayout(betId, betStrikes, levels, payoutCents))
  }

  await q.query("UPDATE bets SET status = 'lost', settled_at = $2 WHERE draw_id = $1 AND status = 'open'", [drawId, now])
  for (let i = 0; i < winners.length; i += 5000) {
    const chunk = winners.slice(i, i + 5000)
    await q.query("UPDATE bets b SET status = 'won', payout = x.p FROM unnest($1::bigint[], $2::numeric[]) AS x (id, p) WHERE b.bet_id = x.id", [chunk.map((w) => w.betId), chunk.map((w) => w.payout)])
  }
  for (let i = 0; i < levelPays.length; i += 5000) {
    const chunk = levelPays.slice(i, i + 5000)
    await q.query(
      'UPDATE bet_levels l SET intake_payout = x.i, out_payout = x.o FROM unnest($1::bigint[], $2::int[], $3::numeric[], $4::numeric[]) AS x (id, lv, i, o) WHERE l.bet_id = x.id AND l.level = x.lv',
      [chunk.map((p) => p.betId), chunk.map((p) => p.level), chunk.map((p) => p.intake), chunk.map((p) => p.out)])
  }
  for (let i = 0; i < strikes.length; i += 5000) {
    const chunk = strikes.slice(i, i + 5000)
    await q.query(
      `INSERT INTO strikes (bet_id, draw_id, user_id, number, prize, rate_table, big, small, hits, payout)
       SELECT id, $1, u, n, p, t, b, s, h, pay FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::int[], $10::numeric[]) AS x (id, u, n, p, t, b, s, h, pay)`,
      [drawId, chunk.map((s) => s.betId), chunk.map((s) => s.userId), chunk.map((s) => s.number), chunk.map((s) => s.prize), chunk.map((s) => s.table),
        chunk.map((s) => s.big), chunk.map((s) => s.small), chunk.map((s) => s.hits), chunk.map((s) => s.payout)])
  }
  // The bettor's stake was taken from CreditLeft at placement; now payout and own commission come back, and AccBal books the result.
  const users = [...money.keys()].sort()
  if (users.length > 0) {
    const get = (u: string) => money.get(u) ?? { payout: 0, commission: 0, stake: 0 }
    await q.query(
      `UPDATE users u SET acc_bal = u.acc_bal + x.p + x.c - x.s, credit_left = u.credit_left + x.p + x.c
       FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::numeric[]) AS x (id, p, c, s) WHERE u.user_id = x.id`,
      [users, users.map((u) => fromCents(get(u).payout)), users.map((u) => fromCents(get(u).commission)), users.map((u) => fromCents(get(u).stake))])
  }
  await q.query('UPDATE draws SET is_finalised = true, finalised_at = $2 WHERE draw_id = $1', [drawId, now])
  return { DrawId: drawId, Bets: bets.length, Winners: winners.length, Strikes: strikes.length, Payout: fromCents(winners.reduce((s, w) => s + toCents(w.payout), 0)) }
}

function fourDStrikes (bet: OpenBet, result: FourDResult): StrikeRow[] {
  const rates = (bet.rates ?? DEFAULT_4D_PAY_RATES) as FourDPayRates
  const settled = settleFourDLine({ number: bet.number, form: bet.form as NumberForm, big: Number(bet.big), small: Number(bet.small) }, result, rates)
  return settled.strikes.map((s) => ({
    betId: Number(bet.bet_id),
    userId: bet.user_id,
    number: s.number,
    prize: s.tier,
    table: s.table,
    big: s.big,
    small: s.small,
    hits: 1,
    payout: s.payout,
    // The Big part of the prize, so intake shares of Big and Small are paid in their own proportions.
    bigPay: Math.min(s.payout, fromCents(toCents(s.big * rates[s.table].big[s.tier])))
  }))
}

function totoStrikes (bet: OpenBet, result: TotoResult): StrikeRow[] {
  const rates = (bet.rates ?? DEFAULT_TOTO_PAY_RATES) as TotoPayRates
  const line = { type: bet.form as TotoBetType, numbers: (bet.numbers ?? []).map(Number), units: Number(bet.units) }
  const settled = settleTotoLine(line, result, rates)
  if (!settled.won) return []
  const base = { betId: Number(bet.bet_id), userId: bet.user_id, number: bet.number, table: null, big: 0, small: 0, bigPay: 0 }
  if (Object.keys(settled.groups).length === 0) return [{ ...base, prize: bet.form, hits: 1, payout: settled.payout }]
  return TOTO_GROUPS.filter((g) => (settled.groups[g] ?? 0) > 0).map((g) => {
    const hits = settled.groups[g] ?? 0
    return { ...base, prize: `G${g}`, hits, payout: fromCents(toCents(line.units * hits * rates.groups[g])) }
  })
}

/** Each level's part of a payout in proportion to its intake (Big and Small apart for 4D), the rest being out; cents never exceed the payout. */
function sharePayout (betId: number, strikes: StrikeRow[], levels: LevelRow[], payoutCents: number): Array<{ betId: number, level: number, intake: number, out: number }> {
  const bigPay = strikes.reduce((s, x) => s + toCents(x.bigPay), 0)
  const restPay = payoutCents - bigPay
  const top = levels[0]
  const bigTotal = Number(top?.big_in ?? 0)
  const smallTotal = Number(top?.small_in ?? 0)
  const amountTotal = Number(top?.amount_in ?? 0)
  let remaining = payoutCents
  return levels.map((l) => {
    const share = bigTotal + smallTotal > 0
      ? (bigTotal > 0 ? bigPay * Number(l.big_intake) / bigTotal : 0) + (smallTotal > 0 ? restPay * Number(l.small_intake) / smallTotal : 0)
      : (amountTotal > 0 ? payoutCents * Number(l.amount_intake) / amountTotal : 0)
    const intake = Math.min(remaining, Math.round(share))
    remaining -= intake
    return { betId, level: Number(l.level), intake: fromCents(intake), out: fromCents(remaining) }
  })
}
