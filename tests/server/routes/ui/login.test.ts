import t from 'tap'
import { Browser, parseSetCookie, solvedCaptcha, startSessionProduct } from '../../../helpers/http-browser.ts'
import { SESSION_COOKIE } from '../../../../server/src/plugins/external/secure-session.ts'

t.test('sign-in over HTTP against the reference game API', async (t) => {
  const product = await startSessionProduct(t)
  const seen: Browser[] = []
  const browser = (ip?: string) => { const b = product.browser(ip); seen.push(b); return b }
  const tokens: string[] = []

  await t.test('every fixture role signs in; the cookie is HttpOnly, SameSite=Strict, Path=/, not Secure over plain HTTP', async (t) => {
    // clerk signs in below, after failures and a captcha (the per-user-id limit counts every attempt).
    const expected = { admin: 'SG', ops: 'SG', ag1: 'SG', ag2: 'SG', mem1: 'SG', mem3: 'SG' } as const
    for (const [UserId, LocId] of Object.entries(expected)) {
      const b = browser()
      const answer = await b.login(UserId)
      t.equal(answer.status, 200, `${UserId} signs in`)
      t.same(Object.keys(answer.json).sort(), ['LocId', 'csrfToken', 'termsAccepted', 'updatePassword'], `${UserId}: only the documented fields`)
      t.equal(answer.json.updatePassword, false)
      t.equal(answer.json.termsAccepted, UserId !== 'mem3', `${UserId}: terms flag from the profile`)
      t.equal(answer.json.LocId, LocId)
      t.match(answer.json.csrfToken, /^[A-Za-z0-9_-]{43}$/, 'a 32-byte CSRF token')
      const cookie = answer.setCookies.map(parseSetCookie).find((c) => c.name === SESSION_COOKIE)
      t.ok(cookie, 'the session cookie is set')
      t.equal(cookie?.attributes.httponly, true, 'HttpOnly')
      t.equal(cookie?.attributes.samesite, 'Strict', 'SameSite=Strict')
      t.equal(cookie?.attributes.path, '/', 'Path=/')
      t.notOk(cookie?.attributes.secure, 'not Secure over plain HTTP')
      tokens.push(product.tokenOf(b))
      const session = await b.get('/ui/session')
      t.not(session.status, 401, `${UserId}: the cookie carries the session`)
    }
  })

  await t.test('behind TLS (X-Forwarded-Proto: https) the cookie is Secure', async (t) => {
    const b = browser()
    const answer = await b.request('POST', '/ui/login', { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'zh' }, headers: { 'x-forwarded-proto': 'https' } })
    t.equal(answer.status, 200)
    const cookie = answer.setCookies.map(parseSetCookie).find((c) => c.name === SESSION_COOKIE)
    t.equal(cookie?.attributes.secure, true, 'Secure')
    t.equal(cookie?.attributes.httponly, true, 'HttpOnly')
    t.equal(cookie?.attributes.samesite, 'Strict', 'SameSite=Strict')
  })

  await t.test('mem2 must change the password: no session is kept', async (t) => {
    const b = browser()
    const answer = await b.login('mem2')
    t.equal(answer.status, 200)
    t.same(answer.json, { updatePassword: true, termsAccepted: true, LocId: 'SG', csrfToken: '' })
    t.equal(b.cookie, '', 'no session cookie')
    t.equal((await b.get('/ui/session')).status, 401, 'not signed in')
  })

  await t.test('a wrong password answers the game API message; captchaRequired from the third failure', async (t) => {
    const b = browser()
    const flags: boolean[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await b.login('clerk', 'Wrong#1234')
      t.equal(answer.status, 400)
      t.equal(answer.json.message, 'Login Failed')
      t.equal(answer.json.code, 'UI_LOGIN_FAILED')
      flags.push(answer.json.captchaRequired)
    }
    t.same(flags, [false, false, true], 'captcha required after 3 failures')
    const noCaptcha = await b.login('clerk')
    t.equal(noCaptcha.status, 400)
    t.equal(noCaptcha.json.message, 'Captcha incorrect.')
    t.equal(noCaptcha.json.captchaRequired, true)
    const { xToken, Token } = await solvedCaptcha(product, b)
    const ok = await b.login('clerk', 'Demo#1234', { Token, xToken })
    t.equal(ok.status, 200, 'the right captcha (x-token passed through) lets the user in (the fifth attempt this minute, the per-user-id limit)')
    tokens.push(product.tokenOf(b))
  })

  await t.test('GET /ui/captcha streams the game API image with its x-token', async (t) => {
    const b = browser()
    const answer = await b.get('/ui/captcha')
    t.equal(answer.status, 200)
    t.match(answer.headers.get('content-type'), /^image\/svg\+xml/)
    t.match(answer.headers.get('x-token'), /\S{8,}/)
    t.equal(answer.headers.get('cache-control'), 'no-store')
    t.match(answer.text, /^<svg[\s\S]*<\/svg>$/)
    t.ok(product.captchas.has(answer.headers.get('x-token') ?? ''), 'the game API issued that x-token')
  })

  await t.test('sign-in accepts only same-origin JSON', async (t) => {
    const b = browser()
    const form = await b.request('POST', '/ui/login', { body: 'UserId=ag1&Password=Demo%231234&Lang=en', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    t.equal(form.status, 415)
    t.equal(form.json.code, 'UI_JSON_REQUIRED')
    const broken = await b.request('POST', '/ui/login', { body: '{"UserId":', headers: { 'content-type': 'application/json' } })
    t.equal(broken.status, 400)
    t.match(broken.json, { code: 'UI_REQUEST_UNREADABLE', message: /JSON/ }, 'JSON the parser cannot read: a catalogued refusal')
    const foreign = await b.request('POST', '/ui/login', { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' }, headers: { origin: 'https://evil.example' } })
    t.equal(foreign.status, 403)
    t.equal(foreign.json.code, 'UI_CROSS_ORIGIN')
    const crossSite = await b.request('POST', '/ui/login', { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' }, headers: { 'sec-fetch-site': 'cross-site' } })
    t.equal(crossSite.status, 403)
    const sameOrigin = await b.request('POST', '/ui/login', { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' }, headers: { origin: product.serviceUrl, 'sec-fetch-site': 'same-origin' } })
    t.equal(sameOrigin.status, 200, 'the site\'s own page may sign in')
    const badLang = await b.login('ag1', 'Demo#1234', { Lang: 'fr' })
    t.equal(badLang.status, 400)
    t.match(badLang.json.message, /Lang/, 'the message names the field')
  })

  await t.test('control characters in the sign-in fields are the user\'s mistake: 400 naming the field, nothing sent upstream', async (t) => {
    const b = browser()
    const nul = await b.login('ag1\u0000', 'Demo#1234')
    t.equal(nul.status, 400, nul.text)
    t.match(nul.json, { success: false, code: 'UI_BAD_REQUEST', message: /body\/UserId/ })
    const xToken = await b.login('ag1', 'Demo#1234', { Token: 'abcde', xToken: 'id\u0007\r\nx-evil: 1' })
    t.equal(xToken.status, 400, xToken.text)
    t.match(xToken.json, { success: false, code: 'UI_BAD_REQUEST', message: /body\/xToken/ })
    const password = await b.post('/ui/password', { UserId: 'mem2', OldPassword: 'Demo#1234', Password1: 'x', Password2: 'x', Token: 'abcde', xToken: 'a\u0000' })
    t.equal(password.status, 400, password.text)
    t.match(password.json, { code: 'UI_BAD_REQUEST', message: /body\/xToken/ })
    t.equal(b.cookie, '', 'no session')
  })

  await t.test('credentials in the query string are refused before anything reads them; a failed sign-in keeps only a user id shaped as one', async (t) => {
    const b = browser()
    for (const query of ['Password=Demo%231234', 'password=x&UserId=ag1', ' Token=abcde', 'xToken=a', 'Password[]=x']) {
      const answer = await b.request('POST', `/ui/login?${query}`, { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' } })
      t.equal(answer.status, 400, `?${query}: ${answer.text}`)
      t.equal(answer.json.code, 'UI_CREDENTIALS_IN_QUERY')
      t.match(answer.json.message, /^querystring\/\S+: credentials go in the request body, never in the address/)
    }
    t.equal(b.cookie, '', 'no session')
    const password = await b.request('POST', '/ui/password?OldPassword=Demo%231234', { body: { UserId: 'mem2', OldPassword: 'Demo#1234', Password1: 'New#12345', Password2: 'New#12345', Token: 'abcde', xToken: 'a' } })
    t.equal(password.status, 400)
    t.equal(password.json.code, 'UI_CREDENTIALS_IN_QUERY', 'the password change refuses them too')
    t.equal((await browser().request('POST', '/ui/login?Lang=en', { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' } })).status, 200, 'a query without credentials is no reason to refuse')

    const typos = ['Demo#1234', 'Demo_12345', 'nobody_here']
    for (const UserId of typos) t.equal((await browser().login(UserId, 'Wrong#1234')).status, 400)
    const failed = (await product.service.audit.query({ action: 'login-failed' })).items
    const users = failed.map((r) => r.userId)
    t.notOk(users.includes('Demo#1234'), 'a password typed as the user id is not kept')
    t.notOk(users.includes('Demo_12345'), 'nor one that has a user id\'s shape but passes every password rule')
    t.ok(users.includes('nobody_here'), 'a mistyped user id is kept')
    t.notOk(JSON.stringify(failed).includes('Demo_12345'), 'nowhere in the record')
  })

  await t.test('logout ends the session here and at the game API', async (t) => {
    const b = browser()
    await b.login('mem1')
    const token = product.tokenOf(b)
    const out = await b.post('/ui/logout')
    t.equal(out.status, 200)
    t.same(out.json, { success: true })
    t.equal(b.cookie, '', 'the cookie is cleared')
    t.equal((await b.get('/ui/session')).status, 401)
    const upstream = await fetch(`${product.gameApiUrl}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })
    t.equal(upstream.status, 401, 'the game API token is revoked')
  })

  await t.test('maintenance (subCode 8000) reaches the browser unchanged, status and body', async (t) => {
    const admin = browser()
    await admin.login('admin')
    const adminToken = product.tokenOf(admin)
    const until = new Date(Date.now() + 10 * 60_000).toISOString()
    const on = await fetch(`${product.gameApiUrl}/api/v1/maintenance`, { method: 'PUT', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ until }) })
    t.equal(on.status, 200, 'maintenance on')
    t.teardown(() => fetch(`${product.gameApiUrl}/api/v1/maintenance`, { method: 'PUT', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ until: null }) }))
    const direct = await fetch(`${product.gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' }, body: JSON.stringify({ username: 'mem1', password: 'Demo#1234' }) })
    const directBody = await direct.json() as { subCode?: number }
    t.equal(directBody.subCode, 8000)
    const member = await browser().login('mem1')
    t.equal(member.status, direct.status, 'the game API status')
    t.same(member.json, directBody, 'the game API body, unchanged')
    const late = browser()
    const adminLogin = await late.login('admin')
    t.equal(adminLogin.status, 503, 'an admin gets a token but no profile during maintenance: no session')
    t.match(adminLogin.json, { success: false, subCode: 8000, t: /\S/, message: /under maintenance/ })
    t.equal(late.cookie, '')
    const shell = await admin.get('/ui/pages?path=/admin/profile')
    t.equal(shell.status, 503, 'a session from before answers the maintenance body')
    t.match(shell.json, { success: false, subCode: 8000 })
    t.equal(admin.cookie, '', 'maintenance ends the session')
    const off = await fetch(`${product.gameApiUrl}/api/v1/maintenance`, { method: 'PUT', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ until: null }) })
    t.equal(off.status, 200, 'maintenance off')
    t.equal((await admin.get('/ui/session')).status, 401, 'after maintenance the user signs in again')
  })

  await t.test('the game API token never appears in a response body', async (t) => {
    t.ok(tokens.length >= 7, `${tokens.length} tokens checked`)
    for (const token of tokens) {
      for (const b of seen) t.notOk(b.bodies.some((body) => body.includes(token)), 'token absent from every body')
    }
  })
})
