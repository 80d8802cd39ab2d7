import t from 'tap'
import { Value } from 'typebox/value'
import { Announcement } from '../../../../schemas/game-api.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

const hostile = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1'), mem2: await h.signIn('mem2') }
  const list = async (token: string, query = '', prefix = '4d') => {
    const r = await h.call('GET', `/api/v1/${prefix}/announcements${query}`, { token })
    t.equal(r.statusCode, 200, `list ${query}`)
    return r.json().data as Announcement[]
  }
  const create = (body: Record<string, unknown>, token = tokens.admin, prefix = '4d') => h.call('POST', `/api/v1/${prefix}/announcements`, { token, payload: body })

  t.test('the seeded announcements: colours, pop-ups, rich HTML, per location, and no test payload', async (t) => {
    const all = await list(tokens.admin)
    t.ok(all.length >= 6)
    t.ok(all.every((a) => Value.Check(Announcement, a)), 'the Announcement schema')
    t.ok(all.filter((a) => a.PopUp === 'Y').length >= 2, 'at least two pop-ups')
    t.ok(new Set(all.map((a) => a.Color)).size >= 4, 'several colours')
    const html = all.map((a) => a.Content).join('\n')
    for (const tag of [/<b>/, /<ul><li>/, /<a href="https?:/, /<img src="data:image/]) t.match(html, tag)
    t.notOk(all.some((a) => /onerror|<script/i.test(a.Content)), 'what a new install shows reads like an operator\'s, not a test payload')
    t.same(all.filter((a) => a.LocId !== null).map((a) => a.LocId).sort(), ['SG', 'TT'])
    const dates = all.map((a) => a.CreatedDate)
    t.same(dates, [...dates].sort().reverse(), 'newest first')
    t.match(dates[0], /\+08:00$/)
  })

  t.test('filters: PopUp, LocId, and the caller\'s own locations', async (t) => {
    t.ok((await list(tokens.mem1, '?PopUp=Y')).every((a) => a.PopUp === 'Y'))
    t.ok((await list(tokens.mem1, '?PopUp=N')).every((a) => a.PopUp === 'N'))
    const sg = await list(tokens.mem1, '?LocId=SG')
    t.ok(sg.every((a) => a.LocId === null || a.LocId === 'SG'))
    t.ok(sg.some((a) => a.LocId === 'SG'))
    const tt = await list(tokens.mem1, '?LocId=TT', 'tt')
    t.ok(tt.some((a) => a.LocId === 'TT') && tt.every((a) => a.LocId !== 'SG'))
    t.notOk((await list(tokens.mem2)).some((a) => a.LocId === 'TT'), 'mem2 (SG only) never sees TT announcements')
    t.equal((await h.call('GET', '/api/v1/4d/announcements?LocId=TT', { token: tokens.mem2 })).statusCode, 403)
    t.same(contractFields((await h.call('GET', '/api/v1/4d/announcements?PopUp=yes', { token: tokens.mem1 })).json()), { success: false, message: 'querystring/PopUp must be one of "Y", "N"' })
    t.equal((await h.call('GET', '/api/v1/4d/announcements')).statusCode, 401)
  })

  t.test('ADMIN creates; the content is kept byte for byte', async (t) => {
    const content = `${hostile}\r\n\t<p style="color:red">Ünïcødé 中文 🎉 &amp; &lt;kept&gt;</p>  trailing  `
    const r = await create({ Content: content, Color: 'Orange', PopUp: 'Y', LocId: 'SG' })
    t.equal(r.statusCode, 200)
    const made = r.json().data as Announcement
    t.match(made, { Content: content, Color: 'Orange', PopUp: 'Y', LocId: 'SG', CreatedBy: 'admin', CreatedDate: '2030-01-02T10:00:00+08:00' })
    const listed = (await list(tokens.mem1, '?LocId=SG'))[0]
    t.same(listed, made, 'listed first, identical')
    t.equal(Buffer.from(listed?.Content ?? '').equals(Buffer.from(content)), true, 'same bytes')
    const everywhere = await create({ Content: 'For every location', Color: '#00aa11', PopUp: 'N', LocId: null }, tokens.admin, 'tt')
    t.equal(everywhere.json().data.LocId, null)
    const widened = await create({ Content: 'Everywhere, sent from SG', Color: '#00aa11', PopUp: 'N', LocId: 'SG', AllLocations: true })
    t.equal(widened.json().data.LocId, null, 'AllLocations targets every location whatever LocId the service filled in')
    const noLoc = await create({ Content: 'x', Color: '#00aa11', PopUp: 'N' })
    t.equal(noLoc.json().data.LocId, null, 'LocId may be left out')
    const big = await create({ Content: 'x'.repeat(20000), Color: 'red', PopUp: 'N' })
    t.equal(big.statusCode, 200, '20000 characters is the most')
  })

  t.test('bad announcements answer 400 naming the field', async (t) => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Content: '', Color: 'red', PopUp: 'N' }, 'body/Content must not be empty'],
      [{ Content: 'x'.repeat(20001), Color: 'red', PopUp: 'N' }, 'body/Content must be at most 20000 characters long'],
      [{ Content: 'a\u0000b', Color: 'red', PopUp: 'N' }, 'body/Content must be text without NUL characters, 1 to 20000 characters long'],
      [{ Color: 'red', PopUp: 'N' }, 'body/Content is required'],
      [{ Content: 'x', Color: 'red;background:url(x)', PopUp: 'N' }, 'Colour must be a #rrggbb colour or a colour name, such as #ffcc00 or orange.'],
      [{ Content: 'x', Color: '#12345', PopUp: 'N' }, 'Colour must be a #rrggbb colour or a colour name, such as #ffcc00 or orange.'],
      [{ Content: 'x', Color: 'red', PopUp: 'y' }, 'body/PopUp must be one of "Y", "N"'],
      [{ Content: 'x', Color: 'red', PopUp: 'N', LocId: { a: 1 } }, 'body/LocId must be null or a string']
    ]
    for (const [body, message] of cases) {
      const r = await create(body)
      t.equal(r.statusCode, 400, message)
      t.same(contractFields(r.json()), { success: false, message })
    }
    t.equal((await create({ Content: 'x', Color: 'red', PopUp: 'N', LocId: 'IN' }, tokens.ops)).statusCode, 403, 'ops may not use IN')
  })

  t.test('only ADMIN may create or delete', async (t) => {
    const r = await create({ Content: 'x', Color: 'red', PopUp: 'N' }, tokens.ag1)
    t.equal(r.statusCode, 403)
    t.same(contractFields(r.json()), { success: false, message: 'Only an administrator may do this; sign in with an administrator account.' })
    t.equal((await h.call('DELETE', '/api/v1/4d/announcements/1', { token: tokens.mem1 })).statusCode, 403)
    t.equal((await h.call('DELETE', '/api/v1/4d/announcements/1')).statusCode, 401)
  })

  t.test('ADMIN deletes; 404 when absent', async (t) => {
    const id = (await create({ Content: 'short-lived', Color: 'red', PopUp: 'N' })).json().data.AnnouncementId
    const r = await h.call('DELETE', `/api/v1/tt/announcements/${id}`, { token: tokens.ops })
    t.same(r.json(), { success: true, data: true })
    t.notOk((await list(tokens.admin)).some((a) => a.AnnouncementId === id))
    const again = await h.call('DELETE', `/api/v1/4d/announcements/${id}`, { token: tokens.admin })
    t.equal(again.statusCode, 404)
    t.same(contractFields(again.json()), { success: false, message: `Announcement ${id} does not exist (it may have been deleted already).` })
    const bad = await h.call('DELETE', '/api/v1/4d/announcements/abc', { token: tokens.admin })
    t.same(contractFields(bad.json()), { success: false, message: 'params/id must be an integer' })
    t.equal((await h.call('DELETE', '/api/v1/4d/announcements/99999999999', { token: tokens.admin })).statusCode, 400)
  })

  t.test('creations and deletions are audited', async (t) => {
    const audits = (await h.call('GET', '/api/v1/4d/audits?Action=announcement.delete', { token: tokens.admin })).json().data
    t.equal(audits.length, 1)
    t.match(audits[0], { UserId: 'ops', Path: /^\/api\/v1\/tt\/announcements\/\d+$/ })
    const created = (await h.call('GET', '/api/v1/4d/audits?Action=announcement.create', { token: tokens.admin })).json().data
    t.equal(created.length, 6)
  })
})
