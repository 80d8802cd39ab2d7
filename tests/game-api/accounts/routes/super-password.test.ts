import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { confirmSuperPassword, SUPER_PASSWORD_LOCK_MS, SUPER_PASSWORD_TRIES } from '../../../../server/game-api/lib/super-password.ts'

// PUT super-password: an ADMIN holding SuperPwd sets a second secret under the six password rules, stored hashed, audited.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1') }
  const put = (as: keyof typeof tokens, payload: Record<string, unknown>) => h.call('PUT', '/api/v1/4d/super-password', { token: tokens[as], payload })

  t.test('the six rules, the confirmation, the sign-in password and the right are all checked', async (t) => {
    const weak = await put('admin', { Password: 'Demo#1234', SuperPassword1: 'short', SuperPassword2: 'other' })
    t.equal(weak.statusCode, 400)
    t.same(weak.json().data, [
      'Your password must be between 8 and 15 characters long', 'Your password must contain at least 1 uppercase letter',
      'Your password must contain at least 1 number', 'Your password must contain at least 1 special character', 'Password does not match'])
    t.match(await put('admin', { Password: 'Wrong#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' }).then((r) => r.json()), { message: /old password is wrong/ })
    t.match(await put('admin', { Password: 'Demo#1234', SuperPassword1: 'Demo#1234', SuperPassword2: 'Demo#1234' }).then((r) => r.json()), { code: 'GA_SUPER_PASSWORD_SAME', message: 'The super password must differ from your sign-in password.' })
    t.match(await put('ops', { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' }).then((r) => [r.statusCode, r.json().message]), [403, /granted SuperPwd/], 'ops lacks SuperPwd')
    t.equal((await put('ag1', { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' })).statusCode, 403, 'agents have none')
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE super_password_hash IS NOT NULL')
    t.equal(rows[0]?.n, 0, 'nothing stored by a refused call')
  })

  t.test('set, then replaced; stored as a scrypt hash and audited without the secret', async (t) => {
    const set = await put('admin', { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' })
    t.same(set.json(), { success: true, data: { SuperPasswordSet: true } })
    const { rows: [row] } = await h.db.query<{ super_password_hash: string }>("SELECT super_password_hash FROM users WHERE user_id = 'admin'")
    t.match(row?.super_password_hash, /^scrypt\$/)
    t.notMatch(row?.super_password_hash, /Super#2030/)
    await t.resolves(confirmSuperPassword(h.db, 'admin', 'Super#2030', new Date()))
    t.equal((await put('admin', { Password: 'Demo#1234', SuperPassword1: 'Other#2031', SuperPassword2: 'Other#2031' })).statusCode, 200)
    await t.rejects(confirmSuperPassword(h.db, 'admin', 'Super#2030', new Date()), { code: 'GA_SUPER_PASSWORD_WRONG' }, 'the old one no longer confirms')
    await t.rejects(confirmSuperPassword(h.db, 'ops', 'Super#2030', new Date()), { code: 'GA_SUPER_PASSWORD_NOT_SET' })
    const audits = await h.db.query<{ action: string, detail: Record<string, unknown> }>("SELECT action, detail FROM audits WHERE action = 'superPassword.set' ORDER BY audit_id")
    t.same(audits.rows.map((a) => a.detail.replaced), [false, true])
    t.notMatch(JSON.stringify(audits.rows), /Super#2030|Other#2031|Demo#1234/, 'no secret in the audit')
  })

  t.test('five wrong tries in a row lock it for a quarter of an hour, counted even though each call fails; a right one resets the count', async (t) => {
    const now = new Date('2030-03-01T04:00:00Z')
    t.equal((await put('admin', { Password: 'Demo#1234', SuperPassword1: 'Third#2032', SuperPassword2: 'Third#2032' })).statusCode, 200)
    for (let i = 1; i < SUPER_PASSWORD_TRIES; i++) await t.rejects(confirmSuperPassword(h.db, 'admin', 'Guess#0000', now), { code: 'GA_SUPER_PASSWORD_WRONG' })
    await t.resolves(confirmSuperPassword(h.db, 'admin', 'Third#2032', now), 'a right one before the limit confirms')
    for (let i = 1; i < SUPER_PASSWORD_TRIES; i++) await t.rejects(confirmSuperPassword(h.db, 'admin', 'Guess#0000', now), { code: 'GA_SUPER_PASSWORD_WRONG' }, 'the count started again')
    await t.rejects(confirmSuperPassword(h.db, 'admin', 'Guess#0000', now), { code: 'GA_SUPER_PASSWORD_LOCKED', params: ['03/01/2030 12:15'] }, 'the fifth in a row locks it until 15 minutes on, in GMT+8')
    await t.rejects(confirmSuperPassword(h.db, 'admin', 'Third#2032', new Date(now.getTime() + SUPER_PASSWORD_LOCK_MS - 1000)), { code: 'GA_SUPER_PASSWORD_LOCKED' }, 'even the right one waits for the lock')
    await t.resolves(confirmSuperPassword(h.db, 'admin', 'Third#2032', new Date(now.getTime() + SUPER_PASSWORD_LOCK_MS)), 'the right one confirms once the lock ends')
    const locked = await h.call('PUT', '/api/v1/4d/result/reset6/999999', { token: tokens.admin, payload: { SuperPassword: 'Guess#0000' } })
    t.equal(locked.json().code, 'GA_SUPER_PASSWORD_WRONG', 'the reset call counts a wrong try through HTTP too')
    const { rows: [row] } = await h.db.query<{ super_password_failures: number }>("SELECT super_password_failures FROM users WHERE user_id = 'admin'")
    t.equal(row?.super_password_failures, 1, 'the failed call\'s try stayed counted')
  })
})
