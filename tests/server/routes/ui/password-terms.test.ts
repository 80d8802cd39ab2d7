import t from 'tap'
import { solvedCaptcha, startSessionProduct } from '../../../helpers/http-browser.ts'

t.test('password changes and terms over HTTP', async (t) => {
  const product = await startSessionProduct(t)

  await t.test('a gate refusal (mem2 must change the password, mem3 has not accepted the terms) is audited as a denial naming its code', async (t) => {
    for (const [user, code] of [['mem2', 'UI_PASSWORD_CHANGE_REQUIRED'], ['mem3', 'UI_TERMS_REQUIRED']] as const) {
      const b = product.browser()
      if (user === 'mem2') {
        // A forced change keeps no session at sign-in: mem2's flag is set again once signed in, as an upline's reset does mid-session.
        await product.gameApi.db.query("UPDATE users SET update_password = false WHERE user_id = 'mem2'")
        t.equal((await b.login(user)).status, 200)
        await product.gameApi.db.query("UPDATE users SET update_password = true WHERE user_id = 'mem2'")
        await product.service.caches.invalidate({ kind: 'user', userId: 'mem2' })
      } else await b.login(user)
      const page = await b.get('/ui/pages?path=/bet/placeBets/add')
      const call = await b.post('/api/v1/4d/bet', { DayCode: '3', Lines: [{ Number: '4321', Form: 'straight', Big: 1, Small: 1 }] })
      t.same([page.json.code, call.json.code], [code, code], `${user} is refused`)
      const denials = (await product.service.audit.query({ action: 'denied', user })).items
      t.match(denials, [
        { path: '/api/v1/4d/bet', status: 403, method: 'POST', detail: { reason: code } },
        { path: '/ui/pages', status: 403, method: 'GET', detail: { reason: code } }
      ], `both refusals of ${user} leave a denial`)
      t.notMatch(JSON.stringify(denials), /4321|placeBets/, 'neither the body nor the query is kept')
    }
  })

  await t.test('mem2\'s forced change from the sign-in area, with the rule messages', async (t) => {
    const b = product.browser()
    t.equal((await b.login('mem2')).json.updatePassword, true)
    const missing = await b.post('/ui/password', { UserId: 'mem2', OldPassword: 'Demo#1234', Password1: 'New#12345', Password2: 'New#12345' })
    t.equal(missing.status, 400)
    t.equal(missing.json.code, 'UI_PASSWORD_FIELD_MISSING')
    t.match(missing.json.message, /Token/)

    const weak = await b.post('/ui/password', { UserId: 'mem2', OldPassword: 'Demo#1234', Password1: 'abc def', Password2: 'abc', ...await solvedCaptcha(product, b) })
    t.equal(weak.status, 400)
    t.equal(weak.json.message, 'Your password must be between 8 and 15 characters long')
    t.same(weak.json.data, [
      'Your password must be between 8 and 15 characters long',
      'Your password must contain at least 1 uppercase letter',
      'Your password must contain at least 1 number',
      'Your password must contain at least 1 special character',
      'Your password cannot contain spaces',
      'Password does not match'
    ])

    const badCaptcha = await b.post('/ui/password', { UserId: 'mem2', OldPassword: 'Demo#1234', Password1: 'New#12345', Password2: 'New#12345', Token: 'wrong', xToken: (await solvedCaptcha(product, b)).xToken })
    t.equal(badCaptcha.status, 400)
    t.equal(badCaptcha.json.message, 'Captcha incorrect.')

    const wrongOld = await b.post('/ui/password', { UserId: 'mem2', OldPassword: 'Nope#1234', Password1: 'New#12345', Password2: 'New#12345', ...await solvedCaptcha(product, b) })
    t.equal(wrongOld.json.message, 'Login Failed')

    const done = await b.post('/ui/password', { UserId: 'mem2', OldPassword: 'Demo#1234', Password1: 'New#12345', Password2: 'New#12345', ...await solvedCaptcha(product, b) })
    t.equal(done.status, 200)
    t.same(done.json, { success: true, message: 'Password updated.', signedOut: false })
    const again = await b.login('mem2', 'New#12345')
    t.equal(again.status, 200)
    t.equal(again.json.updatePassword, false, 'the new password signs in without a forced change')
    t.equal((await b.get('/ui/session')).status, 200)
  })

  await t.test('a forced change that fails keeps the typed user id in its audit record only when it has a user id\'s shape', async (t) => {
    const b = product.browser()
    for (const UserId of ['Demo#1234', 'nobody_here']) {
      const answer = await b.post('/ui/password', { UserId, OldPassword: 'Demo#1234', Password1: 'New#12345', Password2: 'New#12345', ...await solvedCaptcha(product, b) })
      t.equal(answer.status, 400, answer.text)
    }
    const users = (await product.service.audit.query({ action: 'password-changed' })).items.map((r) => r.userId)
    t.notOk(users.includes('Demo#1234'), 'a password typed as the user id is not kept')
    t.ok(users.includes('nobody_here'), 'a mistyped user id is')
  })

  await t.test('the signed-in change keeps the session and passes the game API messages through', async (t) => {
    const b = product.browser()
    await b.login('ag1')
    const weak = await b.post('/ui/password', { OldPassword: 'Demo#1234', Password1: 'lowercase1!', Password2: 'lowercase1!' })
    t.equal(weak.status, 400)
    t.equal(weak.json.code, 'UI_PASSWORD_REJECTED')
    t.same(weak.json.data, ['Your password must contain at least 1 uppercase letter'])
    const wrongOld = await b.post('/ui/password', { OldPassword: 'Nope#1234', Password1: 'Changed#123', Password2: 'Changed#123' })
    t.equal(wrongOld.status, 400)
    t.equal(wrongOld.json.message, 'The old password is wrong; type the password you signed in with.', 'a wrong old password is named, not "Login Failed"')
    t.equal((await b.get('/ui/session')).status, 200, 'and the session goes on')
    const ok = await b.post('/ui/password', { OldPassword: 'Demo#1234', Password1: 'Changed#123', Password2: 'Changed#123' })
    t.equal(ok.status, 200)
    t.same(ok.json, { success: true, message: 'Password updated.', signedOut: false })
    t.equal((await b.get('/ui/session')).status, 200, 'still signed in')
    t.equal((await product.browser().login('ag1', 'Changed#123')).status, 200, 'the new password works')
  })

  await t.test('until mem3 accepts the terms, no page and no game API call is served; the session, sign-out and public endpoints are', async (t) => {
    const b = product.browser()
    t.equal((await b.login('mem3')).json.termsAccepted, false)
    const before = (await product.gameApi.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tickets WHERE user_id = 'mem3'")).rows[0]?.n
    const refused = [
      await b.get('/ui/pages?path=/bet/placeBets/add'),
      await b.get('/api/v1/4d/bet/page2'),
      await b.post('/api/v1/4d/bet', { DayCode: '3', Lines: [{ Number: '4321', Form: 'straight', Big: 1, Small: 1 }] }),
      await b.get('/api/v1/4d/announcements?LocId=SG')
    ]
    for (const answer of refused) {
      t.equal(answer.status, 403, answer.text.slice(0, 200))
      t.equal(answer.json.code, 'UI_TERMS_REQUIRED')
    }
    t.equal((await product.gameApi.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tickets WHERE user_id = 'mem3'")).rows[0]?.n, before, 'no ticket was placed')
    t.equal((await b.get('/ui/session')).status, 200, 'the session answers')
    t.equal((await b.get('/api/v1/status')).status, 200, 'a public endpoint answers')
    t.equal((await b.post('/ui/logout', {})).status, 200, 'sign-out works')
  })

  await t.test('a user who must change the password mid-session gets pages and calls refused until the change; the change itself works', async (t) => {
    const b = product.browser()
    t.equal((await b.login('mem1')).status, 200)
    t.equal((await b.get('/ui/pages?path=/bet/placeBets/add')).status, 200)
    await product.gameApi.db.query("UPDATE users SET update_password = true WHERE user_id = 'mem1'")
    // As an upline's call about mem1 would: the service reads mem1's profile afresh.
    await product.service.caches.invalidate({ kind: 'user', userId: 'mem1' })
    for (const answer of [await b.get('/ui/pages?path=/bet/placeBets/add'), await b.get('/api/v1/4d/bet/page2')]) {
      t.equal(answer.status, 403, answer.text.slice(0, 200))
      t.equal(answer.json.code, 'UI_PASSWORD_CHANGE_REQUIRED')
    }
    t.equal((await b.get('/ui/session')).status, 200, 'the session answers')
    const changed = await b.post('/ui/password', { OldPassword: 'Demo#1234', Password1: 'Fresh#1234', Password2: 'Fresh#1234' })
    t.equal(changed.status, 200, changed.text)
    if (!changed.json.signedOut) t.equal((await b.get('/ui/pages?path=/bet/placeBets/add')).status, 200, 'after the change the pages answer')
  })

  await t.test('mem3 disagrees: the session ends; then agrees: terms accepted', async (t) => {
    const events: Array<{ UserId: string, agree: boolean }> = []
    product.service.events.on('terms', (e) => events.push(e))
    const b = product.browser()
    const first = await b.login('mem3')
    t.equal(first.json.termsAccepted, false)
    t.equal((await b.get('/ui/session')).json.termsAccepted, false)
    const token = product.tokenOf(b)
    const no = await b.post('/ui/terms', { agree: false })
    t.equal(no.status, 200)
    t.same(no.json, { termsAccepted: false, signedOut: true })
    t.equal(b.cookie, '', 'the session cookie is cleared')
    t.equal((await b.get('/ui/session')).status, 401)
    t.equal((await b.get('/ui/session?optional=1')).status, 204, 'a signed-out check is an answer, not an error')
    t.equal((await fetch(`${product.gameApiUrl}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })).status, 401, 'the game API revoked the token')

    t.equal((await b.login('mem3')).json.termsAccepted, false, 'still not accepted')
    const bad = await b.post('/ui/terms', { agree: 'yes' })
    t.equal(bad.status, 400)
    const yes = await b.post('/ui/terms', { agree: true })
    t.same(yes.json, { termsAccepted: true, signedOut: false })
    t.equal((await b.get('/ui/session')).json.termsAccepted, true)
    t.equal((await product.browser().login('mem3')).json.termsAccepted, true, 'recorded at the game API')
    t.match(events, [{ UserId: 'mem3', agree: false }, { UserId: 'mem3', agree: true }])
  })
})
