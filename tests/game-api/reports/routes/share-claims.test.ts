import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Share claims on the seeded settled draws: the live report per downline, recording claims, the claim-back flow
// (select, import, settle), Share Claim Setting and the company view, each behind its menu rule.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), clerk: await h.signIn('clerk'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2') }
  const period = { DrawFrom: '2029-12-01', DrawTo: '2030-01-02' }
  const query = `DrawFrom=${period.DrawFrom}&DrawTo=${period.DrawTo}`
  let claimId = 0

  t.test('reportDownLine: admin\'s claim on ag1\'s group is what ag1\'s group does not hold', async (t) => {
    const live = await api(h, 'GET', `/api/v1/4d/reportDownLine?${query}`, tokens.admin)
    t.equal(live.status, 200, JSON.stringify(live.body))
    const ag1 = live.body.data.rows.find((r: { UserId: string }) => r.UserId === 'ag1')
    t.match(ag1, { UserId: 'ag1', Role: 'AG', Bets: Number })
    t.equal(Math.round((ag1.DownlineShare + ag1.Claim) * 100), Math.round(ag1.WinLoss * 100), 'group + claim = win/loss')
    t.equal(ag1.AboveShare, 0, 'admin is the top: nothing is held above it in the seed')
    const downOfAg1 = await api(h, 'GET', `/api/v1/4d/reportDownLine?UserId=ag1&${query}`, tokens.admin)
    t.same(downOfAg1.body.data.rows.map((r: { UserId: string }) => r.UserId), ['ag2', 'mem1', 'mem3'], 'an admin may look at a downline\'s claims')
    t.equal((await api(h, 'GET', '/api/v1/4d/reportDownLine', tokens.clerk)).status, 403, 'DrawSetting is needed')
    t.equal((await api(h, 'GET', '/api/v1/4d/reportDownLine', tokens.ag1)).status, 403, 'an agent has no Control pages')
    const reversed = await api(h, 'GET', '/api/v1/4d/reportDownLine?DrawFrom=2030-01-02&DrawTo=2029-12-01', tokens.admin)
    t.equal(reversed.body.code, 'GA_PERIOD_REVERSED')
  })

  t.test('recording claims: one downline, then the whole group; a re-run replaces', async (t) => {
    const one = await api(h, 'POST', '/api/v1/4d/shareClaim', tokens.admin, { DownlineId: 'ag1', ...period })
    t.equal(one.status, 200, JSON.stringify(one.body))
    t.match(one.body.data, [{ UplineId: 'admin', UserId: 'ag1', DrawFrom: period.DrawFrom, DrawTo: period.DrawTo, Status: 'open', ClaimBackId: null }])
    claimId = one.body.data[0].ClaimId
    const notDirect = await api(h, 'POST', '/api/v1/4d/shareClaim', tokens.admin, { DownlineId: 'mem2', ...period })
    t.same(notDirect.body.params, ['mem2', 'admin'])
    t.equal(notDirect.body.code, 'GA_SHARE_CLAIM_NOT_DIRECT')
    const noPeriod = await api(h, 'POST', '/api/v1/4d/shareClaim', tokens.admin, { DownlineId: 'ag1' })
    t.equal(noPeriod.body.code, 'GA_SHARE_CLAIM_NO_PERIOD')
    const empty = await api(h, 'POST', '/api/v1/4d/shareClaim', tokens.admin, { DownlineId: 'ag1', DrawFrom: '2020-01-01', DrawTo: '2020-01-31' })
    t.equal(empty.status, 404)
    t.equal(empty.body.code, 'GA_SHARE_CLAIM_NOTHING')
    const all = await api(h, 'PUT', '/api/v1/4d/generateShareClaimReport', tokens.admin, period)
    t.equal(all.status, 200, JSON.stringify(all.body))
    t.ok(all.body.data.Claims >= 4, 'admin on ag1 (and ops/clerk if they bet), ag1 on ag2, mem1, mem3, ag2 on mem2')
    const listed = await api(h, 'GET', `/api/v1/4d/shareClaim?${query}`, tokens.admin)
    const mine = listed.body.data.filter((c: { UserId: string }) => c.UserId === 'ag1')
    t.equal(mine.length, 1, 'the re-run replaced the claim on ag1 rather than adding one')
    t.equal(mine[0].ClaimId, claimId)
    const ofAg1 = await api(h, 'GET', `/api/v1/4d/shareClaim?UserId=ag1&${query}`, tokens.admin)
    t.same(ofAg1.body.data.map((c: { UserId: string }) => c.UserId), ['ag2', 'mem1', 'mem3'], 'ag1\'s claims on its own downline were recorded too')
  })

  t.test('claim-back: select the open claims, import them, settle; a settled one stays', async (t) => {
    const selected = await api(h, 'POST', '/api/v1/4d/shareClaimBackSelect', tokens.admin, { DownlineId: 'ag1' })
    t.equal(selected.status, 200, JSON.stringify(selected.body))
    t.same(selected.body.data.Claims.map((c: { ClaimId: number }) => c.ClaimId), [claimId])
    const none = await api(h, 'PUT', '/api/v1/4d/shareClaimBackImport', tokens.admin, { ClaimIds: [] })
    t.equal(none.body.code, 'GA_SHARE_CLAIM_NO_IDS')
    const ofAg1 = (await api(h, 'GET', `/api/v1/4d/shareClaim?UserId=ag1&${query}`, tokens.admin)).body.data as Array<{ ClaimId: number }>
    const mixed = await api(h, 'PUT', '/api/v1/4d/shareClaimBackImport', tokens.admin, { ClaimIds: ofAg1.map((c) => c.ClaimId) })
    t.equal(mixed.body.code, 'GA_SHARE_CLAIM_MIXED', 'one downline per claim-back')
    const imported = await api(h, 'PUT', '/api/v1/4d/shareClaimBackImport', tokens.admin, { ClaimIds: [claimId], Remarks: 'December' })
    t.equal(imported.status, 200, JSON.stringify(imported.body))
    t.match(imported.body.data, { UplineId: 'admin', UserId: 'ag1', Amount: selected.body.data.Total, Claims: 1, Status: 'open', Remarks: 'December', SettledDate: null })
    const backId = imported.body.data.ClaimBackId
    const again = await api(h, 'PUT', '/api/v1/4d/shareClaimBackImport', tokens.admin, { ClaimIds: [claimId] })
    t.same([again.body.code, again.body.params], ['GA_SHARE_CLAIM_IMPORTED', [String(claimId), String(backId)]])
    t.equal((await api(h, 'DELETE', `/api/v1/4d/shareClaim/${claimId}`, tokens.admin)).body.code, 'GA_SHARE_CLAIM_IMPORTED', 'an imported claim is not deleted')
    const regenerated = await api(h, 'PUT', '/api/v1/4d/generateShareClaimReport', tokens.admin, period)
    t.equal(regenerated.status, 200)
    t.same((await api(h, 'POST', '/api/v1/4d/shareClaimBackSelect', tokens.admin, { DownlineId: 'ag1' })).body.data.Claims, [], 'an imported claim is no longer offered')
    const settled = await api(h, 'PUT', '/api/v1/4d/shareClaimBack', tokens.admin, { ClaimBackId: backId })
    t.equal(settled.status, 200, JSON.stringify(settled.body))
    t.match(settled.body.data, { Status: 'settled', SettledDate: String })
    t.equal((await api(h, 'PUT', '/api/v1/4d/shareClaimBack', tokens.admin, { ClaimBackId: backId })).body.code, 'GA_CLAIM_BACK_SETTLED')
    t.equal((await api(h, 'DELETE', `/api/v1/4d/shareClaimBack/${backId}`, tokens.admin)).body.code, 'GA_CLAIM_BACK_SETTLED')
    const backs = await api(h, 'GET', '/api/v1/4d/selectReportShareClaimBack', tokens.admin)
    t.match(backs.body.data, [{ ClaimBackId: backId, Status: 'settled', DrawFrom: period.DrawFrom, DrawTo: period.DrawTo }])
    const listed = (await api(h, 'GET', `/api/v1/4d/shareClaim?DownlineId=ag1&${query}`, tokens.admin)).body.data
    t.match(listed, [{ ClaimId: claimId, Status: 'settled', ClaimBackId: backId }])
    t.equal((await api(h, 'PUT', '/api/v1/4d/shareClaimBack', tokens.admin, { ClaimBackId: 999999 })).body.code, 'GA_CLAIM_BACK_NOT_FOUND')
    const { rows: audited } = await h.db.query<{ action: string }>("SELECT DISTINCT action FROM audits WHERE action LIKE 'shareClaim%' ORDER BY action")
    t.same(audited.map((a) => a.action), ['shareClaim.generate', 'shareClaim.record', 'shareClaimBack.import', 'shareClaimBack.settle'], 'each change is audited')
  })

  t.test('an unsettled claim-back is deleted and frees its claims; an open claim is deleted', async (t) => {
    const ofAg1 = (await api(h, 'GET', `/api/v1/4d/shareClaim?UserId=ag1&DownlineId=mem1&${query}`, tokens.admin)).body.data as Array<{ ClaimId: number }>
    const back = await api(h, 'PUT', '/api/v1/4d/shareClaimBackImport', tokens.admin, { ClaimIds: ofAg1.map((c) => c.ClaimId) })
    t.equal(back.status, 200, JSON.stringify(back.body))
    t.same((await api(h, 'DELETE', `/api/v1/4d/shareClaimBack/${back.body.data.ClaimBackId}`, tokens.admin)).body.data, { Deleted: 1 })
    const freed = await api(h, 'POST', '/api/v1/4d/shareClaimBackSelect', tokens.admin, { UserId: 'ag1', DownlineId: 'mem1' })
    t.same(freed.body.data.Claims.map((c: { ClaimId: number }) => c.ClaimId), ofAg1.map((c) => c.ClaimId))
    t.same((await api(h, 'DELETE', `/api/v1/4d/shareClaim/${ofAg1[0]!.ClaimId}`, tokens.admin)).body.data, { Deleted: 1 })
    t.equal((await api(h, 'DELETE', `/api/v1/4d/shareClaim/${ofAg1[0]!.ClaimId}`, tokens.admin)).body.code, 'GA_SHARE_CLAIM_NOT_FOUND')
  })

  t.test('a claim-back recorded by hand: a direct downline, an amount in cents, settled like any other', async (t) => {
    const byHand = await api(h, 'POST', '/api/v1/4d/shareClaimBack', tokens.admin, { DownlineId: 'ag1', Amount: -125.5, Remarks: 'advance' })
    t.equal(byHand.status, 200, JSON.stringify(byHand.body))
    t.match(byHand.body.data, { UplineId: 'admin', UserId: 'ag1', Amount: -125.5, Claims: 0, DrawFrom: '', Status: 'open', Remarks: 'advance' })
    t.same([(await api(h, 'POST', '/api/v1/4d/shareClaimBack', tokens.admin, { DownlineId: 'mem1', Amount: 10 })).body.code], ['GA_SHARE_CLAIM_NOT_DIRECT'], 'mem1 is below ag1, not directly below admin')
    for (const amount of [0, 1.234]) {
      const bad = await api(h, 'POST', '/api/v1/4d/shareClaimBack', tokens.admin, { DownlineId: 'ag1', Amount: amount })
      t.same([bad.status, bad.body.code], [400, 'GA_CLAIM_BACK_BAD_AMOUNT'], `Amount ${amount} is refused`)
    }
    t.equal((await api(h, 'POST', '/api/v1/4d/shareClaimBack', tokens.ag1, { DownlineId: 'ag2', Amount: 5 })).status, 403, 'an agent records no claim-back')
    const settled = await api(h, 'PUT', '/api/v1/4d/shareClaimBack', tokens.admin, { ClaimBackId: byHand.body.data.ClaimBackId })
    t.match(settled.body.data, { Status: 'settled', Amount: -125.5 })
    const { rows: [audit] } = await h.db.query<{ n: string }>("SELECT count(*) AS n FROM audits WHERE action = 'shareClaimBack.create'")
    t.equal(Number(audit?.n), 1, 'audited once: the refused ones wrote nothing')
  })

  t.test('Share Claim Setting and the company view', async (t) => {
    const rows = await api(h, 'GET', '/api/v1/4d/dMemberByShare', tokens.admin)
    t.match(rows.body.data.find((r: { UserId: string }) => r.UserId === 'ag1'), { dShare: 0.5, tShare: 0, dEnableViewShareClaim: 1 })
    t.notOk(rows.body.data.some((r: { Role: string }) => r.Role === 'MEM'), 'members hold no share')
    const ag1View = await api(h, 'GET', `/api/v1/4d/selectReportShareClaim?${query}`, tokens.ag1)
    t.equal(ag1View.status, 200, JSON.stringify(ag1View.body))
    t.same(ag1View.body.data.rows.map((r: { Holder: string }) => r.Holder).filter((x: string) => x !== 'DOWNLINE'), ['ag1', 'admin'], 'ag1 and the company, by level')
    t.equal((await api(h, 'GET', '/api/v1/4d/selectReportShareClaim', tokens.ag2)).body.code, 'GA_NO_SHARE_CLAIM_VIEW')
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateReportShare', tokens.admin, { UserId: 'admin', dEnableViewShareClaim: 0 })).body.code, 'GA_SHARE_CLAIM_SETTING_OWN')
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateReportShare', tokens.ag1, { UserId: 'ag2', dEnableViewShareClaim: 1 })).status, 403, 'an agent has no Share Claim Setting')
    const enabled = await api(h, 'PUT', '/api/v1/4d/updateReportShare', tokens.admin, { UserId: 'ag2', dEnableViewShareClaim: 1 })
    t.match(enabled.body.data, { UserId: 'ag2', dEnableViewShareClaim: 1 })
    const ag2View = await api(h, 'GET', '/api/v1/tt/selectReportShareClaim', tokens.ag2)
    t.equal(ag2View.status, 200, 'ag2 sees the company view once enabled')
    const part = ag2View.body.data.rows.reduce((s: number, r: { Part: number }) => s + r.Part, 0)
    t.ok(Math.abs(part - 1) < 0.0005, `ag2's TOTO group is held 100 % (${part})`)
    t.equal((await api(h, 'GET', '/api/v1/4d/selectReportShareClaim?UserId=ag1', tokens.ag2)).status, 403, 'not an upline\'s group')
    t.equal((await api(h, 'GET', '/api/v1/4d/selectReportShareClaim', tokens.ops)).status, 200, 'an ADMIN granted DrawSetting sees it')
  })
})
