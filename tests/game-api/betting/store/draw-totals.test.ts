import { readFile } from 'node:fs/promises'
import t from 'tap'
import type { Test } from 'tap'
import type { Queryable } from '../../../../server/shared/db.ts'
import { seededRandom } from '../../../../server/shared/seeded-random.ts'
import { NUMBER_COLUMNS, NUMBER_KEY, USER_COLUMNS, USER_KEY, numberTotalsSelect, playedFormsOf, playedNumbers, userTotalsSelect } from '../../../../server/game-api/betting/store/draw-totals-sql.ts'
import { reportFull } from '../../../../server/game-api/reports/store/report-full.ts'
import { scopeParams, type ReportParams } from '../../../../server/game-api/reports/store/scope.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { FULL_FROM_BETS_SQL } from '../../reports/store/full-from-bets.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api, moveTo, setSuperPassword, SUPER_PASSWORD, WEDNESDAY_CLOSE } from '../support.ts'

// A fixed seed: a failure replays the same mix of placements, voids, settlements and resets.
const SEED = 16
const result = {
  first: '1234',
  second: '2345',
  third: '3456',
  starters: ['4567', '5678', '6789', '7890', '8901', '9012', '0123', '1357', '2468', '3579'],
  consolations: ['4680', '5791', '6802', '7913', '8024', '9135', '0246', '1350', '2461', '3572']
}
// Bets pick from the result's numbers and a few others, so settlement has winners in every tier.
const pool = [result.first, result.second, result.third, ...result.starters.slice(0, 3), ...result.consolations.slice(0, 3), '1123', '1122', '9999', '4321']
const forms = ['straight', 'straight', 'roll', 'ibet', 'kbet']

t.test("a placement's statement expands only the forms its bets take (the recounts below hold it to the whole expansion)", async (t) => {
  t.same(playedFormsOf([{ game: '4D', form: 'straight' }]), { whole: true, roll: false, permutations: false })
  t.same(playedFormsOf([{ game: 'TOTO', form: 'system' }, { game: '4D', form: 'roll' }]), { whole: true, roll: true, permutations: false })
  t.same(playedFormsOf([{ game: '4D', form: 'kbet' }]), { whole: false, roll: false, permutations: true })
  t.notMatch(playedNumbers(playedFormsOf([{ game: '4D', form: 'straight' }])), /generate_series/, 'a straight line carries no roll or permutation')
  t.equal(playedNumbers({ whole: false, roll: false, permutations: false }), playedNumbers(), 'no form named: every expansion')
})

/** Every row of a table, or of the recount query, as sorted text (figures exactly, whatever their numeric scale). */
async function rowsOf (q: Queryable, source: string, key: readonly string[], columns: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<Record<string, string>>(`SELECT ${key.map((c) => `${c}::text AS ${c}`).join(', ')}, ${columns.map((c) => `trim_scale(${c})::text AS ${c}`).join(', ')} FROM (${source}) AS x`)
  return rows.map((r) => [...key, ...columns].map((c) => r[c]).join('|')).sort()
}

/**
 * Both aggregates equal a recount from the bets, row for row: of every draw, or of one draw (the checks between the steps
 * on one draw; a step that wrote to another draw's rows is still found by the full recount at the end).
 */
async function assertRecount (t: Test, q: Queryable, when: string, drawId?: number): Promise<void> {
  const ofDraw = drawId === undefined ? '' : ` AND draw_id = ${drawId}`
  const live = `b.status <> 'void'${ofDraw.replace('draw_id', 'b.draw_id')}`
  const numbers = await rowsOf(q, `SELECT * FROM draw_number_totals WHERE true${ofDraw}`, NUMBER_KEY, NUMBER_COLUMNS)
  t.ok(numbers.length > 0, `${when}: draw_number_totals has rows`)
  t.same(numbers, await rowsOf(q, numberTotalsSelect(live, 1), NUMBER_KEY, NUMBER_COLUMNS), `${when}: draw_number_totals equals a recount (${numbers.length} rows)`)
  const users = await rowsOf(q, `SELECT * FROM draw_user_totals WHERE true${ofDraw}`, USER_KEY, USER_COLUMNS)
  t.same(users, await rowsOf(q, userTotalsSelect(live, 1), USER_KEY, USER_COLUMNS), `${when}: draw_user_totals equals a recount (${users.length} rows)`)
}

onTestDatabase(t, async (t, kind) => {
  const h: GameApiHarness = await gameApiHarness(t, kind)
  const random = seededRandom(SEED)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const bettors = ['mem1', 'mem2', 'mem3'] as const
  let tokens = await moveTo(h, '2030-01-02T02:00:00Z', [...bettors, 'admin'])
  const tickets: string[] = []

  const place = async (dayCodes: string[]) => {
    const who = pick(bettors)
    const toto = random() < 0.2
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => toto
      ? { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6 + Math.floor(random() * 40)], Units: 1 + Math.floor(random() * 3) }
      : { Number: pick(pool), Form: pick(forms), Big: 1 + Math.floor(random() * 2), Small: Math.floor(random() * 2) })
    const placed = await api(h, 'POST', toto ? '/api/v1/tt/bet/t' : '/api/v1/4d/bet', tokens[who], { DayCode: toto ? '4' : pick(dayCodes), Lines: lines })
    // A refusal for credit is part of the mix: its transaction must leave the aggregates as they were.
    t.ok(placed.status === 200 || placed.body.code === 'GA_NOT_ENOUGH_CREDIT', `placed ${JSON.stringify(lines)}: ${placed.status === 200 ? 'ok' : placed.body.code}`)
    if (placed.status === 200) tickets.push(placed.body.data.TicketNo)
  }
  const voidOne = async (mayRefuse: boolean) => {
    if (tickets.length === 0) return
    const ticketNo = tickets.splice(Math.floor(random() * tickets.length), 1)[0] as string
    const voided = await api(h, 'DELETE', `/api/v1/${ticketNo.startsWith('T') ? 'tt' : '4d'}/bet?TicketNo=${ticketNo}`, tokens.admin)
    t.ok(voided.status === 200 || (mayRefuse && voided.status === 409), `void ${ticketNo}: ${voided.status}`)
  }

  t.test('placements and voids on open draws', async (t) => {
    for (let i = 0; i < 30; i++) {
      if (random() < 0.75) await place(['3', '6', '0', '3M'])
      else await voidOne(false)
    }
    await assertRecount(t, h.db, 'after placements and voids')
  })

  t.test('placements and voids at once on the same numbers: none deadlocks, and the totals still equal a recount', async (t) => {
    for (let i = 0; i < 8; i++) await place(['3'])
    const voiding = tickets.splice(0, tickets.length)
    // Each placement and void takes intake, number totals, user totals and credit rows: in one order, or PostgreSQL would abort one of them.
    const answers = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => api(h, 'POST', '/api/v1/4d/bet', tokens[bettors[i % bettors.length]!], { DayCode: '3', Lines: [{ Number: pool[i % 4]!, Form: forms[i % forms.length], Big: 1, Small: 1 }] })),
      ...voiding.map((ticketNo) => api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${ticketNo}`, tokens.admin))
    ])
    t.same(answers.filter((a) => a.status !== 200 && a.body.code !== 'GA_NOT_ENOUGH_CREDIT').map((a) => `${a.status} ${a.body.message}`), [], 'every call placed, voided or was refused for credit')
    await assertRecount(t, h.db, 'after concurrent placements and voids')
  })

  t.test('settling and resetting a closed draw, with placements and voids on the open ones between', async (t) => {
    tokens = await moveTo(h, WEDNESDAY_CLOSE, [...bettors, 'admin'])
    await setSuperPassword(h, tokens.admin)
    const { rows: [wed] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE series = 'SG4D' AND draw_date = '2030-01-02'")
    const drawId = Number(wed?.draw_id)
    t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: result })).status, 200, 'result entered')
    let finalised = false
    for (let i = 0; i < 24; i++) {
      const r = random()
      if (r < 0.25) {
        const path = finalised ? `/api/v1/4d/result/reset6/${drawId}` : '/api/v1/4d/draw'
        const body = finalised ? { SuperPassword: SUPER_PASSWORD } : { DrawId: drawId, IsFinalised: true }
        const done = await api(h, 'PUT', path, tokens.admin, body)
        t.equal(done.status, 200, `${finalised ? 'reset' : 'finalise'}: ${done.status === 200 ? '' : JSON.stringify(done.body)}`)
        finalised = !finalised
        await assertRecount(t, h.db, finalised ? 'after finalising' : 'after a reset', drawId)
      } else if (r < 0.75) await place(['6', '2'])
      else await voidOne(true)
    }
    const { rows: [paid] } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM draw_user_totals WHERE draw_id = $1 AND (payout <> 0 OR kept_payout <> 0)', [drawId])
    t.ok(finalised ? Number(paid?.n) > 0 : Number(paid?.n) === 0, `the draw's payouts in the aggregates follow its state (finalised: ${finalised})`)
    await assertRecount(t, h.db, 'at the end')
  })

  t.test('the Full report read from the aggregates equals the one counted from the bets', async (t) => {
    const scopes: Array<Omit<ReportParams, 'userId'>> = [
      { game: '4D', drawDate: '2030-01-02' },
      { game: '4D', drawFrom: '2030-01-02', drawTo: '2030-01-06' },
      { game: '4D' },
      { game: 'TOTO', drawDate: '2030-01-03' }
    ]
    for (const userId of ['admin', 'ag1', 'ag2', 'mem1']) {
      for (const scope of scopes) {
        const params = { userId, ...scope }
        const { rows } = await h.db.query(FULL_FROM_BETS_SQL, scopeParams(params))
        t.same((await reportFull(h.db, params)).rows, rows, `${userId} ${JSON.stringify(scope)}`)
      }
    }
  })

  t.test("the migration's backfill counts the bets as the running totals do", async (t) => {
    const before = await rowsOf(h.db, 'SELECT * FROM draw_number_totals', NUMBER_KEY, NUMBER_COLUMNS)
    const text = await readFile(new URL('../../../../server/game-api/migrations/017_draw_totals.sql', import.meta.url), 'utf8')
    const backfill = text.slice(text.indexOf('-- backfill'))
    await h.db.transaction(async (tx) => {
      await tx.query('DELETE FROM draw_number_totals')
      await tx.query('DELETE FROM draw_user_totals')
      for (const statement of backfill.split(';').map((s) => s.trim()).filter((s) => s.includes('INSERT'))) await tx.query(statement)
    })
    t.same(await rowsOf(h.db, 'SELECT * FROM draw_number_totals', NUMBER_KEY, NUMBER_COLUMNS), before, 'the backfill gives the same rows')
    await assertRecount(t, h.db, 'after the backfill')
  })
})
