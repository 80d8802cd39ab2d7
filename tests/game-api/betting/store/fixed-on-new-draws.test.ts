import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'
import { ensureDraws } from '../../../../server/game-api/draws/store/draws.ts'

// Fixed Process runs by itself for each new draw (created by hand or by the calendar): each standing order placed once on it.

/** Waits for the fixed process queued for a draw to end; answers its status. */
async function jobForDraw (h: GameApiHarness, drawId: number): Promise<string> {
  return eventually(async () => {
    const { rows } = await h.db.query<{ status: string }>("SELECT status FROM jobs WHERE kind = 'fixed-process' AND payload->'drawIds' @> to_jsonb($1::int) ORDER BY job_id DESC LIMIT 1", [drawId])
    const status = rows[0]?.status
    return (status === 'done' || status === 'failed') && status
  }, { within: 60_000, what: `the fixed process for draw ${drawId}` })
}

/** Fixed tickets of a user on a draw. */
const fixedOn = async (h: GameApiHarness, userId: string, drawId: number) => (await h.db.query<{ n: number }>(
  "SELECT count(DISTINCT t.ticket_id)::int AS n FROM tickets t JOIN bets b ON b.ticket_id = t.ticket_id WHERE t.user_id = $1 AND t.source = 'fixed' AND b.draw_id = $2", [userId, drawId])).rows[0]?.n

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), mem1: await h.signIn('mem1'), mem2: await h.signIn('mem2') }
  // mem1 bets Magnum's Tuesday special (9M) every week, mem2 Singapore's Wednesday (3).
  for (const [user, dayCode, number] of [['mem1', '9M', '4321'], ['mem2', '3', '8765']] as const) {
    const made = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens[user], { DayCode: dayCode, Lines: [{ Number: number, Big: 1 }] })
    t.equal(made.status, 200, JSON.stringify(made.body))
  }

  t.test('a draw created by hand gets the orders whose day code covers it, once', async (t) => {
    const created = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-22', Series: 'MG4D' })
    t.equal(created.status, 200, JSON.stringify(created.body))
    const drawId = created.body.data.DrawId
    t.equal(await jobForDraw(h, drawId), 'done')
    t.equal(await fixedOn(h, 'mem1', drawId), 1, "mem1's 9M order is placed on the Tuesday special")
    t.equal(await fixedOn(h, 'mem2', drawId), 0, "mem2's Wednesday order is not")
    const { rows: [job] } = await h.db.query<{ user_id: string }>("SELECT user_id FROM jobs WHERE kind = 'fixed-process' AND payload->'drawIds' @> to_jsonb($1::int)", [drawId])
    t.equal(job?.user_id, 'admin', 'queued as the admin who created the draw')

    // Running the fixed process by hand afterwards places nothing twice.
    const run = await api(h, 'POST', '/api/v1/4d/updateProcessJob', tokens.admin, {})
    t.equal(run.status, 200)
    await eventually(async () => ['done', 'failed'].includes((await api(h, 'GET', `/api/v1/4d/selectProcessJob/${run.body.data.JobId}`, tokens.admin)).body.data.Status), { within: 60_000, what: 'the manual fixed process' })
    t.equal(await fixedOn(h, 'mem1', drawId), 1, 'still one ticket per order per draw')
  })

  t.test('draws the calendar creates get them too; draws that exist already queue nothing', async (t) => {
    await h.db.transaction((tx) => ensureDraws(tx, 'SG4D', ['2030-01-30', '2030-02-02'], h.clock.now()))
    const { rows } = await h.db.query<{ draw_id: number, draw_date: string }>("SELECT draw_id, to_char(draw_date, 'YYYY-MM-DD') AS draw_date FROM draws WHERE series = 'SG4D' AND draw_date IN ('2030-01-30', '2030-02-02') ORDER BY draw_date")
    const [wednesday, saturday] = rows.map((r) => Number(r.draw_id))
    t.equal(await jobForDraw(h, wednesday!), 'done')
    t.equal(await fixedOn(h, 'mem2', wednesday!), 1, "mem2's Wednesday order on the new Wednesday draw")
    t.equal(await fixedOn(h, 'mem2', saturday!), 0, 'not on the Saturday one')
    t.equal(await fixedOn(h, 'mem1', wednesday!), 0, "mem1's Magnum order not on a Singapore draw")
    const before = (await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = 'fixed-process'")).rows[0]?.n
    await h.db.transaction((tx) => ensureDraws(tx, 'SG4D', ['2030-01-30'], h.clock.now()))
    t.equal((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = 'fixed-process'")).rows[0]?.n, before, 'an existing draw queues no job')
  })
})
