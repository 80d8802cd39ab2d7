import t from 'tap'
import { startSessionProduct } from '../../../helpers/http-browser.ts'

// Preview as a user: an administrator holding AdminEdit opens the application as mem1 sees it at SG: mem1's menu, pages
// and API gate, a preview marker for the banner, every non-GET refused (403, audited with both identities), and a way back.

const keysOf = (menu: Array<{ key: string, items: Array<{ key: string }> }>) => menu.map((g) => `${g.key}: ${g.items.map((i) => i.key).join(' ')}`)

t.test('a preview of mem1 shows mem1\'s menu and refuses a POST while previewing', async (t) => {
  const product = await startSessionProduct(t)
  const mem1 = product.browser('10.2.0.1')
  t.equal((await mem1.login('mem1')).status, 200)
  await mem1.put('/ui/session/location', { LocId: 'SG' })
  const mem1Menu = keysOf((await mem1.get('/ui/session')).json.menu)

  const admin = product.browser('10.2.0.2')
  t.equal((await admin.login('admin')).status, 200)
  const adminMenu = keysOf((await admin.get('/ui/session')).json.menu)
  t.notSame(adminMenu, mem1Menu, 'the two menus differ to begin with')

  const started = await admin.post('/ui/preview', { user: 'mem1', LocId: 'SG' })
  t.equal(started.status, 200, started.text)
  t.same(started.json.preview, { UserId: 'mem1', LocId: 'SG', by: 'admin' })

  const session = (await admin.get('/ui/session')).json
  t.same(keysOf(session.menu), mem1Menu, 'the preview shows mem1\'s menu')
  t.same(session.preview, { UserId: 'mem1', LocId: 'SG', by: 'admin' }, 'and says whose view it is, for the banner')
  t.equal(session.profile.UserId, 'mem1')
  t.equal(session.location.LocId, 'SG')
  t.equal((await admin.get('/ui/pages?path=/report/member-summary')).status, 200, 'mem1\'s page')
  t.equal((await admin.get('/ui/pages?path=/control/permission')).status, 403, 'not the admin\'s')
  const gated = await admin.get('/api/v1/4d/reportFull')
  t.equal(gated.json?.code, 'UI_API_FORBIDDEN', 'the API gate takes mem1\'s rules')
  t.equal((await admin.get('/api/v1/4d/draw/dateAll')).status, 200, 'a read mem1 may make goes through (with the admin\'s own token)')

  const refused = await admin.post('/api/v1/4d/bet/check', { Text: '1234 1-' })
  t.equal(refused.status, 403, 'a POST is refused while previewing')
  t.equal(refused.json.code, 'UI_SUPPORT_PREVIEW_READ_ONLY')
  t.equal((await admin.put('/ui/session/location', { LocId: 'TT' })).status, 403, 'so is any other non-GET')
  t.equal((await admin.post('/ui/preview', { user: 'ag1' })).status, 403, 'even another preview: leave this one first')

  const audit = product.browser('10.2.0.3')
  await audit.login('admin')
  const denied = (await audit.get('/ui/audit?action=denied')).json.items as Array<{ userId: string, method: string, path: string, detail: { reason: string, previewing?: { UserId: string } } }>
  t.ok(denied.some((r) => r.userId === 'admin' && r.method === 'POST' && r.path === '/api/v1/4d/bet/check' && r.detail.previewing?.UserId === 'mem1' && r.detail.reason === 'UI_SUPPORT_PREVIEW_READ_ONLY'), 'the refusal is audited with the supporter and the previewed user')
  const starts = (await audit.get('/ui/audit?action=preview-start')).json.items as Array<{ userId: string, detail: { previewing: { UserId: string } } }>
  t.ok(starts.some((r) => r.userId === 'admin' && r.detail.previewing.UserId === 'mem1'), 'starting a preview is audited')

  const back = await admin.request('DELETE', '/ui/preview')
  t.equal(back.status, 200, back.text)
  const own = (await admin.get('/ui/session')).json
  t.same(keysOf(own.menu), adminMenu, 'the way back: the admin\'s own menu')
  t.equal(own.preview, undefined)
  t.equal((await admin.get('/ui/pages?path=/control/permission')).status, 200)
  t.ok(((await audit.get('/ui/audit?action=preview-end')).json.items as unknown[]).length > 0, 'leaving is audited')

  const ag1 = product.browser('10.2.0.4')
  await ag1.login('ag1')
  t.equal((await ag1.post('/ui/preview', { user: 'mem1' })).status, 403, 'an agent may not preview')
  t.equal((await ag1.get('/ui/session')).json.preview, undefined)
})
