import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { demoPassword, freshAddress, gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const formHeaders = (extra: Record<string, string> = {}) => ({ 'content-type': 'application/x-www-form-urlencoded', ...extra })

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const login = (fields: Record<string, string>, options: { address?: string, xToken?: string } = {}) =>
    h.call('POST', '/api/v1/oauth/token', { payload: form(fields), headers: formHeaders(options.xToken ? { token: options.xToken } : {}), address: options.address ?? freshAddress() })

  t.test('GET /api/captcha answers an SVG and an x-token', async (t) => {
    const r = await h.call('GET', '/api/captcha?_=1700000000000')
    t.equal(r.statusCode, 200)
    t.match(r.headers['content-type'], /^image\/svg\+xml/)
    t.match(r.headers['x-token'], /^[\w-]{43}$/)
    t.match(r.headers['access-control-expose-headers'], /x-token/)
    t.match(r.body, /^<svg /)
    t.match(r.body, /width="100" height="40"/, 'the size the sign-in form shows')
    // WCAG contrast of every glyph against the white background: readable without zooming.
    const luminance = (hex: string) => {
      const [r8, g8, b8] = (hex.length === 4 ? [...hex.slice(1)].map((c) => c + c) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)]).map((h) => parseInt(h, 16) / 255)
      const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
      return 0.2126 * lin(r8 ?? 0) + 0.7152 * lin(g8 ?? 0) + 0.0722 * lin(b8 ?? 0)
    }
    const glyphs = [...r.body.matchAll(/<path fill="(#[0-9a-f]{3,6})"/gi)].map((m) => m[1] as string)
    t.equal(glyphs.length, 5, 'five glyphs')
    t.ok(glyphs.every((c) => 1.05 / (luminance(c) + 0.05) >= 7), `every glyph has 7:1 contrast or more on white (${glyphs.join(', ')})`)
    const { answer } = await h.captcha()
    t.equal(answer.length, 5, 'five characters')
    const bad = await h.call('GET', `/api/captcha?_=${'9'.repeat(60)}`)
    t.equal(bad.statusCode, 400)
    t.equal(bad.json().message, 'querystring/_ must be at most 40 characters long')
  })

  t.test('sign-in with a form, and with JSON', async (t) => {
    const r = await login({ username: 'ag1', password: demoPassword })
    t.equal(r.statusCode, 200)
    const body = r.json()
    t.equal(body.success, true)
    t.match(body.data, { token_type: 'Bearer', expires_in: 1800, updatePassword: false })
    t.match(body.data.access_token, /^[\w-]{43}$/)
    const json = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'AG1', password: demoPassword } })
    t.equal(json.statusCode, 200, 'JSON body too; the user id ignores case')
    const stored = await h.db.query<{ token_hash: string }>('SELECT token_hash FROM tokens')
    t.notOk(stored.rows.some((row) => row.token_hash === body.data.access_token), 'tokens are stored hashed')
  })

  t.test('mem2 must change the password but still gets a token', async (t) => {
    const r = await login({ username: 'mem2', password: demoPassword })
    t.equal(r.statusCode, 200)
    t.equal(r.json().data.updatePassword, true)
  })

  t.test('unknown user and wrong password answer the same', async (t) => {
    const unknown = await login({ username: 'nobody', password: demoPassword })
    const wrong = await login({ username: 'ag1', password: 'Wrong#1234' })
    t.equal(unknown.statusCode, 400)
    t.same(contractFields(unknown.json()), { success: false, message: 'Login Failed' })
    t.same(contractFields(wrong.json()), { success: false, message: 'Login Failed' })
  })

  t.test('bad input answers 400 naming the field', async (t) => {
    const missing = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'ag1' } })
    t.equal(missing.statusCode, 400)
    t.same(contractFields(missing.json()), { success: false, message: 'body/password is required' })
    const empty = await login({ username: '', password: 'x' })
    t.equal(empty.json().message, 'body/username must not be empty')
    const broken = await h.call('POST', '/api/v1/oauth/token', { payload: '{"username":', headers: { 'content-type': 'application/json' } })
    t.equal(broken.statusCode, 400)
    t.equal(broken.json().success, false)
    const noBody = await h.call('POST', '/api/v1/oauth/token')
    t.equal(noBody.statusCode, 400)
    t.match(noBody.json(), { success: false, message: /body/ })
    const nul = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'ag1\u0000', password: demoPassword } })
    t.equal(nul.statusCode, 400, 'a NUL in the user id is bad input, not a fault')
    t.same(contractFields(nul.json()), { success: false, message: 'body/username must be text without control characters' })
    const header = await login({ username: 'ag1', password: demoPassword, Token: 'abcde' }, { xToken: 'id\u0007' })
    t.equal(header.statusCode, 400, 'a captcha id with a control character is bad input')
    t.same(contractFields(header.json()), { success: false, message: 'headers/token must be a captcha id without control characters' })
  })

  t.test('three failures for a user id make the captcha mandatory for it', async (t) => {
    const failures = []
    for (let i = 0; i < 3; i++) failures.push((await login({ username: 'mem1', password: 'Wrong#1234' })).json())
    t.same(contractFields(failures[0]), { success: false, message: 'Login Failed' })
    t.same(contractFields(failures[1]), { success: false, message: 'Login Failed' })
    t.same(contractFields(failures[2]), { success: false, message: 'Login Failed', captchaRequired: true }, 'the third failure says so')
    const noCaptcha = await login({ username: 'mem1', password: demoPassword })
    t.equal(noCaptcha.statusCode, 400)
    t.same(contractFields(noCaptcha.json()), { success: false, message: 'Captcha incorrect.', captchaRequired: true }, 'even the right password needs the captcha now')
    const wrongAnswer = await h.captcha()
    const wrong = await login({ username: 'mem1', password: demoPassword, Token: 'zzzzz' }, { xToken: wrongAnswer.xToken })
    t.same(contractFields(wrong.json()), { success: false, message: 'Captcha incorrect.', captchaRequired: true })
    const reused = await login({ username: 'mem1', password: demoPassword, Token: wrongAnswer.answer }, { xToken: wrongAnswer.xToken })
    t.equal(reused.json().message, 'Captcha incorrect.', 'a captcha answers once, even after a wrong try')
    const { xToken, answer } = await h.captcha()
    const ok = await login({ username: 'mem1', password: demoPassword, Token: answer.toUpperCase() }, { xToken })
    t.equal(ok.statusCode, 200, 'right captcha (any case) and password sign in')
    const after = await login({ username: 'mem1', password: demoPassword })
    t.equal(after.statusCode, 200, 'the success cleared the failures of that user id')
  })

  t.test('one user id failing from an address does not bring the captcha to the others behind it', async (t) => {
    const address = freshAddress()
    for (let i = 0; i < 3; i++) await login({ username: 'mem1', password: 'Wrong#1234' }, { address })
    const { xToken, answer } = await h.captcha()
    for (let i = 0; i < 8; i++) {
      const again = await h.captcha()
      t.equal((await login({ username: 'mem1', password: 'Wrong#1234', Token: again.answer }, { address, xToken: again.xToken })).json().message, 'Login Failed')
    }
    t.equal((await login({ username: 'ag2', password: demoPassword }, { address })).statusCode, 200, '11 failures of one user id: a colleague at the same address signs in without a captcha')
    t.same(contractFields((await login({ username: 'mem1', password: demoPassword }, { address })).json()), { success: false, message: 'Captcha incorrect.', captchaRequired: true }, 'the mistyping user still needs one')
    t.equal((await login({ username: 'mem1', password: demoPassword, Token: answer }, { address, xToken })).statusCode, 200)
  })

  t.test('10 failures from one address naming 5 user ids make the captcha mandatory from it', async (t) => {
    const address = freshAddress()
    for (const [i, username] of ['x1', 'x1', 'x2', 'x2', 'x3', 'x3', 'x4', 'x4', 'x5'].entries()) {
      t.notOk((await login({ username, password: 'x' }, { address })).json().captchaRequired, `failure ${i + 1} of 10`)
    }
    t.same(contractFields((await login({ username: 'x5', password: 'x' }, { address })).json()), { success: false, message: 'Login Failed', captchaRequired: true }, 'the tenth failure, the fifth user id, says so')
    t.same(contractFields((await login({ username: 'ag2', password: demoPassword }, { address })).json()), { success: false, message: 'Captcha incorrect.', captchaRequired: true }, 'for any user id from that address')
    t.equal((await login({ username: 'ag2', password: demoPassword })).statusCode, 200, 'another address is not affected')
    const { xToken, answer } = await h.captcha()
    t.equal((await login({ username: 'ag2', password: demoPassword, Token: answer }, { address, xToken })).statusCode, 200, 'with the captcha it works')
    const spread = freshAddress()
    for (const username of ['y1', 'y1', 'y2', 'y2', 'y3', 'y3', 'y4', 'y4', 'y4', 'y4']) await login({ username, password: 'x' }, { address: spread })
    t.equal((await login({ username: 'ag1', password: demoPassword }, { address: spread })).statusCode, 200, '10 failures naming only 4 user ids: no captcha for the address')
  })

  t.test('a refused captcha is not a failed password: it neither counts nor prolongs the 15 minutes', async (t) => {
    const address = freshAddress()
    for (let i = 0; i < 3; i++) await login({ username: 'ag1', password: 'x' }, { address })
    const before = await h.db.query<{ n: string | number }>("SELECT count(*) AS n FROM login_failures WHERE user_key = 'ag1'")
    for (let i = 0; i < 5; i++) t.equal((await login({ username: 'ag1', password: demoPassword }, { address })).json().message, 'Captcha incorrect.')
    const wrong = await h.captcha()
    t.equal((await login({ username: 'ag1', password: 'x', Token: 'zzzzz' }, { address, xToken: wrong.xToken })).json().message, 'Captcha incorrect.')
    const after = await h.db.query<{ n: string | number }>("SELECT count(*) AS n FROM login_failures WHERE user_key = 'ag1'")
    t.equal(Number(after.rows[0]?.n), Number(before.rows[0]?.n), 'no failure recorded for the refusals')
    h.clock.advance(15 * 60_000 + 1000)
    t.equal((await login({ username: 'ag1', password: demoPassword }, { address })).statusCode, 200, '15 minutes after the last wrong password, whatever was refused since')
  })

  t.test('GET /api/captcha/required: the pre-check, for the address and for a user id', async (t) => {
    const address = freshAddress()
    const check = async (query: string, from = address) => {
      const r = await h.call('GET', `/api/captcha/required${query}`, { address: from })
      t.equal(r.headers['cache-control'], 'no-store')
      return r.json()
    }
    t.same(await check(''), { success: true, data: { captchaRequired: false } })
    for (let i = 0; i < 3; i++) await login({ username: 'Mem3', password: 'x' }, { address })
    t.same((await check('?username=mem3')).data, { captchaRequired: true }, 'the user id with 3 failures, any case')
    t.same((await check('?username=mem3', freshAddress())).data, { captchaRequired: true }, 'from any address')
    t.same((await check('?username=ag1')).data, { captchaRequired: false }, 'another user id at the same address')
    t.same((await check('')).data, { captchaRequired: false }, 'the address alone')
    for (const username of ['z1', 'z1', 'z2', 'z2', 'z3', 'z3', 'z4']) await login({ username, password: 'x' }, { address })
    t.same((await check('?username=ag1')).data, { captchaRequired: true }, 'the address after 10 failures naming 5 user ids')
    t.same((await check('')).data, { captchaRequired: true })
    const bad = await h.call('GET', '/api/captcha/required?username=', { address })
    t.equal(bad.statusCode, 400)
    t.same(contractFields(bad.json()), { success: false, message: 'querystring/username must not be empty' })
  })

  t.test('failures older than 15 minutes stop counting', async (t) => {
    for (let i = 0; i < 3; i++) await login({ username: 'ag2', password: 'x' })
    t.equal((await login({ username: 'ag2', password: demoPassword })).json().message, 'Captcha incorrect.')
    h.clock.advance(15 * 60_000 + 1000)
    t.equal((await login({ username: 'ag2', password: demoPassword })).statusCode, 200)
  })

  t.test('a captcha sent when not required is still checked; expired and reused ones fail', async (t) => {
    const { xToken, answer } = await h.captcha()
    t.equal((await login({ username: 'ops', password: demoPassword, Token: 'wrong' }, { xToken })).json().message, 'Captcha incorrect.')
    t.equal((await login({ username: 'ops', password: demoPassword, Token: answer }, { xToken })).json().message, 'Captcha incorrect.', 'used up by the wrong try')
    const missingHeader = await login({ username: 'ops', password: demoPassword, Token: 'abcde' })
    t.same(contractFields(missingHeader.json()), { success: false, message: 'Captcha incorrect.' }, 'no x-token header')
    const fresh = await h.captcha()
    t.equal((await login({ username: 'ops', password: demoPassword, Token: fresh.answer }, { xToken: fresh.xToken })).statusCode, 200)
    t.equal((await login({ username: 'ops', password: demoPassword, Token: fresh.answer }, { xToken: fresh.xToken })).json().message, 'Captcha incorrect.', 'reused')
    const old = await h.captcha()
    h.clock.advance(2 * 60_000 + 1)
    t.equal((await login({ username: 'ops', password: demoPassword, Token: old.answer }, { xToken: old.xToken })).json().message, 'Captcha incorrect.', 'expired after 2 minutes')
    const young = await h.captcha()
    h.clock.advance(2 * 60_000 - 1000)
    t.equal((await login({ username: 'ops', password: demoPassword, Token: young.answer }, { xToken: young.xToken })).statusCode, 200, 'still fine just before')
  })

  t.test('logout revokes the token', async (t) => {
    const token = await h.signIn('mem1')
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 200)
    const out = await h.call('POST', '/api/v1/logout', { token })
    t.same(out.json(), { success: true, data: true })
    const after = await h.call('GET', '/api/v1/profile', { token })
    t.equal(after.statusCode, 401)
    t.same(contractFields(after.json()), { success: false, message: 'Session expired or not signed in.' })
    t.equal((await h.call('POST', '/api/v1/logout', { token })).statusCode, 401, 'twice is 401')
    t.equal((await h.call('POST', '/api/v1/logout')).statusCode, 401, 'no token is 401')
  })

  t.test('tokens expire after 30 idle minutes; every call slides them', async (t) => {
    const token = await h.signIn('ag1')
    h.clock.advance(29 * 60_000)
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 200, '29 minutes idle')
    h.clock.advance(29 * 60_000)
    t.equal((await h.call('GET', '/api/v1/4d/loc', { token })).statusCode, 200, 'slid by the last call')
    h.clock.advance(30 * 60_000 + 1000)
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 401, 'over 30 minutes idle')
    t.equal((await h.call('GET', '/api/v1/profile', { token: 'not-a-token' })).statusCode, 401)
    t.equal((await h.call('GET', '/api/v1/profile', { headers: { authorization: 'Basic abc' } })).statusCode, 401)
  })

  t.test('a call writes its slide at most once a minute: calls in between read the token and write nothing', async (t) => {
    const token = await h.signIn('ag1')
    const lastUse = async () => String((await h.db.query<{ at: Date | string }>('SELECT last_used_at AS at FROM tokens WHERE token_hash = (SELECT token_hash FROM tokens ORDER BY created_at DESC LIMIT 1)')).rows[0]?.at)
    const signedIn = await lastUse()
    h.clock.advance(30_000)
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 200)
    t.equal(await lastUse(), signedIn, '30 s after the last write: not written')
    h.clock.advance(31_000)
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 200)
    t.not(await lastUse(), signedIn, '61 s after it: written')
  })

  t.test('sign-ins and failures are audited, never with the password', async (t) => {
    const { rows } = await h.db.query<{ action: string, detail: unknown }>("SELECT action, detail FROM audits WHERE action LIKE 'login%'")
    t.ok(rows.some((r) => r.action === 'login'))
    t.ok(rows.some((r) => r.action === 'login.failed'))
    t.notOk(JSON.stringify(rows).includes(demoPassword))
  })
})

t.test('X-Forwarded-For is believed only from the proxy GAME_API_TRUST_PROXY names: a rotating one does not escape the per-address captcha', async (t) => {
  const h = await gameApiHarness(t, 'pglite', { trustProxy: '10.9.9.9' })
  const login = (username: string, password: string) => h.call('POST', '/api/v1/oauth/token', { payload: form({ username, password }), headers: formHeaders(), address: freshAddress() })
  for (const username of ['y1', 'y1', 'y2', 'y2', 'y3', 'y3', 'y4', 'y4', 'y5']) t.notOk((await login(username, 'x')).json().captchaRequired)
  t.same(contractFields((await login('y5', 'x')).json()), { success: false, message: 'Login Failed', captchaRequired: true }, 'the tenth failure (fifth user id) from the one real address')
  t.same(contractFields((await login('ag2', demoPassword)).json()), { success: false, message: 'Captcha incorrect.', captchaRequired: true }, 'a fresh forged address does not help')
})
