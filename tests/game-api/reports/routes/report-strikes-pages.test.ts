import t from 'tap'
import { readFileSync } from 'node:fs'
import { fromRoot } from '../../../../server/shared/paths.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'
import { upload, waitForJob } from '../../betting/upload-support.ts'

// Strike summaries and details, intake strike, bet page reports: served from the report code, with totals equal to existing reports' on the same data.
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)
type Answer = { rows: Array<Record<string, unknown>>, totals: Record<string, number> }
const prizeNames = (JSON.parse(readFileSync(fromRoot('menus/i18n/en.json'), 'utf8')) as { common: { prize: Record<string, string> } }).common.prize

const h = await gameApiHarness(t, 'pglite')
const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
const get = async (url: string, token: string): Promise<Answer> => {
  const r = await api(h, 'GET', url, token)
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data as Answer
}

t.test('strike summaries by prize, downline and number: their payout is reportStrike\'s, their winners reportStrike2\'s', async (t) => {
  for (const game of ['4d', 'tt']) {
    for (const [who, token] of [['admin', tokens.admin], ['ag1', tokens.ag1]] as const) {
      const strike = await get(`/api/v1/${game}/reportStrike`, token)
      const strike2 = await get(`/api/v1/${game}/reportStrike2`, token)
      t.ok(strike.rows.length > 0, `${game} ${who}: the seed has strikes`)
      for (const n of [1, 2, 3]) {
        const summary = await get(`/api/v1/${game}/reportStrikeSummary${n}`, token)
        t.ok(summary.rows.length > 0, `${game} ${who} summary ${n} has rows`)
        t.equal(cents(summary.totals.Payout), cents(strike.totals.Payout), `${game} ${who} summary ${n}: payout = reportStrike's`)
        t.equal(summary.totals.Strikes, strike.rows.length, `${game} ${who} summary ${n}: every prize won once`)
      }
      const byDownline = await get(`/api/v1/${game}/reportStrikeSummary2`, token)
      t.equal(byDownline.totals.Winners, strike2.totals.Winners, `${game} ${who}: winners per downline = reportStrike2's`)
      for (const row of byDownline.rows) {
        const same = strike2.rows.find((r) => r.UserId === row.UserId)
        t.equal(cents(row.Payout), cents(same?.Strike), `${game} ${who}: ${String(row.UserId)}'s payout = its reportStrike2 row`)
      }
      const prizes = await get(`/api/v1/${game}/reportStrikeSummary1`, token)
      t.same(new Set(prizes.rows.map((r) => r.Prize)), new Set(strike.rows.map((r) => r.Prize)), `${game} ${who}: one row per prize won`)
    }
  }
})

t.test('result details per line and per ticket: the payout of reportStrike; the own level\'s part equals reportFull\'s MyIntakeStrike over the winners', async (t) => {
  for (const game of ['4d', 'tt']) {
    const strike = await get(`/api/v1/${game}/reportStrike`, tokens.ag1)
    const strike2 = await get(`/api/v1/${game}/reportStrike2`, tokens.ag1)
    const lines = await get(`/api/v1/${game}/reportStrikeResultDetail1`, tokens.ag1)
    const tickets = await get(`/api/v1/${game}/reportStrikeResultDetail2`, tokens.ag1)
    const intake = await get(`/api/v1/${game}/selectReportInTakeStrike`, tokens.ag1)
    const full = await get(`/api/v1/${game}/reportFull`, tokens.ag1)
    t.equal(lines.rows.length, strike2.totals.Winners, `${game}: one line per winning bet`)
    t.equal(cents(lines.totals.Payout), cents(strike.totals.Payout), `${game}: lines pay what reportStrike says`)
    t.equal(cents(tickets.totals.Payout), cents(strike.totals.Payout), `${game}: tickets pay what reportStrike says`)
    t.equal(tickets.totals.Lines, lines.rows.length, `${game}: each winning line in one ticket row`)
    t.equal(cents(lines.totals.MyIntakeStrike), cents(full.totals.MyIntakeStrike), `${game}: ag1's intake strike on the lines = reportFull's`)
    t.equal(cents(intake.totals.IntakeStrike), cents(full.totals.MyIntakeStrike), `${game}: selectReportInTakeStrike = reportFull's MyIntakeStrike`)
    t.equal(intake.rows.length > 0, cents(full.totals.MyIntakeStrike) !== 0, `${game}: rows exactly when ag1's intake paid`)
    if (game === '4d') t.ok(intake.rows.length > 0, '4d: the seed has ag1 keep winning bets')
    t.ok(intake.rows.every((r) => Number(r.IntakeStrike) !== 0), `${game}: only bets whose intake paid`)
    // Prizes are codes the page words through common.prize in the user's language (en and zh), never English text; TOTO's side
    // bets are won under their bet type's code (*2, 2*, TO, …), which reads the same in every language.
    const code = (p: unknown) => typeof p === 'string' && (p in prizeNames || /^(\*[234]|[234]\*|TO|TE|TT)$/.test(p))
    const named = (row: Record<string, unknown>) => Array.isArray(row.Prizes) && row.Prizes.length > 0 && row.Prizes.every(code)
    t.same(lines.rows.filter((r) => !named(r)), [], `${game}: each line's prizes, a list of prize codes`)
    t.same(tickets.rows.filter((r) => !named(r) || typeof r.Numbers !== 'string'), [], `${game}: each ticket's prizes too, beside its winning numbers`)
    const count = (rows: Answer['rows']) => rows.reduce((n, r) => n + (r.Prizes as unknown[]).length, 0)
    t.equal(count(tickets.rows), count(lines.rows), `${game}: a ticket lists every prize its lines won`)
  }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/resultDate', tokens.ag1)).body.data as Array<{ DrawId: number }>
  const oneDraw = await get(`/api/v1/4d/reportStrikeResultDetail1?DrawId=${draws[0]!.DrawId}`, tokens.ag1)
  t.ok(oneDraw.rows.every((r) => r.DrawId === draws[0]!.DrawId), 'a draw narrows the details')
  t.match(await api(h, 'GET', '/api/v1/4d/reportStrikeSummary1?DrawId=x', tokens.ag1), { status: 400, body: { params: ['querystring/DrawId'] } })
  t.match(await api(h, 'GET', '/api/v1/4d/reportStrikeResultDetail2?UserId=ag1', tokens.ag2), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
})

t.test('bet page reports: a page\'s tickets, the user\'s own or with its downline; totals equal reportFull\'s', async (t) => {
  for (const game of ['4d', 'tt']) {
    const full = await get(`/api/v1/${game}/reportFull`, tokens.ag1)
    const group = await get(`/api/v1/${game}/reportPersonalBetPageFull`, tokens.ag1)
    const own = await get(`/api/v1/${game}/reportPersonalBetPage`, tokens.ag1)
    const ownRow = full.rows.find((r) => r.UserId === 'ag1')
    for (const column of ['Stake', 'Strike', 'Bets']) t.equal(cents(group.totals[column]), cents(full.totals[column]), `${game}: the group's tickets sum to reportFull's ${column}`)
    t.equal(cents(own.totals.Stake), cents(ownRow?.Stake), `${game}: the own tickets sum to ag1's own row`)
    t.ok(own.rows.every((r) => r.UserId === 'ag1'), `${game}: only ag1's tickets`)
  }
  const up = await upload(h, tokens.ag1, '4d', { UserId: 'ag1' }, 'mem1 3 7201 1-\nmem1 3 7202 2-\nag1 3 7203 1-\n')
  t.equal(up.status, 200, JSON.stringify(up.body))
  const fileId = up.body.data.FileId as number
  t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})).status, 200)
  t.match((await waitForJob(h, tokens.ag1, '4d', fileId)).last, { Status: 'done', Placed: 3 })
  const page = await get(`/api/v1/4d/reportBetPageFull?FileId=${fileId}`, tokens.ag1)
  const { rows: [placed] } = await h.db.query<{ stake: number, tickets: number }>(
    "SELECT sum(b.amount)::float8 AS stake, count(DISTINCT t.ticket_id)::int AS tickets FROM tickets t JOIN bets b ON b.ticket_id = t.ticket_id WHERE t.file_id = $1 AND b.status <> 'void'", [fileId])
  t.equal(cents(page.totals.Stake), cents(placed?.stake), 'the page\'s stake')
  t.equal(new Set(page.rows.map((r) => r.TicketNo)).size, placed?.tickets, 'each ticket of the page')
  t.ok(page.rows.every((r) => r.FileId === fileId), 'only the page\'s tickets')
  const mine = await get(`/api/v1/4d/reportBetPage?FileId=${fileId}`, tokens.ag1)
  t.ok(mine.rows.length > 0 && mine.rows.every((r) => r.UserId === 'ag1'), 'reportBetPage: ag1\'s own tickets of the page')
  t.equal((await get(`/api/v1/4d/reportBetPageFull?FileId=${fileId}`, tokens.ag2)).rows.length, 0, 'ag2 sees nothing of a page its group has no ticket on')
  t.match(await api(h, 'GET', '/api/v1/4d/reportBetPage', tokens.ag1), { status: 400, body: { code: 'GA_REPORT_FILE_REQUIRED' } })
  t.match(await api(h, 'GET', '/api/v1/4d/reportBetPageFull?FileId=0', tokens.ag1), { status: 400, body: { params: ['querystring/FileId'] } })
})
