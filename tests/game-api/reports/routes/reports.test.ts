import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'
import { contractFields } from '../../../helpers/envelope.ts'

const REPORTS = ['reportFull', 'reportCollectionFull', 'reportOutFull', 'mMemberReportSummary', 'reportGroupFull', 'reportGroup2Full', 'reportStakeFull', 'reportStrike', 'reportStrike2', 'resultReport', 'reportSummary3']
/** The group columns that must add up across the hierarchy. */
const ADDITIVE = ['Tickets', 'Bets', 'Stake', 'Commission', 'Strike', 'Net', 'Intake', 'IntakeStrike', 'IntakeNet']
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }

  t.test('the seed makes every report show figures for ag1, on 4D and TOTO', async (t) => {
    for (const game of ['4d', 'tt']) {
      for (const name of REPORTS) {
        const r = await api(h, 'GET', `/api/v1/${game}/${name}?rand=1`, tokens.ag1)
        t.equal(r.status, 200, `${game} ${name}`)
        t.ok(r.body.data.rows.length > 0, `${game} ${name} has rows`)
        t.ok(Object.values(r.body.data.totals).some((v) => Number(v) !== 0), `${game} ${name} has non-zero totals`)
      }
    }
  })

  t.test('a level\'s row one level up equals the sum of its own report\'s rows (ag1 under admin, ag2 under ag1, admin\'s downlines)', async (t) => {
    const ranges = ['', '?DrawFrom=2029-12-20&DrawTo=2029-12-28']
    for (const game of ['4d', 'tt']) {
      for (const range of ranges) {
        const pairs: Array<[string, string, string]> = [['admin', 'ag1', tokens.ag1], ['ag1', 'ag2', tokens.ag2], ['admin', 'ops', tokens.admin], ['ag1', 'mem1', tokens.mem1]]
        for (const [parent, child, childToken] of pairs) {
          const parentToken = parent === 'admin' ? tokens.admin : tokens.ag1
          const above = await api(h, 'GET', `/api/v1/${game}/reportFull${range}`, parentToken)
          const row = above.body.data.rows.find((r: { UserId: string }) => r.UserId === child)
          t.ok(row, `${child} has a row in ${parent}'s report`)
          const own = await api(h, 'GET', `/api/v1/${game}/reportFull${range}${range ? '&' : '?'}UserId=${child}`, child === 'ops' ? tokens.admin : childToken)
          const rows = own.body.data.rows as Array<Record<string, number>>
          for (const column of ADDITIVE) {
            t.equal(rows.reduce((s, r) => s + cents(r[column]), 0), cents(row[column]), `${game}${range} ${column}: ${child}'s rows add up to its row under ${parent}`)
            t.equal(cents(own.body.data.totals[column]), cents(row[column]), `${game}${range} ${column}: totals`)
          }
        }
        // The whole tree: admin's totals equal the sum over every bet of the game in the range.
        const top = await api(h, 'GET', `/api/v1/${game}/reportFull${range}`, tokens.admin)
        const summary = await api(h, 'GET', `/api/v1/${game}/reportSummary3${range}`, tokens.admin)
        for (const column of ['Stake', 'Commission', 'Strike', 'Intake', 'IntakeStrike']) {
          t.equal(cents(summary.body.data.totals[column]), cents(top.body.data.totals[column]), `${game}${range} ${column}: summary per draw = full report`)
        }
        const { rows: [all] } = await h.db.query<{ stake: number, payout: number }>(
          `SELECT COALESCE(sum(b.amount), 0)::float8 AS stake, COALESCE(sum(b.payout), 0)::float8 AS payout FROM bets b JOIN draws d ON d.draw_id = b.draw_id
           WHERE b.status <> 'void' AND d.game = $1 AND ($2::date IS NULL OR d.draw_date BETWEEN $2::date AND $3::date)`,
          [game === '4d' ? '4D' : 'TOTO', range ? '2029-12-20' : null, range ? '2029-12-28' : null])
        t.equal(cents(top.body.data.totals.Stake), cents(all?.stake), `${game}${range}: admin's stake is every bet's`)
        t.equal(cents(top.body.data.totals.Strike), cents(all?.payout), `${game}${range}: admin's strike is every payout`)
        t.equal(cents(top.body.data.totals.Intake), cents(all?.stake), `${game}${range}: the intakes of every level add up to the stake (admin keeps all that reaches it)`)
      }
    }
  })

  t.test('a draw and a draw date narrow the report; bad filters answer 400', async (t) => {
    const draws = await api(h, 'GET', '/api/v1/4d/draw/resultDate', tokens.ag1)
    const draw = draws.body.data[0]
    const byId = await api(h, 'GET', `/api/v1/4d/reportSummary3?DrawId=${draw.DrawId}`, tokens.ag1)
    t.same(byId.body.data.rows.map((r: { DrawId: number }) => r.DrawId), [draw.DrawId])
    const byDate = await api(h, 'GET', `/api/v1/4d/reportSummary3?DrawDate=${draw.DrawDate}`, tokens.ag1)
    t.same(byDate.body.data.rows.map((r: { DrawDate: string }) => r.DrawDate), [draw.DrawDate])
    const reversed = await api(h, 'GET', '/api/v1/4d/reportFull?DrawFrom=2030-01-02&DrawTo=2029-12-01', tokens.ag1)
    t.same(contractFields(reversed.body), { success: false, message: 'The first day of the period, 01/02/2030, must not be later than its last day, 12/01/2029.' })
    t.equal((await api(h, 'GET', '/api/v1/4d/reportFull?DrawDate=2029-02-30', tokens.ag1)).status, 400)
  })

  t.test('access: a report for a user outside one\'s downline is 403', async (t) => {
    const r = await api(h, 'GET', '/api/v1/4d/reportFull?UserId=mem1', tokens.ag2)
    t.equal(r.status, 403)
    t.equal(r.body.message, 'User mem1 is not in your downline; choose yourself or a user below you.')
    t.equal((await api(h, 'GET', '/api/v1/4d/mMemberReportSummary?UserId=ag1', tokens.mem1)).status, 403, 'not for an upline')
    t.equal((await api(h, 'GET', '/api/v1/4d/reportFull?UserId=mem2', tokens.ag1)).status, 200, 'a downline two levels down')
    t.equal((await h.call('GET', '/api/v1/4d/reportFull')).statusCode, 401, 'signed in only')
  })
})
