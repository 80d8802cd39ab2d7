import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { demoPassword, gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

const rules = {
  length: 'Your password must be between 8 and 15 characters long',
  upper: 'Your password must contain at least 1 uppercase letter',
  lower: 'Your password must contain at least 1 lowercase letter',
  number: 'Your password must contain at least 1 number',
  special: 'Your password must contain at least 1 special character',
  spaces: 'Your password cannot contain spaces',
  match: 'Password does not match'
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const updatePassword = async (fields: Record<string, string>, { captcha = true, form = true } = {}) => {
    const { xToken, answer } = await h.captcha()
    const body = { UserId: 'mem2', OldPassword: demoPassword, Password1: 'New#Pass12', Password2: 'New#Pass12', ...(captcha ? { Token: answer } : {}), ...fields }
    return h.call('PUT', '/api/v1/update-password', {
      payload: form ? new URLSearchParams(body).toString() : body,
      headers: { token: xToken, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }
    })
  }

  t.test('update-password always needs the captcha', async (t) => {
    const missing = await updatePassword({}, { captcha: false })
    t.equal(missing.statusCode, 400)
    t.same(contractFields(missing.json()), { success: false, message: 'Captcha incorrect.' })
    t.same(contractFields((await updatePassword({ Token: 'wrong' })).json()), { success: false, message: 'Captcha incorrect.' })
    const { answer } = await h.captcha()
    const noHeader = await h.call('PUT', '/api/v1/update-password', { payload: { UserId: 'mem2', OldPassword: demoPassword, Password1: 'New#Pass12', Password2: 'New#Pass12', Token: answer } })
    t.same(contractFields(noHeader.json()), { success: false, message: 'Captcha incorrect.' }, 'without the x-token header')
  })

  t.test('each password rule, with its exact message', async (t) => {
    const cases: Array<[string, string]> = [['Ab1#', rules.length], ['new#pass12', rules.upper], ['NEW#PASS12', rules.lower], ['New#Passxx', rules.number], ['NewPass123', rules.special], ['New #Pass12', rules.spaces]]
    for (const [password, message] of cases) {
      const r = await updatePassword({ Password1: password, Password2: password })
      t.equal(r.statusCode, 400, password)
      t.same(contractFields(r.json()), { success: false, message, data: [message] }, message)
    }
    const mismatch = await updatePassword({ Password2: 'Other#Pass12' })
    t.same(contractFields(mismatch.json()), { success: false, message: rules.match, data: [rules.match] })
  })

  t.test('several broken rules are all listed; the first is the message', async (t) => {
    const r = await updatePassword({ Password1: 'a b', Password2: 'c' }, { form: false })
    t.same(contractFields(r.json()), { success: false, message: rules.length, data: [rules.length, rules.upper, rules.number, rules.special, rules.spaces, rules.match] })
  })

  t.test('wrong user id or old password: Login Failed', async (t) => {
    t.same(contractFields((await updatePassword({ OldPassword: 'Wrong#1234' })).json()), { success: false, message: 'Login Failed' })
    t.same(contractFields((await updatePassword({ UserId: 'nobody' })).json()), { success: false, message: 'Login Failed' })
    const missing = await h.call('PUT', '/api/v1/update-password', { payload: { UserId: 'mem2' } })
    t.equal(missing.statusCode, 400)
    t.equal(missing.json().message, 'body/OldPassword is required')
  })

  t.test('success clears updatePassword, revokes the tokens, and the new password works', async (t) => {
    const before = await h.signIn('mem2')
    const r = await updatePassword({})
    t.equal(r.statusCode, 200)
    t.same(r.json(), { success: true, message: 'Password updated.', data: true })
    t.equal((await h.call('GET', '/api/v1/profile', { token: before })).statusCode, 401, 'old sessions end')
    const failed = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'mem2', password: demoPassword }, address: '198.51.100.7' })
    t.equal(failed.json().message, 'Login Failed', 'the old password no longer works')
    const token = await h.signIn('mem2', 'New#Pass12')
    const profile = (await h.call('GET', '/api/v1/profile', { token })).json().data
    t.equal(profile.updatePassword, false)
    const grant = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'mem2', password: 'New#Pass12' }, address: '198.51.100.8' })
    t.equal(grant.json().data.updatePassword, false)
  })

  t.test('PUT password changes a signed-in user\'s password with the same rules', async (t) => {
    const token = await h.signIn('ag2')
    const other = await h.signIn('ag2')
    const put = (body: Record<string, string>, tok = token) => h.call('PUT', '/api/v1/password', { token: tok, payload: body })
    t.equal((await put({ OldPassword: demoPassword, Password1: 'x', Password2: 'x' }, '')).statusCode, 401, 'needs a token')
    const weak = await put({ OldPassword: demoPassword, Password1: 'weakpass', Password2: 'weakpass' })
    t.same(contractFields(weak.json()), { success: false, message: rules.upper, data: [rules.upper, rules.number, rules.special] })
    t.same(contractFields((await put({ OldPassword: 'Wrong#1234', Password1: 'Agent#Two22', Password2: 'Agent#Two22' })).json()), { success: false, message: 'The old password is wrong; type the password you signed in with.' }, 'signed in, a wrong old password is named as such')
    t.equal((await put({ OldPassword: demoPassword })).json().message, 'body/Password1 is required')
    const ok = await put({ OldPassword: demoPassword, Password1: 'Agent#Two22', Password2: 'Agent#Two22' })
    t.same(ok.json(), { success: true, message: 'Password updated.', data: true })
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 200, 'the session that changed it stays')
    t.equal((await h.call('GET', '/api/v1/profile', { token: other })).statusCode, 401, 'other sessions end')
    await h.signIn('ag2', 'Agent#Two22')
  })

  t.test('password changes are audited without the passwords', async (t) => {
    const { rows } = await h.db.query<{ action: string, user_id: string, detail: unknown }>("SELECT action, user_id, detail FROM audits WHERE action LIKE 'password.%' ORDER BY audit_id")
    t.same(rows.map((r) => [r.action, r.user_id]), [['password.update', 'mem2'], ['password.change', 'ag2']])
    t.notMatch(JSON.stringify(rows), /New#Pass12|Agent#Two22|Demo#1234/)
  })
})
