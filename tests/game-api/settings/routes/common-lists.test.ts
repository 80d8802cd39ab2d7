import t from 'tap'
import { gameApiHarness } from '../../harness.ts'

// dLoc, reportDate, reportDate2, catType, catTypeDistinct and the home page's one announcement.
const h = await gameApiHarness(t, 'pglite')
const admin = await h.signIn('admin')
const ag2 = await h.signIn('ag2')
const mem1 = await h.signIn('mem1')
const get = (path: string, token: string) => h.call('GET', `/api/v1/${path}`, { token })

t.test('dLoc: the locations without the TOTO flag', async (t) => {
  const locs = (await get('4d/dLoc', mem1)).json().data as Array<{ LocId: string }>
  t.same(locs.map((l) => l.LocId), ['SG', 'IN', 'BJ', 'MG', 'TH'])
  t.equal((await get('4d/dLoc?LocId=IN', mem1)).statusCode, 403, 'the LocId check of every game call')
})

t.test('reportDate: finalised draws of the prefix\'s game, newest first; reportDate2: draws the group has bets on', async (t) => {
  const finalised = (await get('4d/reportDate', admin)).json().data as Array<{ DrawId: number, DrawDate: string, IsFinalised: boolean }>
  const { rows: [count] } = await h.db.query<{ n: string }>("SELECT count(*) AS n FROM draws WHERE game = '4D' AND is_finalised")
  t.equal(finalised.length, Number(count?.n))
  t.ok(finalised.every((d) => d.IsFinalised))
  t.same(finalised.map((d) => d.DrawDate), [...finalised.map((d) => d.DrawDate)].sort().reverse(), 'newest first')
  const withBets = (await get('4d/reportDate2', admin)).json().data as Array<{ DrawId: number }>
  const { rows } = await h.db.query<{ draw_id: number }>("SELECT DISTINCT b.draw_id FROM bets b WHERE b.game = '4D' AND b.status <> 'void'")
  t.same(new Set(withBets.map((d) => d.DrawId)), new Set(rows.map((r) => Number(r.draw_id))), 'the company sees every draw with bets')
  const mine = (await get('4d/reportDate2', mem1)).json().data as Array<{ DrawId: number }>
  const { rows: own } = await h.db.query<{ draw_id: number }>("SELECT DISTINCT draw_id FROM bets WHERE game = '4D' AND status <> 'void' AND user_id = 'mem1'")
  t.same(new Set(mine.map((d) => d.DrawId)), new Set(own.map((r) => Number(r.draw_id))), 'a member sees its own')
  t.equal((await get('4d/reportDate2?UserId=mem1', ag2)).statusCode, 403, 'not outside the tree')
})

t.test('catType: the game\'s forms; catTypeDistinct: those in use on a draw', async (t) => {
  t.same((await get('4d/catType', mem1)).json().data, [{ CatType: 'straight' }, { CatType: 'roll' }, { CatType: 'ibet' }, { CatType: 'kbet' }])
  t.ok(((await get('tt/catType', mem1)).json().data as Array<{ CatType: string }>).some((c) => c.CatType === 'ORDINARY'))
  const { rows: [draw] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM bets WHERE game = '4D' AND status <> 'void' GROUP BY draw_id ORDER BY count(*) DESC LIMIT 1")
  t.ok(draw, 'the seed has 4D bets')
  const used = (await get(`4d/catTypeDistinct?DrawId=${draw?.draw_id}`, admin)).json().data as Array<{ CatType: string, Lines: number }>
  const { rows: expected } = await h.db.query<{ form: string, n: string }>("SELECT form, count(*) AS n FROM bets WHERE draw_id = $1 AND status <> 'void' GROUP BY form", [draw?.draw_id])
  t.same(new Set(used.map((u) => `${u.CatType}:${u.Lines}`)), new Set(expected.map((e) => `${e.form}:${e.n}`)))
  t.equal((await get('4d/catTypeDistinct', admin)).json().message, 'querystring/DrawId is required')
  t.equal((await get('4d/catTypeDistinct?DrawId=999999', admin)).statusCode, 404)
})

t.test('announcement: the newest pop-up for the location, or the newest banner line', async (t) => {
  const all = (await get('4d/announcements?PopUp=Y&LocId=SG', mem1)).json().data as Array<{ AnnouncementId: number }>
  const one = (await get('4d/announcement?LocId=SG', mem1)).json().data
  t.equal(one.AnnouncementId, all[0]?.AnnouncementId, 'the first of the pop-up list')
  t.equal(one.PopUp, 'Y')
  t.equal((await get('4d/announcement?PopUp=N', mem1)).json().data.PopUp, 'N')
  t.equal((await get('4d/announcement?PopUp=X', mem1)).statusCode, 400)
  await h.db.query('DELETE FROM announcements')
  t.same((await get('4d/announcement', mem1)).json(), { success: true, data: null }, 'null when there is none')
})
