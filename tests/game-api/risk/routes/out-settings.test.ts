import { readFile } from 'node:fs/promises'
import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Out Setting (GET/POST outSetting6): a level's limit per number holds across every line and ticket of a draw, under concurrent placement.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId
  const set = (token: string, body: Record<string, unknown>, game = '4d') => api(h, 'POST', `/api/v1/${game}/outSetting6`, token, body)
  const bet = (lines: Array<Record<string, unknown>>, token = tokens.mem1) => api(h, 'POST', '/api/v1/4d/bet', token, { DrawIds: [drawId], Lines: lines })
  /** What a level kept of a number in the draw, recounted from the level rows (straight bets only). */
  const keptFromRows = async (userId: string, number: string) => {
    const { rows: [r] } = await h.db.query<{ big: number, small: number }>(
      `SELECT COALESCE(sum(l.big_intake), 0)::float8 AS big, COALESCE(sum(l.small_intake), 0)::float8 AS small FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id
       WHERE l.user_id = $1 AND l.draw_id = $2 AND b.number = $3 AND b.form = 'straight' AND b.status <> 'void'`, [userId, drawId, number])
    return { big: Number(r?.big), small: Number(r?.small) }
  }
  const keptRow = async (userId: string, number: string) => {
    const { rows: [r] } = await h.db.query<{ big: number, small: number }>('SELECT big::float8 AS big, small::float8 AS small FROM number_intake WHERE user_id = $1 AND draw_id = $2 AND number = $3', [userId, drawId, number])
    return { big: Number(r?.big ?? 0), small: Number(r?.small ?? 0) }
  }

  t.test('set, list and clear a level\'s limits; the default row is Number *', async (t) => {
    const saved = await set(tokens.admin, { UserId: 'ag1', Number: '1234', Big: 50 })
    t.equal(saved.status, 200)
    t.same(saved.body.data, { UserId: 'ag1', Number: '1234', Big: 50, Small: null, Units: null })
    const list = (await api(h, 'GET', '/api/v1/4d/outSetting6?UserId=ag1', tokens.admin)).body.data
    t.same(list, [{ UserId: 'ag1', Number: '*', Big: 5, Small: 5, Units: null }, { UserId: 'ag1', Number: '1234', Big: 50, Small: null, Units: null }], 'the seeded default and the number\'s own')
    t.equal((await set(tokens.admin, { UserId: 'ag1', Number: '9999', Big: 1 })).status, 200)
    t.equal((await set(tokens.admin, { UserId: 'ag1', Number: '9999', Big: null })).body.data, null, 'all limits null clears the row')
    t.equal((await api(h, 'GET', '/api/v1/4d/outSetting6?UserId=ag1', tokens.admin)).body.data.length, 2)
    const toto = await set(tokens.ag2, { Number: '6 5 4 3 2 1', Units: 3 }, 'tt')
    t.same(toto.body.data, { UserId: 'ag2', Number: '01 02 03 04 05 06', Big: null, Small: null, Units: 3 }, 'a TOTO entry is written as bets store it')
  })

  t.test('refusals say what to fix', async (t) => {
    const noGrant = await set(tokens.ag1, { Number: '1234', Big: 1 })
    t.equal(noGrant.status, 403)
    t.equal(noGrant.body.message, 'Only a user granted OutSet (or an administrator) may do this; ask your upline to grant OutSet.')
    t.equal((await set(tokens.ag2, { UserId: 'ag1', Big: 1 })).status, 403, 'not for an upline')
    const member = await set(tokens.admin, { UserId: 'mem1', Big: 1 })
    t.equal(member.body.message, 'User mem1 is a member: members keep no intake, so an out setting applies only to agents and admins.')
    t.equal((await set(tokens.admin, { UserId: 'ag1', Number: '12a4', Big: 1 })).body.message, 'Number "12a4" is not a 4-digit number such as 1234.')
    t.equal((await set(tokens.admin, { UserId: 'ag1', Units: 1 })).body.message, 'Units does not apply to 4D; give Big and Small in dollars.')
    t.equal((await set(tokens.admin, { UserId: 'ag1', Big: -1 })).status, 400)
    t.equal((await set(tokens.admin, { UserId: 'ag1', Big: 1.234 })).status, 400)
  })

  t.test('20 concurrent tickets on one number: ag1 never keeps more than its $50 Big limit', async (t) => {
    // ag1 keeps half of what reaches it (dShare 0.5): $5 of each $10 ticket until the limit is reached.
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet([{ Number: '1234', Big: 10 }])))
    t.ok(answers.every((a) => a.status === 200), 'every ticket is accepted (what is above the limit passes up)')
    const recount = await keptFromRows('ag1', '1234')
    t.equal(recount.big, 50, 'ag1 keeps exactly its limit, not 20 x $5 = $100')
    t.same(await keptRow('ag1', '1234'), { big: 50, small: 0 }, 'the running total equals the recount')
    const { rows } = await h.db.query<{ intake: number, out: number, inn: number }>(
      `SELECT sum(l.big_intake)::float8 AS intake, sum(l.big_out)::float8 AS out, sum(l.big_in)::float8 AS inn FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id
       WHERE l.user_id = 'ag1' AND l.draw_id = $1 AND b.number = '1234'`, [drawId])
    t.equal(Number(rows[0]?.intake) + Number(rows[0]?.out), Number(rows[0]?.inn), 'what is not kept is passed up, to the cent')
    const small = await bet([{ Number: '1234', Small: 30 }])
    t.equal(small.status, 200)
    t.equal((await keptFromRows('ag1', '1234')).small, 5, 'Small falls back to the default $5 limit')
  })

  t.test('a roll playing a full number keeps nothing at that level; other numbers keep the default', async (t) => {
    const roll = await bet([{ Number: '1230', Form: 'roll', Big: 1 }])
    t.equal(roll.status, 200)
    const { rows: [r] } = await h.db.query<{ intake: number }>(
      "SELECT l.big_intake::float8 AS intake FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id WHERE b.ticket_id = $1 AND l.user_id = 'ag1'", [roll.body.data.TicketId])
    t.equal(Number(r?.intake), 0, '1234 is full, so ag1 keeps none of a line that plays it')
    t.ok((await keptRow('ag1', '1234')).big <= 50)
    const other = await bet([{ Number: '5678', Big: 4 }, { Number: '5678', Big: 4 }, { Number: '5678', Big: 4 }])
    t.equal(other.status, 200)
    t.equal((await keptFromRows('ag1', '5678')).big, 5, 'three lines of one ticket share the $5 default')
  })

  t.test('voiding a ticket frees what it kept under the limit', async (t) => {
    const first = await bet([{ Number: '4321', Big: 10 }])
    await bet([{ Number: '4321', Big: 10 }])
    t.equal((await keptRow('ag1', '4321')).big, 5)
    t.equal((await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${first.body.data.TicketNo}`, tokens.mem1)).status, 200)
    t.equal((await keptRow('ag1', '4321')).big, 0, 'the void gave back the $5 the first ticket kept (the second kept none)')
    await bet([{ Number: '4321', Big: 10 }])
    t.equal((await keptFromRows('ag1', '4321')).big, 5)
    t.same(await keptRow('ag1', '4321'), await keptFromRows('ag1', '4321'))
  })

  t.test('the running totals equal a full recount by migration 009\'s backfill, over the seeded history and every bet above', async (t) => {
    const migration = await readFile(new URL('../../../../server/game-api/migrations/009_out_settings_and_throws.sql', import.meta.url), 'utf8')
    const backfill = /INSERT INTO number_intake[\s\S]*?;/.exec(migration)?.[0]
    t.ok(backfill, 'the migration recounts from the level rows')
    const read = async () => (await h.db.query<{ k: string, big: string, small: string, units: string }>(
      `SELECT draw_id || '|' || user_id || '|' || number AS k, round(big, 4)::text AS big, round(small, 4)::text AS small, round(units, 4)::text AS units
       FROM number_intake WHERE big <> 0 OR small <> 0 OR units <> 0 ORDER BY 1`)).rows
    const running = await read()
    t.ok(running.length > 100, `${running.length} rows, seeded rolls, iBets, kBets and TOTO entries among them`)
    await h.db.transaction(async (tx) => {
      await tx.query('DELETE FROM number_intake')
      await tx.query(backfill!)
    })
    t.same(await read(), running)
    const { rows: [most] } = await h.db.query<{ big: string, small: string, units: string }>(
      `SELECT max(big) FILTER (WHERE user_id = 'ag1' AND number <> '1234') AS big, max(small) FILTER (WHERE user_id = 'ag1') AS small,
         max(units) FILTER (WHERE user_id = 'ag2') AS units FROM number_intake`)
    t.ok(Number(most?.big) <= 5 && Number(most?.small) <= 5, `ag1 never keeps above its $5 default on any number of any draw (most: ${most?.big} Big, ${most?.small} Small)`)
    t.ok(Number(most?.units) <= 10, `ag2 never keeps above 10 TOTO units on any entry (most: ${most?.units})`)
  })
})
