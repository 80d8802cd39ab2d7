import { randomUUID } from 'node:crypto'
import t from 'tap'
import { buildProduct, buildService } from '../../helpers/build.ts'
import { signedIn, type Browser } from '../../helpers/http-browser.ts'
import { addDays, nextClose, zoneDateOf, zoneInstant } from '../../../schemas/domain/calendar.ts'
import { pageOf, tableOf } from '../pages/report-tables.ts'
import { copyConfig } from './fixtures.ts'

// Scheduled config publishes through the service (Utilities → Configuration): a draft's revision published at a time, refused
// near a draw's close unless confirmed, cancelled by a later save, applied once by two instances on one store, not applied
// (and saying why) when it no longer publishes at its time, and needing its approvals then on an instance with CONFIG_APPROVALS=2.
// The time check is the instances' applyDue(at), so nothing waits for real minutes; one schedule a second ahead proves the timer.

const FULL = 'columns/report-full.json'
type Json = Record<string, any>

const dir = copyConfig(t)
const product = await buildProduct(t, { env: { CONFIG_DIR: dir, CONFIG_SYNC_MS: '200' } })
// A second instance on the same store; it asks for a second operator's approval (CONFIG_APPROVALS=2) where the first does not.
const second = await buildService(t, { gameApiUrl: product.gameApiUrl, env: { CONFIG_DIR: dir, CONFIG_SYNC_MS: '200', CONFIG_APPROVALS: '2' }, store: product.store })
const [admin, ag1] = await Promise.all([signedIn(product.serviceUrl, 'admin'), signedIn(product.serviceUrl, 'ag1')])
// ops approves (granted ConfigApprove on the Permission page's call), for the instance that asks for approvals.
const granted = await admin.request('POST', '/api/v1/permissions', { body: { UserId: 'ops', Granted: ['Report', 'ConfigApprove'] }, headers: { 'idempotency-key': randomUUID() } })
if (granted.status !== 200) throw new Error(`grant: ${granted.text}`)
const ops = await signedIn(product.serviceUrl, 'ops')
const first = product.service.configSchedules
const other = second.service.configSchedules

/** Tomorrow at 03:00 on the operator's clock (GMT+8): no draw closes near it. */
const quiet = (hour = '03:00') => zoneInstant(addDays(zoneDateOf(new Date()), 1), hour)
/** YYYY-MM-DD HH:mm on the operator's clock, as the Schedule form takes it. */
const written = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
const later = (instant: Date, ms: number) => new Date(instant.getTime() + ms)

/** A new draft with Full Report's Stake column at this width, saved once (revision 2). */
async function draftWithStake (width: number, message = `Stake ${width}`): Promise<{ id: number, revision: number }> {
  const draft = (await admin.post('/ui/config/drafts', { message })).json as { id: number, files: Record<string, string> }
  const set = JSON.parse(draft.files[FULL] ?? '{}') as Json
  const at = (set.columns as Json[]).findIndex((c) => String(c.$ref).endsWith('#/stake'))
  set.columns[at] = { ...set.columns[at], width }
  const saved = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: JSON.stringify(set, null, 2), revision: 1 })
  if (saved.status !== 200) throw new Error(`save: ${saved.text}`)
  return { id: draft.id, revision: 2 }
}
const draftRow = async (id: number, state = 'open') => ((await admin.get(`/ui/config/drafts?state=${state}`)).json.drafts as Json[]).find((d) => d.id === id)
const stakeOf = async (browser: Browser) => tableOf(await pageOf(browser, '/report/full'), 'full').columns.find((c) => c.field === 'Stake')
const schedulesOf = async (draft: number) => (await admin.get(`/ui/config/schedules?draft=${draft}`)).json.schedules as Json[]

t.test('a schedule: its time read on the operator\'s clock, refused in the last 30 minutes before a draw closes unless confirmed, applied at its time', async (t) => {
  const draft = await draftWithStake(150)
  const schedule = (body: Json) => admin.post(`/ui/config/drafts/${draft.id}/schedule`, { revision: draft.revision, ...body })
  t.match(await schedule({ at: '2030-02-30 10:00' }), { status: 400, json: { code: 'UI_CONFIG_SCHEDULE_BAD_TIME' } }, 'a day that does not exist is refused')
  t.match(await schedule({ at: '2020-01-01 10:00' }), { status: 400, json: { code: 'UI_CONFIG_SCHEDULE_PAST', message: /01\/01\/2020 10:00/ } }, 'a time that has passed is refused')
  t.match(await schedule({ at: written(quiet()), revision: 1 }), { status: 409, json: { code: 'UI_CONFIG_DRAFT_STALE' } }, 'a schedule names the revision it publishes')

  // Ten minutes before a Singapore Pools close a week on: the game API's close time (18:00) on the draw calendar.
  const close = nextClose('SG4D', later(new Date(), 86400_000))
  const nearClose = later(close, -10 * 60_000)
  const refused = await schedule({ at: written(nearClose), message: 'at the close' })
  t.match(refused, { status: 409, json: { code: 'UI_CONFIG_SCHEDULE_NEAR_CLOSE', params: [String, '10', 'SG4D', String], message: /10 minutes before the SG4D draw closes .*confirm/ } }, 'ten minutes before the close asks for confirmation, naming the draw')
  t.equal(await schedulesOf(draft.id).then((s) => s.length), 0, 'nothing was scheduled')
  const confirmed = await schedule({ at: written(nearClose), message: 'at the close', confirm: true })
  t.match(confirmed, { status: 200, json: { draft: draft.id, revision: 2, at: nearClose.toISOString(), author: 'admin', state: 'scheduled', nearClose: { series: 'SG4D', closesAt: close.toISOString() } } }, 'confirmed, it is scheduled with the close it was confirmed against')
  t.equal((await schedule({ at: nearClose.toISOString().replace('Z', '+00:00'), confirm: true })).status, 200, 'an ISO time with its offset is taken too')

  const at = quiet()
  const moved = await schedule({ at: written(at), message: 'Stake 150, overnight' })
  t.match(moved.json, { state: 'scheduled', at: at.toISOString(), nearClose: null }, 'scheduled again overnight, away from any close')
  t.match(await schedulesOf(draft.id), [{ state: 'scheduled' }, { state: 'cancelled', reason: 'rescheduled' }, { state: 'cancelled', reason: 'rescheduled' }], 'a new schedule replaces the one waiting')
  t.match(await draftRow(draft.id), { schedule: 'scheduled', scheduledAt: at.toISOString(), scheduleReason: null }, 'the drafts list says when it publishes')

  t.same(await first.applyDue(later(at, -1000)), [], 'a second before its time, nothing is due')
  t.match(await stakeOf(ag1), { width: 110 })
  const [outcome] = await first.applyDue(later(at, 1000))
  t.match(outcome, { kind: 'applied', schedule: { id: moved.json.id, version: 2 }, published: { number: 2, merged: false } }, 'at its time it is published as version 2')
  t.match(await stakeOf(ag1), { width: 150 }, 'and served')
  t.match((await admin.get('/ui/config/versions?limit=1')).json.versions, [{ number: 2, author: 'admin', message: 'Stake 150, overnight', source: 'console', live: true, changes: /^1 change: .*"stake" width (added|changed)$/ }], 'the version names who scheduled it, the schedule\'s message and what it changed')
  t.match(await draftRow(draft.id, 'published'), { published: 2, schedule: 'applied' })
  t.same(await first.applyDue(later(at, 2000)), [], 'applied once')

  const audit = (await admin.get('/ui/audit?limit=100')).json.items as Array<{ action: string, userId: string | null, detail: Json }>
  t.match(audit.filter((r) => r.action === 'config-schedule').map((r) => r.detail.nearClose), [null, { series: 'SG4D' }, { series: 'SG4D' }], 'each schedule is audited, with the close it was confirmed against')
  t.match(audit.find((r) => r.action === 'config-publish'), { userId: 'admin', detail: { draft: draft.id, version: 2, previous: 1, schedule: moved.json.id, digest: /^[0-9a-f]{16}$/ } }, 'the scheduled publish is audited as a publish')
})

t.test('a save after scheduling cancels the schedule, as it voids approvals; so does a discard; cancel by hand', async (t) => {
  const draft = await draftWithStake(140)
  const made = await admin.post(`/ui/config/drafts/${draft.id}/schedule`, { at: written(quiet()), revision: 2 })
  t.equal(made.status, 200)
  const files = (await admin.get(`/ui/config/drafts/${draft.id}`)).json.files as Record<string, string>
  await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: files[FULL]!.replace('"width": 140', '"width": 145'), revision: 2 })
  t.match(await draftRow(draft.id), { revision: 3, schedule: 'cancelled', scheduleReason: 'edited' }, 'the save cancelled it (the drafts list says why)')
  t.same(await first.applyDue(later(quiet(), 1000)), [], 'nothing is published at its time')

  t.equal((await admin.post(`/ui/config/drafts/${draft.id}/schedule`, { at: written(quiet()), revision: 3 })).status, 200, 'scheduled again, for revision 3')
  t.match(await admin.request('DELETE', `/ui/config/drafts/${draft.id}/schedule`), { status: 200, json: { state: 'cancelled', reason: 'cancelled' } }, 'cancelled by hand')
  t.match(await admin.request('DELETE', `/ui/config/drafts/${draft.id}/schedule`), { status: 404, json: { code: 'UI_CONFIG_SCHEDULE_NOT_FOUND' } }, 'once')
  await admin.post(`/ui/config/drafts/${draft.id}/schedule`, { at: written(quiet()), revision: 3 })
  await admin.post(`/ui/config/drafts/${draft.id}/discard`, { revision: 3 })
  t.match((await schedulesOf(draft.id))[0], { state: 'cancelled', reason: 'discarded' }, 'discarding the draft cancels its schedule')
  t.ok((await admin.get('/ui/audit?limit=50')).json.items.some((r: Json) => r.action === 'config-schedule-cancel'), 'a cancel is audited')
})

t.test('a schedule that no longer publishes at its time is not applied and says why: conflicting, no longer valid, lacking approvals', async (t) => {
  const live = () => product.service.configStore.versionNumber()
  // Conflicting: another publish changed the same width since.
  const conflicting = await draftWithStake(170)
  const winner = await draftWithStake(175)
  await admin.post(`/ui/config/drafts/${conflicting.id}/schedule`, { at: written(quiet('04:00')), revision: 2 })
  await admin.post(`/ui/config/drafts/${winner.id}/publish`, { revision: 2 })
  const before = live()
  const [outcome] = await first.applyDue(later(quiet('04:00'), 1000))
  t.match(outcome, { kind: 'failed', schedule: { state: 'failed', reason: 'UI_CONFIG_MERGE_CONFLICT', detail: { conflicts: [{ file: FULL, ours: 170, theirs: 175 }] } } }, 'a conflict with the live version fails it, listing the conflict')
  t.equal(live(), before, 'nothing was published')
  t.match(await draftRow(conflicting.id), { state: 'open', schedule: 'failed', scheduleReason: 'UI_CONFIG_MERGE_CONFLICT' }, 'the draft stays open, its schedule failed with the reason')

  // No longer valid: a file the checks refuse, as a release with stricter checks would find it (written in the store under the draft).
  const broken = await draftWithStake(180)
  await admin.post(`/ui/config/drafts/${broken.id}/schedule`, { at: written(quiet('04:30')), revision: 2 })
  const { rows: [row] } = await product.store.query<{ files: Json | string }>('SELECT files FROM config_drafts WHERE id = $1', [broken.id])
  const files = (typeof row!.files === 'string' ? JSON.parse(row!.files) : row!.files) as Record<string, string>
  await product.store.query('UPDATE config_drafts SET files = $2 WHERE id = $1', [broken.id, JSON.stringify({ ...files, [FULL]: JSON.stringify({ ...JSON.parse(files[FULL]!), key: 7 }) })])
  const [invalid] = await first.applyDue(later(quiet('04:30'), 1000))
  t.match(invalid, { kind: 'failed', schedule: { reason: 'UI_CONFIG_DRAFT_INVALID', detail: { message: /problems/, problems: [{ file: FULL, pointer: '/key' }] } } }, 'a draft that no longer validates fails, with its problems at file and pointer')
  t.equal(live(), before, 'nothing was published')

  const audit = (await admin.get('/ui/audit?limit=100')).json.items as Array<{ action: string, detail: Json }>
  t.match(audit.filter((r) => r.action === 'config-schedule-failed').map((r) => r.detail.reason), ['UI_CONFIG_DRAFT_INVALID', 'UI_CONFIG_MERGE_CONFLICT'], 'each failure is audited with its reason')

  // Lacking approvals: the instance set to CONFIG_APPROVALS=2 applies it only once another operator approved the revision.
  const unapproved = await draftWithStake(185)
  await admin.post(`/ui/config/drafts/${unapproved.id}/schedule`, { at: written(quiet('05:00')), revision: 2 })
  t.match(await other.applyDue(later(quiet('05:00'), 1000)), [{ kind: 'failed', schedule: { reason: 'UI_CONFIG_APPROVAL_REQUIRED' } }], 'CONFIG_APPROVALS=2: not published without an approval at its time')
  await admin.post(`/ui/config/drafts/${unapproved.id}/schedule`, { at: written(quiet('05:30')), revision: 2 })
  t.equal((await ops.post(`/ui/config/drafts/${unapproved.id}/approve`, { revision: 2 })).status, 200, 'ops approves the scheduled revision')
  t.match(await draftRow(unapproved.id), { approvals: ['ops'], schedule: 'scheduled' }, 'an approval leaves the schedule waiting')
  t.match(await other.applyDue(later(quiet('05:30'), 1000)), [{ kind: 'applied' }], 'approved, it is published at its time')
  t.equal(await product.service.configStore.sync(), live(), 'the first instance takes it from the store (its catch-up poll)')
  t.match(await stakeOf(ag1), { width: 185 })
})

t.test('two instances on one store: a due schedule is applied exactly once, and each instance\'s timer applies one a second ahead', async (t) => {
  // Approved, so that the instance asking for approvals applies them too.
  const draft = await draftWithStake(190)
  await ops.post(`/ui/config/drafts/${draft.id}/approve`, { revision: 2 })
  const at = quiet('06:00')
  await admin.post(`/ui/config/drafts/${draft.id}/schedule`, { at: written(at), revision: 2 })
  const versionsBefore = (await admin.get('/ui/config/versions?limit=1')).json.versions[0].number as number
  const outcomes = (await Promise.all([first.applyDue(later(at, 1000)), other.applyDue(later(at, 1000)), first.applyDue(later(at, 1000))])).flat()
  t.equal(outcomes.filter((o) => o.kind === 'applied').length, 1, 'one instance applied it')
  t.equal(outcomes.filter((o) => o.kind === 'failed').length, 0, 'and no other failed it')
  t.equal((await admin.get('/ui/config/versions?limit=1')).json.versions[0].number, versionsBefore + 1, 'one version was made')

  // The timers: a schedule one second ahead (confirmed, should the test run just before a close) is found by an instance's own look.
  const timed = await draftWithStake(195)
  await ops.post(`/ui/config/drafts/${timed.id}/approve`, { revision: 2 })
  const soon = later(new Date(), 1000)
  t.equal((await admin.post(`/ui/config/drafts/${timed.id}/schedule`, { at: soon.toISOString(), revision: 2, confirm: true })).status, 200)
  const deadline = Date.now() + 10_000
  while ((await schedulesOf(timed.id))[0]?.state === 'scheduled' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  const [applied] = await schedulesOf(timed.id)
  t.match(applied, { state: 'applied', version: versionsBefore + 2 }, 'applied by whichever instance looked first')
  while ((product.service.configStore.versionNumber() !== applied!.version || second.service.configStore.versionNumber() !== applied!.version) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  t.same([product.service.configStore.versionNumber(), second.service.configStore.versionNumber()], [applied!.version, applied!.version], 'both instances serve it')
  t.match(await stakeOf(ag1), { width: 195 })
})
