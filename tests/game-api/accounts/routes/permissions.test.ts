import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// GET permissions, permissionGranted; POST permissions; DELETE permissions/{UserId}?Attribute=: ADMIN with AdminEdit manages the nine names.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1') }
  const call = (as: keyof typeof tokens, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
    h.call(method, `/api/v1/4d/${path}`, { token: tokens[as], ...(payload ? { payload } : {}) })

  t.test('lists ADMIN and AG users below the caller with their names', async (t) => {
    const rows = (await call('admin', 'GET', 'permissions')).json().data as Array<{ UserId: string, Granted: string[] }>
    t.same(rows.map((r) => r.UserId), ['ag1', 'ag2', 'clerk', 'ops'])
    t.same(rows.find((r) => r.UserId === 'ops')?.Granted, ['Report', 'DrawSetting', 'BetEntry', 'OutSet'])
    t.same((await call('admin', 'GET', 'permissions?txtSearch=CLE')).json().data.map((r: { UserId: string }) => r.UserId), ['clerk'])
    const granted = (await call('admin', 'GET', 'permissionGranted?UserId=ops')).json().data as Array<{ Attribute: string, Granted: boolean }>
    t.equal(granted.length, 11, 'seed 001 §6\'s nine, and the config console\'s ConfigEdit and ConfigApprove')
    t.same(granted.filter((g) => g.Granted).map((g) => g.Attribute), ['BetEntry', 'DrawSetting', 'OutSet', 'Report'], 'in seed 001 §6 order')
  })

  t.test('grant and revoke, audited; the next sign-in\'s profile carries the change', async (t) => {
    const grant = await call('admin', 'POST', 'permissions', { UserId: 'ops', Attribute: 'AdminEdit' })
    t.equal(grant.statusCode, 200, grant.body)
    t.ok((grant.json().data.Granted as string[]).includes('AdminEdit'))
    t.equal((await call('admin', 'POST', 'permissions', { UserId: 'ops', Attribute: 'AdminEdit' })).json().data.Granted.filter((g: string) => g === 'AdminEdit').length, 1, 'granted once')
    const profile = await h.call('GET', '/api/v1/profile', { token: tokens.ops })
    t.ok((profile.json().data.Granted as string[]).includes('AdminEdit'), 'the profile reads it at once')
    t.equal((await call('ops', 'GET', 'permissions')).statusCode, 200, 'ops may now manage permissions')
    const revoke = await call('admin', 'DELETE', 'permissions/ops?Attribute=AdminEdit')
    t.equal(revoke.statusCode, 200)
    t.notOk((revoke.json().data.Granted as string[]).includes('AdminEdit'))
    t.equal((await call('ops', 'GET', 'permissions')).statusCode, 403)
    const set = await call('admin', 'POST', 'permissions', { UserId: 'clerk', Granted: ['Report', 'MemberEdit'] })
    t.same(set.json().data.Granted, ['Report', 'MemberEdit'], 'the whole list set at once: SMSGateway revoked, Report granted')
    t.equal((await call('admin', 'POST', 'permissions', { UserId: 'clerk' })).json().message, 'Grant either one permission or the whole list of permissions, not both or neither.')
    const audits = await h.db.query<{ action: string }>("SELECT action FROM audits WHERE action LIKE 'permissions.%' ORDER BY audit_id")
    t.same(audits.rows.map((r) => r.action), ['permissions.grant', 'permissions.grant', 'permissions.revoke', 'permissions.grant'])
  })

  t.test('refusals', async (t) => {
    t.equal((await call('ag1', 'GET', 'permissions')).json().message, 'Only an administrator granted AdminEdit may do this; ask for it to be granted on Control › Permission.')
    t.equal((await call('admin', 'POST', 'permissions', { UserId: 'ops', Attribute: 'Everything' })).json().message,
      'body/Attribute must be one of BetEntry, DrawSetting, FixedSetting, AdminEdit, SuperPwd, OutSet, Report, SMSGateway, MemberEdit, ConfigEdit, ConfigApprove')
    t.match((await call('admin', 'POST', 'permissions', { UserId: 'mem1', Attribute: 'Report' })).json(), { code: 'GA_PERMISSION_PLAYER', message: 'User mem1 is a player; permissions are for administrators and agents.', params: ['mem1'] })
    t.match((await call('admin', 'POST', 'permissions', { UserId: 'admin', Attribute: 'Report' })).json(), { code: 'GA_PERMISSION_OWN', message: 'Choose another user: nobody changes their own permissions.' })
    t.equal((await call('admin', 'POST', 'permissions', { UserId: 'ops', Attribute: 'AdminEdit' })).statusCode, 200)
    const notHeld = await call('ops', 'POST', 'permissions', { UserId: 'clerk', Granted: ['SMSGateway', 'SuperPwd', 'Report'] })
    t.equal(notHeld.statusCode, 409, notHeld.body)
    t.same(notHeld.json(), { success: false, code: 'GA_PERMISSION_NOT_HELD', message: 'You cannot grant what you do not hold: SMSGateway, SuperPwd.', params: ['SMSGateway, SuperPwd'] }, 'only what the granter holds')
    t.equal((await call('admin', 'DELETE', 'permissions/ops?Attribute=AdminEdit')).statusCode, 200)
  })
})
