// Writing a placement's rows: its tickets, bets, level rows, intake, both draw totals and the credit, in one statement when they fit.
import { prepared, type Queryable } from '../../../shared/db.ts'
import { sqlParams } from '../../../shared/sql-params.ts'
import { roundMoney, type Game } from '../rules/index.ts'
import { bettingErrors } from '../errors.ts'
import { applyTicketTotals, placementTotals } from './draw-totals.ts'
import { playedFormsOf } from './draw-totals-sql.ts'
import { addIntake, intakeUpsert } from './intake-totals.ts'
import type { IntakeDelta } from '../rules/intake-keys.ts'
import type { LevelFigures } from '../rules/line-stake.ts'

/** A ticket row as placement writes it. */
export interface TicketRow { ticketId: number, ticketNo: string, userId: string, placedBy: string, game: Game, locId: string | null, series: string, dayCode: string | null, source: string, text: string, stake: number, charged: boolean, fileId: number | null, placedAt: string }
/** A bet row: one line in one draw. */
export interface BetRow { betId: number, ticketId: number, drawId: number, userId: string, game: Game, lineNo: number, number: string, form: string, numbers: string | null, system: number | null, big: number, small: number, units: number, combinations: number, amount: number, payRate: string, limitNumber: string }
/** A level row: what one level of the bettor's chain takes of a bet. */
export interface LevelRow extends LevelFigures { betId: number, drawId: number }

/** Everything one placement writes; charge: the bettors' CreditLeft is checked and taken (absent: history, balances left alone). */
export interface PlacementRows { tickets: TicketRow[], bets: BetRow[], levels: LevelRow[], intake: IntakeDelta[], charge: boolean }

/** Rows per statement at most: a bigger placement (a seed's history, a generator) is written in several. */
const CHUNK = 4000

type Params = ReturnType<typeof sqlParams>

const ticketsInsert = (p: Params, rows: TicketRow[]) => `INSERT INTO tickets (ticket_id, ticket_no, user_id, placed_by, game, loc_id, series, day_code, source, text, stake, charged, file_id, placed_at)
  SELECT * FROM unnest(${p.add(rows.map((t) => t.ticketId), 'bigint[]')}, ${p.add(rows.map((t) => t.ticketNo), 'text[]')}, ${p.add(rows.map((t) => t.userId), 'text[]')}, ${p.add(rows.map((t) => t.placedBy), 'text[]')},
    ${p.add(rows.map((t) => t.game), 'text[]')}, ${p.add(rows.map((t) => t.locId), 'text[]')}, ${p.add(rows.map((t) => t.series), 'text[]')}, ${p.add(rows.map((t) => t.dayCode), 'text[]')},
    ${p.add(rows.map((t) => t.source), 'text[]')}, ${p.add(rows.map((t) => t.text), 'text[]')}, ${p.add(rows.map((t) => t.stake), 'numeric[]')}, ${p.add(rows.map((t) => t.charged), 'boolean[]')},
    ${p.add(rows.map((t) => t.fileId), 'int[]')}, ${p.add(rows.map((t) => t.placedAt), 'timestamptz[]')})`

const betsInsert = (p: Params, rows: BetRow[]) => `INSERT INTO bets (bet_id, ticket_id, draw_id, user_id, game, line_no, number, form, numbers, system_size, big, small, units, combinations, amount, pay_rate, limit_number)
  SELECT id, t, d, u, g, l, n, f, ns::int[], s, b, sm, un, c, a, r::jsonb, ln FROM unnest(${p.add(rows.map((b) => b.betId), 'bigint[]')}, ${p.add(rows.map((b) => b.ticketId), 'bigint[]')},
    ${p.add(rows.map((b) => b.drawId), 'int[]')}, ${p.add(rows.map((b) => b.userId), 'text[]')}, ${p.add(rows.map((b) => b.game), 'text[]')}, ${p.add(rows.map((b) => b.lineNo), 'int[]')},
    ${p.add(rows.map((b) => b.number), 'text[]')}, ${p.add(rows.map((b) => b.form), 'text[]')}, ${p.add(rows.map((b) => b.numbers), 'text[]')}, ${p.add(rows.map((b) => b.system), 'int[]')},
    ${p.add(rows.map((b) => b.big), 'numeric[]')}, ${p.add(rows.map((b) => b.small), 'numeric[]')}, ${p.add(rows.map((b) => b.units), 'numeric[]')}, ${p.add(rows.map((b) => b.combinations), 'int[]')},
    ${p.add(rows.map((b) => b.amount), 'numeric[]')}, ${p.add(rows.map((b) => b.payRate), 'text[]')}, ${p.add(rows.map((b) => b.limitNumber), 'text[]')})
    AS x (id, t, d, u, g, l, n, f, ns, s, b, sm, un, c, a, r, ln)`

const LEVEL_COLUMNS = [['betId', 'bigint'], ['level', 'int'], ['userId', 'text'], ['drawId', 'int'], ['share', 'numeric'], ['commission', 'numeric'], ['bigIn', 'numeric'], ['smallIn', 'numeric'], ['amountIn', 'numeric'],
  ['bigIntake', 'numeric'], ['smallIntake', 'numeric'], ['amountIntake', 'numeric'], ['bigOut', 'numeric'], ['smallOut', 'numeric'], ['amountOut', 'numeric'], ['maxPayout', 'numeric']] as const
const levelsInsert = (p: Params, rows: LevelRow[]) => `INSERT INTO bet_levels (bet_id, level, user_id, draw_id, share, commission, big_in, small_in, amount_in, big_intake, small_intake, amount_intake, big_out, small_out, amount_out, max_payout)
  SELECT * FROM unnest(${LEVEL_COLUMNS.map(([key, type]) => p.add(rows.map((l) => l[key]), `${type}[]`)).join(', ')})`

const chargeUpdate = (p: Params, costs: Map<string, number>) => `UPDATE users u SET credit_left = u.credit_left - x.c
  FROM unnest(${p.add([...costs.keys()], 'text[]')}, ${p.add([...costs.values()], 'numeric[]')}) AS x (id, c)
  WHERE u.user_id = x.id AND u.credit_left >= x.c RETURNING u.user_id, u.credit_left`

/** What each bettor's tickets cost together, by user id in id order. */
function costsOf (tickets: TicketRow[]): Map<string, number> {
  const costs = new Map<string, number>()
  for (const t of tickets) costs.set(t.userId, roundMoney((costs.get(t.userId) ?? 0) + t.stake))
  return new Map([...costs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/**
 * Writes the rows and, when charging, answers each bettor's CreditLeft after it (or refuses the whole placement for credit).
 * One bettor's placement of up to CHUNK bets goes in one statement, so the rows all of a bettor's tickets share (its user
 * totals, its credit) are locked only from its end to the commit. Every writer locks in one order: intake, number totals,
 * user totals, credit (the statement's union reads its parts in that order; a void takes them in it too).
 */
export async function writePlacement (q: Queryable, rows: PlacementRows, alone = false): Promise<Map<string, number>> {
  const costs = costsOf(rows.tickets)
  const inChunks = rows.bets.length > CHUNK || rows.tickets.length > CHUNK || (rows.charge && costs.size > 1)
  if (alone && inChunks) throw new Error('A placement written alone (without a transaction) must fit one statement')
  if (inChunks) return writeInChunks(q, rows, costs)
  const p = sqlParams()
  const totals = placementTotals('new_bets', 'new_levels', playedFormsOf(rows.bets))
  const parts = [
    `new_tickets AS (${ticketsInsert(p, rows.tickets)})`,
    `new_bets AS (${betsInsert(p, rows.bets)} RETURNING *)`,
    `new_levels AS (${levelsInsert(p, rows.levels)} RETURNING *)`,
    ...(rows.intake.length > 0 ? [`intake AS (${intakeUpsert(p.add, rows.intake)} RETURNING 1)`] : []),
    `number_totals AS (${totals.numbers})`,
    `user_totals AS (${totals.users})`,
    ...(rows.charge ? [`credit AS (${chargeUpdate(p, costs)})`] : [])
  ]
  const counted = [...(rows.intake.length > 0 ? ['intake'] : []), 'number_totals', 'user_totals'].map((cte) => `SELECT count(*) AS n FROM ${cte}`)
  // Alone, a bettor short of credit makes the statement raise, which undoes every row it wrote (no transaction is there to roll back).
  const refused = alone && rows.charge ? `UNION ALL SELECT placement_refused('${SHORT_OF_CREDIT}'), NULL FROM (SELECT count(*) AS n FROM credit) AS c WHERE c.n < ${costs.size}` : ''
  const left = await q.query<{ user_id: string | null, credit_left: string | null }>(prepared(
    `WITH ${parts.join(',\n')}
     SELECT NULL AS user_id, NULL::numeric AS credit_left FROM (${counted.join(' UNION ALL ')}) AS c WHERE c.n < 0
     ${rows.charge ? 'UNION ALL SELECT user_id, credit_left FROM credit' : ''} ${refused}`), p.values).catch((error: unknown) => {
    if ((error as { message?: unknown } | null)?.message === SHORT_OF_CREDIT) return { rows: [] }
    throw error
  })
  return rows.charge ? creditLeft(q, costs, left.rows) : new Map()
}

/** What placement_refused (migration 049) raises with when a placement written alone finds a bettor short of credit. */
const SHORT_OF_CREDIT = 'placement refused: not enough credit'

/** A big placement (or a batch of several bettors): rows in chunks, then the totals, then the credit rows locked in id order. */
async function writeInChunks (q: Queryable, rows: PlacementRows, costs: Map<string, number>): Promise<Map<string, number>> {
  await addIntake(q, rows.intake)
  for (let start = 0; start < rows.tickets.length; start += CHUNK) {
    const p = sqlParams()
    await q.query(ticketsInsert(p, rows.tickets.slice(start, start + CHUNK)), p.values)
  }
  let level = 0
  for (let start = 0; start < rows.bets.length; start += CHUNK) {
    const bets = rows.bets.slice(start, start + CHUNK)
    const lastBet = bets[bets.length - 1]?.betId
    const from = level
    while (level < rows.levels.length && rows.levels[level]!.betId <= (lastBet ?? 0)) level++
    const p = sqlParams()
    await q.query(`WITH new_bets AS (${betsInsert(p, bets)}) ${levelsInsert(p, rows.levels.slice(from, level))}`, p.values)
  }
  for (let start = 0; start < rows.tickets.length; start += CHUNK) await applyTicketTotals(q, rows.tickets.slice(start, start + CHUNK).map((t) => t.ticketId), 1)
  if (!rows.charge) return new Map()
  await q.query('SELECT 1 FROM users WHERE user_id = ANY($1::text[]) ORDER BY user_id FOR UPDATE', [[...costs.keys()]])
  const p = sqlParams()
  return creditLeft(q, costs, (await q.query<{ user_id: string, credit_left: string }>(chargeUpdate(p, costs), p.values)).rows)
}

/** Each bettor's CreditLeft after the charge; refuses the placement (the caller's transaction rolls back) when one could not pay. */
async function creditLeft (q: Queryable, costs: Map<string, number>, rows: Array<{ user_id: string | null, credit_left: string | null }>): Promise<Map<string, number>> {
  const left = new Map(rows.filter((r) => r.user_id !== null).map((r) => [String(r.user_id), Number(r.credit_left)]))
  const short = [...costs.keys()].find((u) => !left.has(u))
  if (short === undefined) return left
  const { rows: [row] } = await q.query<{ credit_left: string }>('SELECT credit_left FROM users WHERE user_id = $1', [short])
  throw bettingErrors.notEnoughCredit(short, costs.get(short) ?? 0, Number(row?.credit_left ?? 0))
}
