import t from 'tap'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { eventually } from '../../helpers/eventually.ts'

// Utilities (Super Password, Clear Cache, Backup ARA) and Control (Limit Setting, Fixed Setting, Fixed Process) through the service: who gets each page,
// the calls the gate lets through, and what they do end to end.

interface Descriptor { actions?: Array<{ id: string, kind: string }>, widgets: Array<{ id: string, type: string, columns?: Array<{ field: string, kind?: string }>, export?: { ara?: boolean, fileName?: string } }> }

const { serviceUrl, gameDb, store } = await buildProduct(t)
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const [admin, ops, mem1] = [await signIn('admin'), await signIn('ops'), await signIn('mem1')]
const page = async (browser: Browser, path: string) => browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)

t.test('Super Password: for SuperPwd holders; the page sets it and the Draw Setting resets ask for it', async (t) => {
  const shown = await page(admin, '/utilities/superPassword')
  t.equal(shown.status, 200)
  t.match((shown.json as Descriptor).widgets, [{ type: 'form', id: 'superPassword' }])
  t.equal((await page(ops, '/utilities/superPassword')).status, 403, 'ops lacks SuperPwd')
  const set = await admin.request('PUT', '/api/v1/4d/super-password', { body: { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' } })
  t.equal(set.status, 200, set.text)
  t.equal((await ops.request('PUT', '/api/v1/4d/super-password', { body: { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' } })).status, 403, 'the gate refuses ops')
  const draws = (await page(admin, '/control/drawSetting')).json as { widgets: Array<{ id: string, rowActions?: Array<{ id: string }> }> }
  const actions = draws.widgets.find((w) => w.id === 'draws')?.rowActions ?? []
  for (const id of ['reset6', 'reset7']) {
    t.match(actions.find((a) => a.id === id), {
      kind: 'form',
      when: { field: 'Status', equals: 'finalised' },
      form: { fields: [{ name: 'SuperPassword', kind: 'password', required: true }], submit: { endpoint: `/api/v1/4d/result/${id}/:DrawId`, method: 'PUT', params: { DrawId: { from: 'row' } } } }
    }, `${id} opens a dialog asking for the super password`)
  }
})

t.test('Clear Cache: ADMIN only; clears the GET cache and every session\'s cached profile, audited in the service', async (t) => {
  const shown = await page(admin, '/utilities/clearCache')
  t.equal(shown.status, 200)
  t.match((shown.json as Descriptor).actions, [{ kind: 'call', id: 'clearCache' }])
  t.equal((await page(mem1, '/utilities/clearCache')).status, 403)
  t.equal((await admin.get('/api/v1/announcements?PopUp=Y')).headers.get('x-cache'), 'MISS')
  t.equal((await admin.get('/api/v1/announcements?PopUp=Y')).headers.get('x-cache'), 'HIT')
  const before = (await mem1.get('/ui/session')).json.profile.CreditLeft as number
  // A change made outside the site: mem1's cached profile does not see it until Clear Cache.
  await gameDb.query("UPDATE users SET credit_left = credit_left + 7 WHERE user_id = 'mem1'")
  t.equal((await mem1.get('/ui/session')).json.profile.CreditLeft, before, 'still the cached profile')
  const cleared = await admin.request('POST', '/api/v1/4d/cache/clear', { body: {} })
  t.equal(cleared.status, 200, cleared.text)
  t.match(cleared.json.data, { ClearedAt: /^\d{4}-\d\d-\d\dT/, ClearedBy: 'admin' })
  t.equal((await admin.get('/api/v1/announcements?PopUp=Y')).headers.get('x-cache'), 'MISS', 'the GET cache is empty')
  t.equal((await mem1.get('/ui/session')).json.profile.CreditLeft, before + 7, 'and mem1\'s session reads its profile afresh')
  t.equal((await mem1.request('POST', '/api/v1/4d/cache/clear', { body: {} })).status, 403, 'a member may not')
  await t.resolves(eventually(async () => {
    const { rows } = await store.query<{ user_id: string, status: number }>(
      `SELECT r.user_id, o.status FROM audit_log r JOIN audit_log o ON o.action = 'outcome' AND (o.detail->>'of')::bigint = r.id
       WHERE r.action = 'api.call' AND r.detail->>'endpoint' = 'POST cache/clear'`)
    return rows.length === 1 && rows[0]?.user_id === 'admin' && rows[0].status === 200
  }, { what: 'the audit record of the clear and its outcome' }))
})

t.test('Limit Setting: an ADMIN at a TT location edits limits in a grid; placement through the service is refused past one', async (t) => {
  t.equal((await page(admin, '/control/limitSetting')).status, 403, 'not at a 4D location')
  t.equal((await admin.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  const shown = await page(admin, '/control/limitSetting')
  t.equal(shown.status, 200)
  const descriptor = shown.json as Descriptor
  t.same(descriptor.actions?.map((a) => a.id), ['createLimit', 'deleteLimit'])
  const grid = descriptor.widgets.find((w) => w.id === 'limits')
  t.same(grid?.columns?.filter((c) => c.kind !== 'readonly').map((c) => c.field), ['MaxUnits'], 'only the cap is edited in place')
  const made = await admin.request('POST', '/api/v1/4d/limit', { body: { BetType: 'ORDINARY', Number: '41 42 43 44 45 46', MaxUnits: 1 } })
  t.equal(made.status, 200, made.text)
  const rows = (await admin.get('/api/v1/4d/limit', { 'x-no-cache': '1' })).json.data as Array<{ LimitId: number, Number: string }>
  const id = rows.find((r) => r.Number === '41 42 43 44 45 46')?.LimitId
  t.equal((await admin.request('PUT', '/api/v1/4d/limit', { body: { LimitId: id, MaxUnits: 2 } })).status, 200, 'the grid\'s save goes through the gate')
  t.equal((await mem1.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  t.equal((await mem1.get('/api/v1/4d/limit')).status, 403, 'members do not read limits')
  t.equal((await admin.request('POST', '/api/v1/4d/limit/delete', { body: { BetType: 'ORDINARY', Number: '41,42,43,44,45,46' } })).status, 200)
})

t.test('Backup ARA: at a 4D location, the draws with their backup counts, the lines as an .ara table export, marking done through the gate', async (t) => {
  t.equal((await page(admin, '/utilities/backupARA')).status, 403, 'not at a TT location')
  t.equal((await admin.put('/ui/session/location', { LocId: 'SG' })).status, 200)
  const shown = await page(admin, '/utilities/backupARA')
  t.equal(shown.status, 200)
  const descriptor = shown.json as Descriptor
  const lines = descriptor.widgets.find((w) => w.id === 'lines')
  t.match(lines?.export, { ara: true, fileName: 'exported.ara' }, 'the table\'s .ara export writes the backup file')
  t.same(lines?.columns?.map((c) => c.field), ['TicketNo', 'UserId', 'PlacedBy', 'Source', 'DrawId', 'DrawDate', 'Series', 'LineNo', 'Number', 'Form', 'Big', 'Small', 'Units', 'Combinations', 'Amount', 'Status', 'PlacedDate'],
    'every field of the game API\'s file, in its order')
  const draws = (await admin.get('/api/v1/4d/countCreateARA')).json.data as Array<{ DrawId: number, NotBackedUp: number, LastTicketId: number }>
  const draw = draws.find((d) => d.NotBackedUp > 0)
  t.ok(draw, 'the seed leaves draws to back up')
  const rows = await admin.get(`/api/v1/4d/backupARA?DrawId=${draw!.DrawId}&UpToTicketId=${draw!.LastTicketId}`)
  t.equal(rows.status, 200)
  t.ok((rows.json.data as unknown[]).length > 0)
  const marked = await admin.request('PUT', `/api/v1/4d/resetUpdateCreateARA/${draw!.DrawId}`, { body: { UpToTicketId: draw!.LastTicketId } })
  t.match(marked.json.data, { Marked: draw!.NotBackedUp, NotBackedUp: 0 })
  t.equal((await mem1.get('/api/v1/4d/countCreateARA')).status, 403, 'members do not back up')
})

t.test('Fixed Setting and Fixed Process: FixedSetting holders edit the settings grid and run the job through the gate', async (t) => {
  const setting = await page(admin, '/control/fixedSetting')
  t.equal(setting.status, 200)
  const grid = (setting.json as Descriptor).widgets.find((w) => w.id === 'settings')
  t.same(grid?.columns?.filter((c) => c.kind === 'checkbox').map((c) => c.field), ['Enabled', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
  t.match((await page(admin, '/control/fixedProcess')).json, { widgets: [{ id: 'about' }, { type: 'job', id: 'process' }] })
  t.equal((await page(ops, '/control/fixedSetting')).status, 403, 'ops lacks FixedSetting')
  t.equal((await admin.request('PUT', '/api/v1/4d/updateFixedSetting', { body: { UserId: 'mem1', Enabled: false } })).status, 200)
  const started = await admin.request('POST', '/api/v1/4d/updateProcessJob', { body: {} })
  t.equal(started.status, 200, started.text)
  const done = await eventually(async () => {
    const status = await admin.get(`/api/v1/4d/selectProcessJob/${started.json.data.JobId}`, { 'x-no-cache': '1' })
    return status.json.data.Status === 'done' && status.json.data
  }, { within: 30_000, what: 'the fixed process through the service' })
  t.match(done, { Progress: 100, Failed: [] })
  t.equal((await ops.request('POST', '/api/v1/4d/updateProcessJob', { body: {} })).status, 403)
})
