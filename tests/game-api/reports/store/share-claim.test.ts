import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { betHoldings, shareClaimCompany, shareClaimDownLine } from '../../../../server/game-api/reports/store/share-claim.ts'

// The share-claim invariant: every settled bet of the seeded draws is held 100 % across its levels and Out, to the cent,
// and the reports built on those parts (per downline, per holder) add up to the same win/loss.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const { rows: draws } = await h.db.query<{ draw_id: number, game: '4D' | 'TOTO' }>('SELECT draw_id, game FROM draws WHERE is_finalised ORDER BY draw_id')

  t.test('each settled bet\'s parts add up to its stake less its payout, for every seeded draw', async (t) => {
    t.ok(draws.length >= 10, `the seed finalised draws of both games (${draws.length})`)
    let bets = 0
    const broken: string[] = []
    for (const draw of draws) {
      const holdings = await betHoldings(h.db, { userId: 'admin', game: draw.game, drawId: Number(draw.draw_id) })
      for (const bet of holdings) {
        bets++
        const sum = bet.Parts.reduce((s, p) => s + p.Cents, 0)
        if (sum !== bet.WinLossCents) broken.push(`bet ${bet.BetId}: parts ${sum} of ${bet.WinLossCents}`)
      }
    }
    const { rows: [settled] } = await h.db.query<{ n: string }>("SELECT count(*) AS n FROM bets WHERE status IN ('won', 'lost')")
    t.equal(bets, Number(settled?.n), 'every settled bet was checked')
    t.same(broken.slice(0, 5), [], `all ${bets} bets add up to 100 % to the cent`)
  })

  t.test('per downline: what the group holds plus the claim is the group\'s win/loss', async (t) => {
    for (const game of ['4D', 'TOTO'] as const) {
      for (const userId of ['admin', 'ag1']) {
        const report = await shareClaimDownLine(h.db, { userId, game })
        t.ok(report.rows.length > 0, `${userId} ${game}: downlines with settled bets`)
        for (const row of report.rows) {
          t.equal(Math.round((row.DownlineShare + row.Claim) * 100), Math.round(row.WinLoss * 100), `${userId} ${game} ${row.UserId}: group + claim = win/loss`)
          t.equal(Math.round(row.Claim * 100), Math.round((row.UplineShare + row.AboveShare) * 100))
        }
      }
    }
  })

  t.test('the company view of ag1: ag1, its downline and admin hold the group\'s win/loss, 100 %', async (t) => {
    const report = await shareClaimCompany(h.db, { userId: 'ag1', game: '4D' })
    const holders = report.rows.map((r) => r.Holder)
    t.same(holders.filter((x) => x === 'ag1' || x === 'admin').sort(), ['admin', 'ag1'], 'ag1 (dShare 0.5) and the company hold parts')
    t.ok(holders.includes('DOWNLINE') || !holders.includes('ag2'), 'levels below ag1 are one DOWNLINE row, never named')
    const cents = report.rows.reduce((s, r) => s + Math.round(r.WinLoss * 100), 0)
    t.equal(cents, Math.round(report.WinLoss * 100), 'the holders add up to the group\'s win/loss')
    t.ok(Math.abs(report.rows.reduce((s, r) => s + r.Part, 0) - 1) < 0.0005, 'the parts add up to 1 (each rounded to 6 places)')
    const { rows: [check] } = await h.db.query<{ wl: string }>(
      `WITH RECURSIVE tree (user_id) AS (SELECT 'ag1'::text UNION ALL SELECT u.user_id FROM users u JOIN tree ON u.parent_id = tree.user_id)
       SELECT sum(amount - payout) AS wl FROM bets WHERE game = '4D' AND status IN ('won', 'lost') AND user_id IN (SELECT user_id FROM tree)`)
    t.equal(Math.round(report.WinLoss * 100), Math.round(Number(check?.wl) * 100), 'the win/loss is that of ag1\'s group\'s settled bets')
  })
})
