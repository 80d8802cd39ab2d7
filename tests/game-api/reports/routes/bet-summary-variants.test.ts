import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// The bet summaries' variants (summary/drawDateT, betSummaryUserIdByShare, betSummaryByType, betSummaryByTypeSum, bet/tally, betSummaryReportFull), checked against the tables.
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)
const sumOf = (rows: Array<Record<string, unknown>>, column: string) => rows.reduce((s, r) => s + cents(r[column]), 0)
const GROUP_SQL = 'WITH RECURSIVE grp (user_id, depth) AS (SELECT $1::text, 0 UNION ALL SELECT u.user_id, grp.depth + 1 FROM users u JOIN grp ON u.parent_id = grp.user_id)'
const FOUR_D_FORMS = ['straight', 'roll', 'ibet', 'kbet']

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  /** The live stake on a draw per form of a user's group (or of one user's own bets). */
  const stakeByForm = async (root: string, drawId: number, only: string | null = null) => {
    const { rows } = await h.db.query<{ form: string, stake: number, payout: number }>(`${GROUP_SQL}
      SELECT b.form, sum(b.amount)::float8 AS stake, sum(b.payout)::float8 AS payout FROM bets b JOIN grp ON grp.user_id = b.user_id
      WHERE b.draw_id = $2 AND b.status <> 'void' AND ($3::text IS NULL OR b.user_id = $3) GROUP BY b.form`, [root, drawId, only])
    return new Map(rows.map((r) => [r.form, { stake: cents(r.stake), payout: cents(r.payout) }]))
  }
  const draws = (await api(h, 'GET', '/api/v1/4d/summary/drawDate', tokens.ag1)).body.data as Array<{ DrawId: number }>
  const drawId = draws[1]!.DrawId

  t.test('summary/drawDateT: the TOTO draws with bets of the group, under the 4D location', async (t) => {
    const underFourD = await api(h, 'GET', '/api/v1/4d/summary/drawDateT', tokens.ag1)
    t.equal(underFourD.status, 200)
    t.ok(underFourD.body.data.length > 0 && underFourD.body.data.every((d: { Series: string }) => d.Series === 'TOTO'), 'TOTO draws')
    t.same(underFourD.body.data, (await api(h, 'GET', '/api/v1/tt/summary/drawDate', tokens.ag1)).body.data, 'as summary/drawDate answers under tt')
    t.equal((await h.call('GET', '/api/v1/4d/summary/drawDateT')).statusCode, 401, 'signed in only')
  })

  t.test('betSummaryUserIdByShare: the users of the group holding a share of the game', async (t) => {
    for (const [game, column] of [['4d', 'd_share'], ['tt', 't_share']] as const) {
      const users = (await api(h, 'GET', `/api/v1/${game}/betSummaryUserIdByShare`, tokens.ag1)).body.data as Array<{ UserId: string, Share: number }>
      const { rows } = await h.db.query<{ user_id: string, share: number }>(`${GROUP_SQL}
        SELECT u.user_id, u.${column}::float8 AS share FROM grp JOIN users u ON u.user_id = grp.user_id WHERE u.${column} > 0 AND u.deleted_at IS NULL ORDER BY grp.depth, u.user_id`, ['ag1'])
      t.ok(rows.length > 0, `${game}: someone holds a share`)
      t.same(users.map((u) => [u.UserId, u.Share]), rows.map((r) => [r.user_id, Number(r.share)]), `${game}: exactly the share holders, the caller first`)
    }
    t.match(await api(h, 'GET', `/api/v1/4d/betSummaryUserIdByShare?LocId=${'x'.repeat(21)}`, tokens.ag1), { status: 400, body: { code: 'GA_FIELD_TOO_LONG' } })
  })

  t.test('betSummaryByType: per user a column per form, summing to its own stake; betSummaryByTypeSum and bet/tally: per form', async (t) => {
    const byType = (await api(h, 'GET', `/api/v1/4d/betSummaryByType?DrawId=${drawId}`, tokens.ag1)).body.data
    const rows = byType.rows as Array<Record<string, unknown>>
    t.ok(rows.length > 0)
    for (const row of rows) {
      const own = await stakeByForm('ag1', drawId, String(row.UserId))
      for (const form of FOUR_D_FORMS) t.equal(cents(row[form]), own.get(form)?.stake ?? 0, `${String(row.UserId)} ${form}`)
      t.equal(cents(row.Stake), FOUR_D_FORMS.reduce((s, f) => s + cents(row[f]), 0), `${String(row.UserId)}: Stake is the forms' sum`)
    }
    const group = await stakeByForm('ag1', drawId)
    t.equal(cents(byType.totals.Stake), [...group.values()].reduce((s, v) => s + v.stake, 0), 'the rows add up to the group\'s stake')

    const sum = (await api(h, 'GET', `/api/v1/4d/betSummaryByTypeSum?DrawId=${drawId}`, tokens.ag1)).body.data
    t.same(sum.rows.map((r: { Form: string }) => r.Form), FOUR_D_FORMS.filter((f) => group.has(f)), 'one row per form bet, in the game\'s order')
    for (const r of sum.rows as Array<{ Form: string, Stake: number, Payout: number }>) t.match({ stake: cents(r.Stake), payout: cents(r.Payout) }, group.get(r.Form), `${r.Form}: stake and payout`)
    t.equal(cents(sum.totals.Stake), cents(byType.totals.Stake), 'the same total')
    t.same((await api(h, 'GET', `/api/v1/4d/bet/tally?DrawId=${drawId}`, tokens.ag1)).body.data, sum, 'bet/tally is the same tally')
    const mem1 = (await api(h, 'GET', `/api/v1/4d/bet/tally?DrawId=${drawId}&UserId=mem1`, tokens.ag1)).body.data
    t.equal(sumOf(mem1.rows, 'Stake'), [...(await stakeByForm('ag1', drawId, 'mem1')).values()].reduce((s, v) => s + v.stake, 0), 'UserId: that user\'s own bets')
    const tt = (await api(h, 'GET', '/api/v1/tt/betSummaryByTypeSum', tokens.ag1)).body.data
    t.ok(tt.rows.length > 0 && tt.rows.every((r: { Form: string }) => !FOUR_D_FORMS.includes(r.Form)), 'tt: the TOTO bet types')
    t.match(await api(h, 'GET', '/api/v1/4d/bet/tally?UserId=ag1', tokens.mem1), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
    t.match(await api(h, 'GET', '/api/v1/4d/betSummaryByType?DrawId=-1', tokens.ag1), { status: 400, body: { params: ['querystring/DrawId'] } })
  })

  t.test('betSummaryReportFull: a row per direct downline (its whole group) and the user\'s own, adding up to the group', async (t) => {
    const report = (await api(h, 'GET', `/api/v1/4d/betSummaryReportFull?DrawId=${drawId}`, tokens.ag1)).body.data
    const rows = report.rows as Array<Record<string, unknown>>
    const { rows: direct } = await h.db.query<{ user_id: string }>("SELECT user_id FROM users WHERE parent_id = 'ag1'")
    t.ok(rows.every((r) => r.UserId === 'ag1' || direct.some((d) => d.user_id === r.UserId)), 'the user and its direct downlines only')
    t.ok(rows.filter((r) => r.Own === true).every((r) => r.UserId === 'ag1'), 'the own row is the user\'s')
    for (const row of rows.filter((r) => r.Own !== true)) {
      t.equal(cents(row.Stake), [...(await stakeByForm(String(row.UserId), drawId)).values()].reduce((s, v) => s + v.stake, 0), `${String(row.UserId)}: its whole group`)
    }
    const group = [...(await stakeByForm('ag1', drawId)).values()].reduce((s, v) => s + v.stake, 0)
    t.equal(sumOf(rows, 'Stake'), group, 'the rows add up to the group\'s stake')
    t.equal(cents(report.totals.Stake), group)
    t.equal(cents(report.totals.Stake), cents((await api(h, 'GET', `/api/v1/4d/betSummaryFull?DrawId=${drawId}`, tokens.ag1)).body.data.totals.Stake), 'as betSummaryFull')
    const ag2 = (await api(h, 'GET', `/api/v1/4d/betSummaryReportFull?DrawId=${drawId}&UserId=ag2`, tokens.ag1)).body.data
    t.equal(cents(ag2.totals.Stake), [...(await stakeByForm('ag2', drawId)).values()].reduce((s, v) => s + v.stake, 0), 'UserId: the report of that user\'s group')
    t.match(await api(h, 'GET', '/api/v1/4d/betSummaryReportFull?UserId=ag1', tokens.ag2), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
    t.match(await api(h, 'GET', '/api/v1/4d/betSummaryReportFull?DrawId=999999', tokens.ag1), { status: 404 })
  })
})
