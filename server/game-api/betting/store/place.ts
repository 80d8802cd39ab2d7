// Placing tickets: stake, detail rows per level and draw, the credit check under a row lock, and batched inserts.
import type { Queryable } from '../../../shared/db.ts'
import {
  DEFAULT_4D_PAY_RATES, DEFAULT_MAX_LINE_STAKE, DEFAULT_TOTO_PAY_RATES, overLineMaximum, fourDLineTable, roundMoney, ticketCommissions,
  type ChainLevel, type FourDPayRates, type Game, type TotoPayRates
} from '../rules/index.ts'
import type { FourDLineInput, TicketRequest, TotoLineInput } from '../types.ts'
import { bettorsRead, type Bettor } from './chain.ts'
import { readTogether, type Read } from '../../../shared/sql-params.ts'
import { writePlacement, type BetRow, type LevelRow, type TicketRow } from './place-write.ts'
import { lineErrors } from '../errors.ts'
import { enforceLimits, limitRowsRead, type LimitKey, type LimitRow } from './limit-check.ts'
import { limitNumberOf } from '../rules/limit-number.ts'
import { lineFigures, lineStake, totoNumberText } from '../rules/line-stake.ts'
import { linesText } from '../rules/lines.ts'
import { ticketLabels } from './ticket-labels.ts'
import { lockIntake, numberLimitsRead, type NumberLimit } from './intake-totals.ts'
import { intakeChanges, intakeKey, playedNumbers, type IntakeDelta, type IntakeKey, type Kept } from '../rules/intake-keys.ts'

// Where placement's callers have always found the request's shape (it lives in types.ts, which ticket-labels.ts reads too).
export type { TicketRequest } from '../types.ts'

/** A placed ticket. */
export interface PlacedTicket {
  ticketId: number
  ticketNo: string
  userId: string
  stakePerDraw: number
  stake: number
  draws: number
  /** Charged tickets: the bettor's CreditLeft after the placement. */
  creditLeft?: number | undefined
}

/** How placement treats money: `charge` checks and takes CreditLeft under a row lock; `history` (seed, benchmarks) leaves balances alone. */
export type PlaceMode = 'charge' | 'history'

/** Places tickets in the caller's transaction: every row of every ticket, or (on any failure) none. */
export async function placeTickets (q: Queryable, requests: TicketRequest[], mode: PlaceMode, now: Date, drawDates?: ReadonlyMap<number, string>): Promise<PlacedTicket[]> {
  return (await place(q, requests, mode, now, { drawDates, unlocked: false }) as Placed).placed
}

/** A caller's reads that go in placement's one statement, and settle: checks them and answers the requests as placed, with their draws' dates. */
export interface Alongside {
  /** How many draws each request may settle on at most (ids are drawn for that many before the draws are read). */
  drawCount: number
  reads: Record<string, Read<unknown>>
  settle: (read: Record<string, unknown>) => { requests: TicketRequest[], drawDates: ReadonlyMap<number, string> }
}

/** What place answers: the tickets, and every read of its one statement (the caller's alongside ones too). */
export interface Placed { placed: PlacedTicket[], read: Record<string, unknown> }

/** A ticket read without a transaction that must be placed in one (a limit's rows to lock first): what was read, to go on from (placeAfterRead). */
export interface NeedsLocks { needsLocks: true, requests: TicketRequest[], read: Record<string, unknown>, drawDates?: ReadonlyMap<number, string> | undefined }

/**
 * Places and charges one ticket with no transaction around it: one read (with the caller's own, alongside) and one write, which
 * refuses the ticket for credit by itself. When a limit's rows must be locked first (a Limit Setting on a line, a capped intake),
 * nothing is written and the read is answered: placeAfterRead goes on from it in a transaction.
 */
export async function placeTicketAlone (db: Queryable, request: TicketRequest, now: Date, alongside: Alongside): Promise<Placed | NeedsLocks> {
  return place(db, [request], 'charge', now, { alongside, unlocked: true })
}

/** Places, in the caller's transaction, a ticket placeTicketAlone read: only what must be locked is read again (the Limit Setting rows it found, the intake). */
export async function placeAfterRead (tx: Queryable, from: NeedsLocks, now: Date): Promise<Placed> {
  return await place(tx, from.requests, 'charge', now, { drawDates: from.drawDates, unlocked: false, read: from.read }) as Placed
}

async function place (q: Queryable, requests: TicketRequest[], mode: PlaceMode, now: Date, how: { drawDates?: ReadonlyMap<number, string> | undefined, alongside?: Alongside, unlocked: boolean, read?: Record<string, unknown> }): Promise<Placed | NeedsLocks> {
  if (requests.length === 0) return { placed: [], read: {} }
  // Counted before the alongside reads settle the draws.
  const betCount = requests.reduce((n, r) => n + linesOf(r).length * (how.alongside?.drawCount ?? r.drawIds.length), 0)
  const games = (['4D', 'TOTO'] as const).filter((game) => requests.some((r) => r.game === game))
  const ofGame = (game: Game) => requests.filter((r) => r.game === game)
  const limitsRead = (game: Game) => limitRowsRead(game, limitKeys(ofGame(game)), !how.unlocked)
  // Everything placement reads goes in one statement: ids, each game's bettors, number limits and (charging) Limit Setting rows, locked.
  // Going on from a read without a transaction, only the Limit Setting rows it found are read again, now locked.
  const read = (how.read
    ? { ...how.read, ...await readTogether(q, Object.fromEntries(games.filter((game) => (how.read?.[`limits ${game}`] as LimitRow[]).length > 0).map((game) => [`limits ${game}`, limitsRead(game)]))) }
    : await readTogether(q, {
      ...how.alongside?.reads,
      ids: idsRead(requests.length, betCount),
      ...Object.fromEntries(games.flatMap((game) => [
        [`bettors ${game}`, bettorsRead(game, [...new Set(ofGame(game).map((r) => r.userId))])],
        [`number limits ${game}`, numberLimitsRead(game, [...new Set(ofGame(game).flatMap((r) => linesOf(r).flatMap((line) => playedNumbers(game, lineKey(game, line)))))])],
        ...(mode === 'charge' ? [[`limits ${game}`, limitsRead(game)]] : [])
      ]))
    })) as { ids: Ids } & Record<string, unknown>
  const settled = how.read ? undefined : how.alongside?.settle(read)
  if (settled) requests = settled.requests
  const drawDates = settled?.drawDates ?? how.drawDates
  const needsLocks: NeedsLocks = { needsLocks: true, requests, read, drawDates }
  if (how.unlocked && games.some((game) => (read[`limits ${game}`] as LimitRow[]).length > 0)) return needsLocks
  const ids = read.ids
  const bettors = new Map<string, Bettor>()
  const numberLimits = new Map<string, NumberLimit>()
  for (const game of games) {
    for (const [userId, bettor] of read[`bettors ${game}`] as Map<string, Bettor>) bettors.set(`${game}:${userId}`, bettor)
    for (const [key, limit] of read[`number limits ${game}`] as Map<string, NumberLimit>) numberLimits.set(`${game}|${key}`, limit)
  }
  const chainOf = (request: TicketRequest) => bettors.get(`${request.game}:${request.userId}`)?.chain ?? []

  const intake = await intakeState(q, requests, chainOf, numberLimits, !how.unlocked)
  if (intake === undefined) return needsLocks

  const placed: PlacedTicket[] = []
  const bets: BetRow[] = []
  const levels: LevelRow[] = []
  requests.forEach((request, i) => {
    const ticketId = Number(ids.tickets[i])
    const chain = chainOf(request)
    const userRates = bettors.get(`${request.game}:${request.userId}`)?.rates
    const lines = linesOf(request)
    let perDraw = 0
    const firstBet = bets.length
    const firstLevel = levels.length
    const fourDRates = (request.game === '4D' ? userRates : undefined) as FourDPayRates ?? DEFAULT_4D_PAY_RATES
    const totoRates = (request.game === 'TOTO' ? userRates : undefined) as TotoPayRates | undefined
    lines.forEach((line, lineNo) => {
      // The rate the line is sold at, kept on each of its bets: a later rate change reprices only later bets.
      const payRate = JSON.stringify(request.game === '4D' ? fourDLineTable(fourDRates, line as FourDLineInput) : totoRates ?? DEFAULT_TOTO_PAY_RATES)
      const numbers = playedNumbers(request.game, lineKey(request.game, line))
      perDraw += lineStake(request.game, line)
      for (const drawId of request.drawIds) {
        // Each level keeps at most what its limit leaves of every number this line plays, after all earlier lines and tickets of the draw.
        const figures = lineFigures(request.game, line, intake.chainFor(chain, request.game, drawId, numbers), fourDRates, totoRates)
        intake.keep(request.game, drawId, numbers, figures.levels)
        const betId = Number(ids.bets[bets.length])
        const isToto = request.game === 'TOTO'
        const t = line as TotoLineInput
        const f = line as FourDLineInput
        bets.push({
          betId,
          ticketId,
          drawId,
          userId: request.userId,
          game: request.game,
          lineNo,
          number: isToto ? totoNumberText(t) : f.number,
          form: isToto ? t.type : f.form,
          numbers: isToto ? `{${t.numbers.join(',')}}` : null,
          system: isToto && t.type === 'SYSTEM' ? t.numbers.length : null,
          big: isToto ? 0 : f.big,
          small: isToto ? 0 : f.small,
          units: isToto ? t.units : 0,
          combinations: figures.combinations,
          amount: figures.amount,
          payRate,
          limitNumber: limitKeyOf(request.game, line).number
        })
        for (const level of figures.levels) levels.push({ ...level, betId, drawId })
      }
    })
    shareCommission(chain, request.drawIds, bets.slice(firstBet), levels.slice(firstLevel))
    perDraw = roundMoney(perDraw)
    placed.push({ ticketId, ticketNo: `${request.game === '4D' ? 'D' : 'T'}${String(ticketId).padStart(8, '0')}`, userId: request.userId, stakePerDraw: perDraw, stake: roundMoney(perDraw * request.drawIds.length), draws: request.drawIds.length })
  })

  if (mode === 'charge') {
    enforceLineMaximum(requests, (request) => bettors.get(`${request.game}:${request.userId}`)?.maxLineStake)
    // Limits first, in the same transaction as the credit and the inserts: a refused ticket writes nothing.
    for (const game of games) await enforceLimits(q, game, bets.filter((b) => b.game === game).map((b) => ({ drawId: b.drawId, betType: b.form, number: b.limitNumber, units: b.amount })), read[`limits ${game}`] as LimitRow[])
  }
  const labels = await ticketLabels(q, requests, drawDates)
  const tickets: TicketRow[] = placed.map((p, i) => {
    const r = requests[i] as TicketRequest
    return { ...p, placedBy: r.placedBy, game: r.game, locId: r.locId, series: r.series, dayCode: labels[i]?.dayCode ?? null, source: r.source, text: labels[i]?.text ?? '', charged: mode === 'charge', fileId: r.fileId ?? null, placedAt: now.toISOString() }
  })
  const left = await writePlacement(q, { tickets, bets, levels, intake: intakeChanges(intake.deltas.values()), charge: mode === 'charge' }, how.unlocked)
  for (const p of placed) p.creditLeft = left.get(p.userId)
  return { placed, read }
}

/** Replaces each line's commission by its part of the ticket's commission in that draw (computed on the ticket's stake, not rounded per line). */
function shareCommission (chain: ChainLevel[], drawIds: number[], bets: BetRow[], levels: LevelRow[]): void {
  for (const drawId of drawIds) {
    const inDraw = bets.filter((b) => b.drawId === drawId)
    const parts = ticketCommissions(inDraw.map((b) => b.amount), chain)
    const lineOf = new Map(inDraw.map((b, line) => [b.betId, line]))
    for (const level of levels) {
      const line = lineOf.get(level.betId)
      if (line !== undefined) level.commission = parts[line]?.[level.level] ?? 0
    }
  }
}

/** Ids for the tickets and their bets, drawn from the sequences in placement's one read. */
interface Ids { tickets: number[], bets: number[] }
const idsRead = (tickets: number, bets: number): Read<Ids> => ({
  sql: (add) => `SELECT ARRAY(SELECT nextval('tickets_ticket_id_seq') FROM generate_series(1, ${add(tickets, 'int')})) AS tickets,
    ARRAY(SELECT nextval('bets_bet_id_seq') FROM generate_series(1, ${add(bets, 'int')})) AS bets`,
  parse: (rows) => ({ tickets: (rows[0]?.tickets as number[] | undefined) ?? [], bets: (rows[0]?.bets as number[] | undefined) ?? [] })
})

/** A request's lines. */
const linesOf = (r: TicketRequest): Array<FourDLineInput | TotoLineInput> => r.game === '4D' ? r.fourD ?? [] : r.toto ?? []

/** The Limit Setting keys (bet type, number) the requests' lines fall under. */
function limitKeys (requests: readonly TicketRequest[]): LimitKey[] {
  const keys = requests.flatMap((r) => linesOf(r).map((line) => limitKeyOf(r.game, line)))
  return [...new Map(keys.map((k) => [`${k.betType}|${k.number}`, k])).values()]
}

/** The Limit Setting key a line falls under: its form or type, and its number (TOTO: the numbers sorted, or the type). */
function limitKeyOf (game: Game, line: FourDLineInput | TotoLineInput): LimitKey {
  if (game === 'TOTO') return { betType: (line as TotoLineInput).type, number: limitNumberOf((line as TotoLineInput).type, (line as TotoLineInput).numbers) }
  return { betType: (line as FourDLineInput).form, number: (line as FourDLineInput).number }
}

/** A line as number and form (4D) or entry text and type (TOTO), what playedNumbers reads. */
function lineKey (game: Game, line: FourDLineInput | TotoLineInput): { number: string, form: string } {
  if (game === 'TOTO') return { number: totoNumberText(line as TotoLineInput), form: (line as TotoLineInput).type }
  return { number: (line as FourDLineInput).number, form: (line as FourDLineInput).form }
}

const LIMIT_FIELDS = ['big', 'small', 'units'] as const
/** Dollars left under a limit, down to the cent (never rounded up past the limit) and never below 0. */
const leftUnder = (limit: number, kept: number): number => Math.max(0, Math.floor((limit - kept) * 100 + 1e-6) / 100)

/**
 * The intake every level already keeps of the numbers these requests play (rows locked for the transaction), their per-number
 * limits, and the running totals as lines are split: what makes a limit hold across lines, tickets and concurrent placements.
 * Undefined when a row is under a limit but mayLock is false (a placement without a transaction).
 */
async function intakeState (q: Queryable, requests: TicketRequest[], chainOf: (request: TicketRequest) => ChainLevel[], numberLimits: ReadonlyMap<string, NumberLimit>, mayLock: boolean) {
  const capped = (limit: NumberLimit | undefined) => limit !== undefined && LIMIT_FIELDS.some((f) => limit[f] !== undefined)
  // A row under a limit must be read (and locked) before the split. Rows are locked in one key order only: so when any row of the
  // placement is under a limit, all its rows are locked here at once; when none is, all are locked by the write, also at once.
  const keys: IntakeKey[] = []
  let anyCapped = false
  for (const request of requests) {
    for (const level of chainOf(request)) {
      if (level.share <= 0) continue
      for (const line of linesOf(request)) {
        for (const number of playedNumbers(request.game, lineKey(request.game, line))) {
          anyCapped ||= capped(level.limit) || capped(numberLimits.get(`${request.game}|${level.userId}|${number}`))
          for (const drawId of request.drawIds) keys.push({ drawId, userId: level.userId, number })
        }
      }
    }
  }
  if (anyCapped && !mayLock) return undefined
  const kept = anyCapped ? await lockIntake(q, keys) : new Map<string, Kept>()
  const deltas = new Map<string, IntakeDelta>()
  const zero = (): Kept => ({ big: 0, small: 0, units: 0 })
  return {
    deltas,
    /** The chain with each level's limit lowered to what is left of it on the most-kept of these numbers in this draw. */
    chainFor (chain: ChainLevel[], game: Game, drawId: number, numbers: string[]): ChainLevel[] {
      return chain.map((level) => {
        if (level.share <= 0) return level
        const limit: NonNullable<ChainLevel['limit']> = {}
        for (const field of LIMIT_FIELDS) {
          let left: number | undefined
          for (const number of numbers) {
            const cap = numberLimits.get(`${game}|${level.userId}|${number}`)?.[field] ?? level.limit?.[field]
            if (cap === undefined) continue
            const now = leftUnder(cap, (kept.get(intakeKey({ drawId, userId: level.userId, number })) ?? zero())[field])
            left = left === undefined ? now : Math.min(left, now)
          }
          if (left !== undefined) limit[field] = left
        }
        return { ...level, limit }
      })
    },
    /** Counts what each level kept of a split line: an equal part on every number it plays. */
    keep (game: Game, drawId: number, numbers: string[], levels: Array<{ userId: string, bigIntake: number, smallIntake: number, amountIntake: number }>): void {
      for (const level of levels) {
        if (level.amountIntake === 0) continue
        for (const number of numbers) {
          const key = { drawId, userId: level.userId, number }
          const id = intakeKey(key)
          const add: Kept = game === 'TOTO'
            ? { big: 0, small: 0, units: level.amountIntake }
            : { big: level.bigIntake / numbers.length, small: level.smallIntake / numbers.length, units: 0 }
          const total = kept.get(id) ?? zero()
          kept.set(id, { big: total.big + add.big, small: total.small + add.small, units: total.units + add.units })
          const delta = deltas.get(id) ?? { key, kept: zero() }
          delta.kept = { big: delta.kept.big + add.big, small: delta.kept.small + add.small, units: delta.kept.units + add.units }
          deltas.set(id, delta)
        }
      }
    }
  }
}

/** Refuses the first line that stakes more in one draw than its bettor's MaxLineStake (every entry path places through here). */
function enforceLineMaximum (requests: TicketRequest[], maximumOf: (request: TicketRequest) => number | undefined): void {
  for (const request of requests) {
    const max = maximumOf(request) ?? DEFAULT_MAX_LINE_STAKE
    const lines = linesOf(request)
    lines.forEach((line, i) => {
      const stake = lineStake(request.game, line)
      if (overLineMaximum(stake, max)) throw lineErrors.overMax(i, linesText([line]), stake, max, request.userId)
    })
  }
}
