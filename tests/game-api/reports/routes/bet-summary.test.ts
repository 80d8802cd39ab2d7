import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Bet summaries (summary/drawDate, summary/userIds, betSummaryFull, betSummary3Full): what the caller's group bet, checked against the tables.
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)
const sumOf = (rows: Array<Record<string, unknown>>, column: string) => rows.reduce((s, r) => s + cents(r[column]), 0)
const GROUP_SQL = 'WITH RECURSIVE grp (user_id) AS (SELECT $1::text UNION ALL SELECT u.user_id FROM users u JOIN grp ON u.parent_id = grp.user_id)'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  /** The stake of the live bets on a draw placed in a user's group (or by one user only). */
  const stakeIn = async (root: string, drawId: number, only: string | null = null) => {
    const { rows: [r] } = await h.db.query<{ stake: number, bets: number, tickets: number }>(`${GROUP_SQL}
      SELECT COALESCE(sum(b.amount), 0)::float8 AS stake, count(*)::int AS bets, count(DISTINCT b.ticket_id)::int AS tickets FROM bets b JOIN grp ON grp.user_id = b.user_id
      WHERE b.draw_id = $2 AND b.status <> 'void' AND ($3::text IS NULL OR b.user_id = $3)`, [root, drawId, only])
    return { stake: cents(r?.stake), bets: Number(r?.bets), tickets: Number(r?.tickets) }
  }

  t.test('summary/drawDate: the draws with bets of the group, newest first, of the prefix\'s game', async (t) => {
    for (const [game, name] of [['4d', '4D'], ['tt', 'TOTO']] as const) {
      const ag1 = (await api(h, 'GET', `/api/v1/${game}/summary/drawDate`, tokens.ag1)).body.data as Array<{ DrawId: number, DrawDate: string, Series: string }>
      t.ok(ag1.length > 3, `${game}: ag1's group bet on ${ag1.length} draws`)
      const { rows } = await h.db.query<{ draw_id: number }>(`${GROUP_SQL}
        SELECT DISTINCT b.draw_id FROM bets b JOIN grp ON grp.user_id = b.user_id JOIN draws d ON d.draw_id = b.draw_id WHERE d.game = $2 AND b.status <> 'void'`, ['ag1', name])
      t.same(ag1.map((d) => d.DrawId).sort((a, b) => a - b), rows.map((r) => Number(r.draw_id)).sort((a, b) => a - b), `${game}: exactly the draws with bets of the group`)
      t.ok(ag1.every((d, i) => i === 0 || ag1[i - 1]!.DrawDate >= d.DrawDate), `${game}: newest first`)
      t.ok(ag1.every((d) => (game === 'tt') === (d.Series === 'TOTO')), `${game}: draws of the game only`)
      const ag2 = (await api(h, 'GET', `/api/v1/${game}/summary/drawDate`, tokens.ag2)).body.data as Array<{ DrawId: number }>
      t.ok(ag2.every((d) => ag1.some((a) => a.DrawId === d.DrawId)), `${game}: a downline's draws are among its upline's`)
    }
  })

  t.test('summary/userIds: the group\'s users with bets, the caller first; narrowed to a draw', async (t) => {
    const all = (await api(h, 'GET', '/api/v1/4d/summary/userIds', tokens.ag1)).body.data as Array<{ UserId: string, UserName: string, Role: string, ParentId: string | null }>
    t.equal(all[0]?.UserId, 'ag1', 'ag1 bets too, so it comes first')
    t.same(all.map((u) => u.UserId).sort(), ['ag1', 'ag2', 'mem1', 'mem2', 'mem3'], 'every bettor of the group, nobody above it')
    t.match(all.find((u) => u.UserId === 'mem2'), { Role: 'MEM', ParentId: 'ag2' })
    const [draw] = (await api(h, 'GET', '/api/v1/4d/summary/drawDate', tokens.ag1)).body.data as Array<{ DrawId: number }>
    const onDraw = (await api(h, 'GET', `/api/v1/4d/summary/userIds?DrawId=${draw!.DrawId}`, tokens.ag1)).body.data as Array<{ UserId: string }>
    for (const u of all) {
      const bet = (await stakeIn('ag1', draw!.DrawId, u.UserId)).bets > 0
      t.equal(onDraw.some((o) => o.UserId === u.UserId), bet, `${u.UserId} is listed for draw ${draw!.DrawId} exactly when it bet on it`)
    }
    const mine = (await api(h, 'GET', '/api/v1/4d/summary/userIds', tokens.mem1)).body.data as Array<{ UserId: string }>
    t.same(mine.map((u) => u.UserId), ['mem1'], 'a member has only itself')
  })

  t.test('betSummaryFull: per number and form, the stake of the group on a draw; one user\'s own bets with UserId', async (t) => {
    for (const game of ['4d', 'tt']) {
      const draws = (await api(h, 'GET', `/api/v1/${game}/summary/drawDate`, tokens.ag1)).body.data as Array<{ DrawId: number, DrawDate: string }>
      const latest = (await api(h, 'GET', `/api/v1/${game}/betSummaryFull?rand=1`, tokens.ag1)).body.data
      t.match(latest, { DrawId: draws[0]!.DrawId, DrawDate: draws[0]!.DrawDate }, `${game}: without DrawId, the newest draw with bets`)
      const draw = draws[2]!
      const r = (await api(h, 'GET', `/api/v1/${game}/betSummaryFull?DrawId=${draw.DrawId}`, tokens.ag1)).body.data
      const rows = r.rows as Array<Record<string, unknown>>
      const expected = await stakeIn('ag1', draw.DrawId)
      t.ok(rows.length > 0, `${game}: rows`)
      t.equal(sumOf(rows, 'Stake'), expected.stake, `${game}: the rows' stake is every live bet of the group on the draw`)
      t.equal(cents(r.totals.Stake), expected.stake, `${game}: totals`)
      t.equal(rows.reduce((s, x) => s + Number(x.Bets), 0), expected.bets, `${game}: every bet counted once`)
      t.equal(r.totals.Bets, expected.bets, `${game}: totals count every bet`)
      t.equal(r.totals.Tickets, expected.tickets, `${game}: and every ticket once, though its lines sit on several rows`)
      t.same(new Set(rows.map((x) => `${x.Number}/${x.Form}`)).size, rows.length, `${game}: one row per number and form`)
      t.ok(rows.every((x, i) => i === 0 || Number(rows[i - 1]!.Stake) >= Number(x.Stake)), `${game}: largest stake first`)
      if (game === '4d') t.ok(rows.every((x) => /^\d{4}$/.test(String(x.Number)) && Number(x.Units) === 0), '4d: numbers, Big and Small (no units)')
      else t.ok(sumOf(rows, 'Units') > 0 && sumOf(rows, 'Big') === 0, 'tt: units (no Big and Small)')

      const own = (await api(h, 'GET', `/api/v1/${game}/betSummaryFull?DrawId=${draw.DrawId}&UserId=mem1`, tokens.ag1)).body.data
      t.equal(cents(own.totals.Stake ?? 0), (await stakeIn('ag1', draw.DrawId, 'mem1')).stake, `${game}: UserId narrows to that user's own bets`)

      const summary = (await api(h, 'GET', `/api/v1/${game}/reportSummary3?DrawId=${draw.DrawId}`, tokens.ag1)).body.data
      t.equal(cents(r.totals.Stake), cents(summary.totals.Stake), `${game}: the same stake as the summary report of that draw`)
    }
  })

  t.test('betSummary3Full: per user and form, each user\'s own bets; they add up to the group\'s', async (t) => {
    const draws = (await api(h, 'GET', '/api/v1/4d/summary/drawDate', tokens.ag1)).body.data as Array<{ DrawId: number }>
    const drawId = draws[1]!.DrawId
    const r = (await api(h, 'GET', `/api/v1/4d/betSummary3Full?DrawId=${drawId}`, tokens.ag1)).body.data
    const rows = r.rows as Array<Record<string, unknown>>
    t.equal(sumOf(rows, 'Stake'), (await stakeIn('ag1', drawId)).stake, 'the users\' stakes add up to the group\'s')
    for (const user of new Set(rows.map((x) => String(x.UserId)))) {
      t.equal(sumOf(rows.filter((x) => x.UserId === user), 'Stake'), (await stakeIn('ag1', drawId, user)).stake, `${user}: its own bets`)
    }
    if (rows.some((x) => x.UserId === 'ag1')) t.equal(rows[0]?.UserId, 'ag1', 'the caller first when it bet')
    t.notOk('Tickets' in r.totals, 'tickets are not summed (a ticket may hold two forms)')
    t.ok(rows.every((x) => x.DrawId === drawId) && !('DrawId' in r.totals), 'each row names its draw (for its Transfer action), not summed')
    t.ok(rows.every((x) => Number(x.Tickets) >= 1 && Number(x.Bets) >= Number(x.Tickets) && typeof x.Form === 'string'), 'tickets, bets and form on each row')
  })

  t.test('access and input: downline only, draws of the game, numbers checked', async (t) => {
    const mine = await api(h, 'GET', '/api/v1/4d/betSummaryFull?UserId=mem1', tokens.ag2)
    t.equal(mine.status, 403)
    t.equal(mine.body.message, 'User mem1 is not in your downline; choose yourself or a user below you.')
    t.equal((await api(h, 'GET', '/api/v1/4d/betSummary3Full?UserId=ag1', tokens.mem1)).status, 403, 'not for an upline')
    t.equal((await api(h, 'GET', '/api/v1/4d/betSummaryFull?UserId=mem2', tokens.ag1)).status, 200, 'a downline two levels down')
    const tt = (await api(h, 'GET', '/api/v1/tt/summary/drawDate', tokens.ag1)).body.data as Array<{ DrawId: number }>
    const wrong = await api(h, 'GET', `/api/v1/4d/betSummaryFull?DrawId=${tt[0]!.DrawId}`, tokens.ag1)
    t.equal(wrong.status, 404, 'a TOTO draw is not a 4D draw')
    t.match(wrong.body.message, /^Draw \d+ does not exist/)
    const bad = await api(h, 'GET', '/api/v1/4d/betSummaryFull?DrawId=abc', tokens.ag1)
    t.equal(bad.status, 400)
    t.match(bad.body.message, /querystring\/DrawId/)
    t.equal((await api(h, 'GET', '/api/v1/4d/summary/userIds?DrawId=0', tokens.ag1)).status, 400)
    t.equal((await h.call('GET', '/api/v1/4d/summary/drawDate')).statusCode, 401, 'signed in only')
  })

  t.test('a staff admin reads the company\'s summaries; a user without bets gets an empty one, not an error', async (t) => {
    const ops = await h.signIn('ops')
    for (const path of ['summary/drawDate', 'summary/userIds', 'betSummaryFull']) {
      const company = (await api(h, 'GET', `/api/v1/4d/${path}`, tokens.admin)).body.data
      t.same((await api(h, 'GET', `/api/v1/4d/${path}`, ops)).body.data, company, `${path}: ops sees what admin sees`)
    }
    t.same((await api(h, 'GET', '/api/v1/4d/betSummaryFull?UserId=clerk', ops)).body.data, { DrawId: null, DrawDate: null, rows: [], totals: {}, count: 0 }, 'clerk placed no bets')
  })
})
