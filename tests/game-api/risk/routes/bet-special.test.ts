import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Bet Special: the two settings, and generating a special bet as a durable job on the next open draw (server/docs/special-bets.md).
async function finished (h: GameApiHarness, token: string, jobId: number): Promise<Record<string, unknown>> {
  let status: Record<string, unknown> = {}
  for (let i = 0; i < 60 && status.Status !== 'done' && status.Status !== 'failed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    status = (await api(h, 'GET', `/api/v1/4d/generateBetSpecial/${jobId}/status`, token)).body.data
  }
  return status
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId

  t.test('the settings: empty at first, changed field by field', async (t) => {
    const one = await api(h, 'GET', '/api/v1/4d/getBetSpecialSetting1', tokens.admin)
    t.equal(one.status, 200, JSON.stringify(one.body))
    t.match(one.body.data, { Patterns: [], Numbers: [], Big: 0, Small: 0, Count: 0 })
    t.same(one.body.data.PatternChoices.map((p: { Pattern: string, Count: number }) => [p.Pattern, p.Count]), [['QUAD', 10], ['RUN', 14], ['MIRROR', 90], ['DOUBLE_PAIR', 90], ['ALTERNATE', 90]])
    t.same((await api(h, 'GET', '/api/v1/4d/getBetSpecialSetting2', tokens.admin)).body.data, { UserId: 'admin', Series: 'SG4D', SkipPlaced: true, MaxStake: 0 })
    const empty = await api(h, 'PUT', '/api/v1/4d/generateBetSpecial', tokens.admin, {})
    t.same([empty.status, empty.body.code], [400, 'GA_BET_SPECIAL_EMPTY'])
    const saved = await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { Patterns: ['QUAD'], Numbers: ['1234', '1234'], Big: 1 })
    t.equal(saved.status, 200, JSON.stringify(saved.body))
    t.match(saved.body.data.Setting1, { Patterns: ['QUAD'], Numbers: ['1234'], Big: 1, Small: 0, Count: 11 })
    const two = await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { UserId: 'mem1' })
    t.same(two.body.data.Setting2, { UserId: 'mem1', Series: 'SG4D', SkipPlaced: true, MaxStake: 0 })
    t.match(two.body.data.Setting1, { Patterns: ['QUAD'], Big: 1 }, 'setting 1 kept')
    const cents = await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { Big: 0.07, MaxStake: 19.99 })
    t.match([cents.status, cents.body.data], [200, { Setting1: { Big: 0.07 }, Setting2: { MaxStake: 19.99 } }], 'amounts in cents, binary fractions such as 0.07 too')
    const third = await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { Small: 0.075 })
    t.same([third.status, third.body.code, third.body.params], [400, 'GA_FIELD_NOT_CENTS', ['body/Small', '0.075']], 'a fraction of a cent is refused by the one cents rule')
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { Big: 1, MaxStake: 0 })).status, 200)
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { Numbers: ['12a4'] })).status, 400, 'a number is 4 digits')
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { Patterns: ['SEVENS'] })).status, 400, 'a pattern of the list')
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.ag2, { UserId: 'mem1' })).body.code, 'GA_NOT_YOUR_DOWNLINE', 'the account is the level or below it')
    t.equal((await api(h, 'GET', '/api/v1/4d/getBetSpecialSetting1', tokens.ag1)).body.code, 'GA_NO_OUTSET', 'OutSet is needed')
    t.equal((await api(h, 'GET', '/api/v1/tt/getBetSpecialSetting1', tokens.admin)).status, 404, 'a 4D page only')
  })

  t.test('generating: one ticket of the special numbers for mem1 on the next SG4D draw, leaving out what mem1 already bet', async (t) => {
    t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: '8888', Big: 2 }] })).status, 200)
    const started = await api(h, 'PUT', '/api/v1/4d/generateBetSpecial', tokens.admin, {})
    t.equal(started.status, 200, JSON.stringify(started.body))
    t.match(started.body.data, { DrawId: drawId, Lines: 10 }, '10 quads and 1234, less 8888')
    const status = await finished(h, tokens.admin, started.body.data.JobId)
    t.match(status, { Status: 'done', Progress: 100, Lines: 10, Stake: 10, TicketNo: /^D\d{8}$/ })
    t.match(status.Message, /^Placed ticket D\d{8} for mem1: 10 special numbers, stake 10\.00\.$/)
    const { rows } = await h.db.query<{ user_id: string, placed_by: string, source: string, lines: string }>(
      'SELECT t.user_id, t.placed_by, t.source, count(b.bet_id) AS lines FROM tickets t JOIN bets b ON b.ticket_id = t.ticket_id WHERE t.ticket_no = $1 GROUP BY t.ticket_id', [status.TicketNo])
    t.same(rows.map((r) => ({ ...r, lines: Number(r.lines) })), [{ user_id: 'mem1', placed_by: 'admin', source: 'special', lines: 10 }], 'an ordinary ticket, marked special')
    const { rows: levels } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id JOIN tickets t ON t.ticket_id = b.ticket_id WHERE t.ticket_no = $1', [status.TicketNo])
    t.ok(Number(levels[0]?.n) >= 30, 'its level rows written as for any bet (mem1, ag1, admin)')
    const again = await api(h, 'PUT', '/api/v1/4d/generateBetSpecial', tokens.admin, { DrawId: drawId })
    t.same([again.status, again.body.code, again.body.params], [409, 'GA_BET_SPECIAL_DONE', [String(drawId), status.TicketNo]], 'one special bet per level and draw')
    t.equal((await api(h, 'GET', `/api/v1/4d/generateBetSpecial/${started.body.data.JobId}/status`, tokens.ag2)).body.code, 'GA_BET_SPECIAL_JOB_NOT_FOUND', 'another level\'s job')
  })

  t.test('a refusal by placement ends the job failed with its message, placing nothing', async (t) => {
    // ag2 has placing disabled (disablePlaceBetAndFixedBet), so its special bet is refused like any bet it places.
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.ag2, { Patterns: ['RUN'], Small: 1, MaxStake: 5 })).status, 200)
    const started = await api(h, 'PUT', '/api/v1/4d/generateBetSpecial', tokens.ag2, { DrawId: drawId })
    t.equal(started.status, 200, JSON.stringify(started.body))
    t.equal(started.body.data.Lines, 5, 'MaxStake 5 at $1 a number: the first 5 runs')
    const status = await finished(h, tokens.ag2, started.body.data.JobId)
    t.match(status, { Status: 'failed', TicketNo: null, Lines: 0 })
    t.match(status.Message, /^Failed after 1 attempt: /)
    const { rows } = await h.db.query("SELECT 1 FROM tickets WHERE placed_by = 'ag2' AND source = 'special'")
    t.equal(rows.length, 0)
    t.equal((await api(h, 'PUT', '/api/v1/4d/generateBetSpecial', tokens.ag2, { DrawId: drawId })).status, 200, 'nothing was recorded: it may be started again')
  })

  t.test('the next open draw: one closed by hand is passed over, as it takes no bets', async (t) => {
    const next = draws.filter((d) => d.Series === 'SG4D').map((d) => d.DrawId).find((id) => id !== drawId)
    t.equal((await api(h, 'PUT', `/api/v1/4d/draw/${drawId}/close`, tokens.admin, {})).status, 200, 'the next draw closed by hand')
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateBetSpecialSetting', tokens.admin, { UserId: 'mem1', Patterns: ['QUAD'], Big: 1 })).status, 200)
    const started = await api(h, 'PUT', '/api/v1/4d/generateBetSpecial', tokens.admin, {})
    t.equal(started.status, 200, JSON.stringify(started.body))
    t.equal(started.body.data.DrawId, next, 'the draw after it')
    t.match(await finished(h, tokens.admin, started.body.data.JobId), { Status: 'done' })
  })
})
