// Demo betting data on first start: pay rates, commission and out settings, three weeks of settled draws with a few thousand bets, and open draws.
import type { Queryable } from '../../shared/db.ts'
import { seededRandom } from '../../shared/seeded-random.ts'
import { DEFAULT_4D_PAY_RATES, DEFAULT_CLOSE_TIMES, DEFAULT_TOTO_PAY_RATES, DRAW_WEEKDAYS, addDays, drawOn, weekdayOf, zoneDateOf, type DrawSeries, type FourDResult, type TotoResult } from '../../../schemas/game/index.ts'
import { drawsOn, ensureDraws, ensureUpcomingDraws } from '../draws/store/draws.ts'
import { gameOfSeries } from '../draws/rules/series.ts'
import { placeTickets, type TicketRequest } from '../betting/store/place.ts'
import type { FourDLineInput, TotoLineInput } from '../betting/types.ts'
import { finaliseDraw, inTransaction } from '../draws/store/finalise.ts'
import { analyzeBets, insertCommissionRates, insertDefaultPayRates, insertDemoOutSettings, openDraws, writeDrawResult } from './store/demo-betting.ts'

/** Commission rates per user: 4D and TOTO (an upline's rate is at least its downline's). */
const COMMISSIONS: Array<[string, number, number]> = [['admin', 0.12, 0.2], ['ag1', 0.1, 0.15], ['ag2', 0.08, 0.12], ['mem1', 0.05, 0.08], ['mem2', 0.04, 0.06], ['mem3', 0.05, 0.08]]
/** Who bets in the demo history, and how often (weights). */
const BETTORS: Array<[string, number]> = [['mem1', 4], ['mem2', 3], ['mem3', 3], ['ag2', 1], ['ag1', 1]]
const DAYS_BACK = 21
const TICKETS_PER_4D_DRAW = 100
const TICKETS_PER_TOTO_DRAW = 80

/** Random draws of bets and results, from one generator. */
export function betMaker (random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const weighted = (items: Array<[string, number]>): string => {
    const total = items.reduce((s, [, w]) => s + w, 0)
    let r = random() * total
    for (const [item, w] of items) { r -= w; if (r < 0) return item }
    return items[0]?.[0] ?? ''
  }
  const number4 = () => String(Math.floor(random() * 10000)).padStart(4, '0')
  const distinct = (count: number, from = 49): number[] => {
    const set = new Set<number>()
    while (set.size < count) set.add(1 + Math.floor(random() * from))
    return [...set].sort((a, b) => a - b)
  }
  return {
    random,
    pick,
    weighted,
    number4,
    distinct,
    fourDLine (): FourDLineInput {
      const form = pick(['straight', 'straight', 'straight', 'straight', 'straight', 'straight', 'roll', 'ibet', 'kbet'] as const)
      const big = pick([1, 1, 2, 5, 0.5, 0])
      const small = big === 0 ? pick([1, 2]) : pick([0, 0, 1, 2])
      return { number: number4(), form, big, small }
    },
    totoLine (): TotoLineInput {
      const type = pick(['ORDINARY', 'ORDINARY', 'ORDINARY', 'SYSTEM', 'ROLL', '2*', '3*', '*2', '4*', 'TO', 'TE', 'TT'] as const)
      const units = pick([1, 1, 2, 5])
      const count = type === 'ORDINARY' ? 6 : type === 'SYSTEM' ? pick([7, 8]) : type === 'ROLL' ? 5 : type.includes('2') ? 2 : type.includes('3') ? 3 : type.includes('4') ? 4 : 0
      return { type, numbers: distinct(count), units, ...(type === 'SYSTEM' ? { system: count } : {}) }
    },
    /** A 4D result where some numbers bet on come up, so every report has strikes to show. */
    fourDResult (betNumbers: string[]): FourDResult {
      const hit = () => betNumbers.length > 0 && random() < 0.5 ? pick(betNumbers) : number4()
      // The top three stay random (a rare hit there); a few starters and consolations come from the bets.
      return { first: number4(), second: number4(), third: number4(), starters: Array.from({ length: 10 }, (_, i) => i < 2 ? hit() : number4()), consolations: Array.from({ length: 10 }, (_, i) => i < 3 ? hit() : number4()) }
    },
    totoResult (): TotoResult {
      const seven = distinct(7)
      const additional = seven.splice(Math.floor(random() * 7), 1)[0] ?? 49
      return { winning: seven, additional }
    }
  }
}

/** Past draw dates of a series from `days` days back up to now (closed ones only). */
function pastDates (series: DrawSeries, now: Date, days: number): string[] {
  const today = zoneDateOf(now)
  const dates: string[] = []
  for (let d = addDays(today, -days); d <= today; d = addDays(d, 1)) {
    if (series === 'SG4D' ? DRAW_WEEKDAYS.SG4D.includes(weekdayOf(d)) : DRAW_WEEKDAYS.TOTO.includes(weekdayOf(d))) {
      if (drawOn(series, d, DEFAULT_CLOSE_TIMES).closesAt.getTime() <= now.getTime()) dates.push(d)
    }
  }
  return dates
}

/** Seeds the betting demo data inside the seed transaction; answers how many tickets and bets it placed. */
export async function seedBetting (tx: Queryable, now: Date): Promise<{ tickets: number, bets: number }> {
  await insertDefaultPayRates(tx, DEFAULT_4D_PAY_RATES, DEFAULT_TOTO_PAY_RATES, now)
  await insertCommissionRates(tx, COMMISSIONS)
  await insertDemoOutSettings(tx)

  const make = betMaker(seededRandom(20300102))
  let tickets = 0
  let bets = 0
  for (const series of ['SG4D', 'TOTO'] as const) {
    const dates = pastDates(series, now, DAYS_BACK)
    await ensureDraws(tx, series, dates, now)
    const draws = await drawsOn(tx, series, dates)
    for (const draw of draws) {
      const game = gameOfSeries(series)
      const requests: TicketRequest[] = Array.from({ length: game === '4D' ? TICKETS_PER_4D_DRAW : TICKETS_PER_TOTO_DRAW }, () => {
        const lines = 1 + Math.floor(make.random() * 3)
        return {
          userId: make.weighted(BETTORS),
          placedBy: '',
          game,
          series,
          drawIds: [Number(draw.draw_id)],
          dayCode: null,
          locId: game === '4D' ? 'SG' : 'TT',
          source: make.pick(['web', 'web', 'sms', 'upload'] as const),
          text: null,
          ...(game === '4D' ? { fourD: Array.from({ length: lines }, () => make.fourDLine()) } : { toto: Array.from({ length: lines }, () => make.totoLine()) })
        }
      })
      for (const r of requests) r.placedBy = r.userId
      const placedAt = new Date(new Date(draw.close_at).getTime() - 3 * 3600_000)
      await placeTickets(tx, requests, 'history', placedAt)
      tickets += requests.length
      bets += requests.reduce((s, r) => s + (r.fourD?.length ?? r.toto?.length ?? 0), 0)
      const result = game === '4D' ? make.fourDResult(requests.flatMap((r) => (r.fourD ?? []).map((l) => l.number))) : make.totoResult()
      await writeDrawResult(tx, draw.draw_id, result, draw.close_at)
      await finaliseDraw(inTransaction(tx), Number(draw.draw_id), now)
    }
  }

  // A few open tickets so View Tickets shows something to void; like the history they leave balances as the fixture states them.
  await ensureUpcomingDraws(tx, '4D', now)
  await ensureUpcomingDraws(tx, 'TOTO', now)
  const open = await openDraws(tx, now)
  const next4d = open.find((d) => d.series === 'SG4D')
  const nextToto = open.find((d) => d.series === 'TOTO')
  const openTickets: TicketRequest[] = []
  for (const userId of ['mem1', 'mem3']) {
    if (next4d) openTickets.push({ userId, placedBy: userId, game: '4D', series: 'SG4D', drawIds: [Number(next4d.draw_id)], dayCode: null, locId: 'SG', source: 'web', text: null, fourD: [{ number: make.number4(), form: 'straight', big: 2, small: 1 }, { number: make.number4(), form: 'straight', big: 1, small: 0 }] })
    if (nextToto) openTickets.push({ userId, placedBy: userId, game: 'TOTO', series: 'TOTO', drawIds: [Number(nextToto.draw_id)], dayCode: null, locId: 'TT', source: 'web', text: null, toto: [{ type: 'ORDINARY', numbers: make.distinct(6), units: 2 }] })
  }
  await placeTickets(tx, openTickets, 'history', now)
  await analyzeBets(tx)
  return { tickets: tickets + openTickets.length, bets: bets + openTickets.length }
}
