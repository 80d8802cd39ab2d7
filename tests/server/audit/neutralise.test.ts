import t from 'tap'
import { REDACTED, isSecretKey, neutraliseText, sanitiseDetail } from '../../../server/src/audit/neutralise.ts'
import { shapeRecord } from '../../../server/src/audit/record.ts'

t.test('secret keys are recognised in every spelling the product uses', async (t) => {
  for (const key of ['password', 'Password', 'Password1', 'Password2', 'OldPassword', 'SuperPassword', 'SuperPassword1', 'Token', 'token', 'xToken', 'x-token', 'access_token',
    'cookie', 'Cookie', 'set-cookie', 'authorization', 'Authorization', 'x-csrf-token', 'csrf', 'captchaAnswer', 'refresh_token', 'AuthToken', 'BotToken', 'Telegram4DBotToken', 'TelegramTotoBotToken']) {
    t.ok(isSecretKey(key), `${key} is secret`)
  }
  for (const key of ['UserId', 'LocId', 'message', 'path', 'status', 'reason', 'tokenKey ']) t.notOk(isSecretKey(key), `${key} is not`)
})

t.test('detail: secrets redacted at any depth, arrays included', async (t) => {
  const detail = sanitiseDetail({
    UserId: 'ag1',
    body: { Password: 'p1', nested: [{ OldPassword: 'p2', keep: 'yes' }], headers: { authorization: 'Bearer abc', cookie: 'bo_session=zzz', 'x-csrf-token': 'c' } },
    Token: 'captcha answer',
    xToken: 'captcha id'
  })
  t.same(detail, {
    UserId: 'ag1',
    body: { Password: REDACTED, nested: [{ OldPassword: REDACTED, keep: 'yes' }], headers: { authorization: REDACTED, cookie: REDACTED, 'x-csrf-token': REDACTED } },
    Token: REDACTED,
    xToken: REDACTED
  })
})

t.test('text: CR, LF and markup neutralised; other control characters escaped', async (t) => {
  t.equal(neutraliseText('a\r\nforged line'), 'a\\r\\nforged line')
  t.equal(neutraliseText('<script>alert(1)</script>'), '&lt;script&gt;alert(1)&lt;/script&gt;')
  t.equal(neutraliseText('nul\u0000 esc\u001b[31m del\u007f ls\u2028'), 'nul\\u0000 esc\\u001b[31m del\\u007f ls\\u2028')
  t.equal(neutraliseText('tab\tstays, 中文 stays'), 'tab\tstays, 中文 stays')
  t.equal(neutraliseText('lone \ud800 surrogate'), 'lone \ufffd surrogate', 'lone surrogates (refused by jsonb) become U+FFFD')
  const long = neutraliseText('x'.repeat(5000))
  t.ok(long.length < 2100 && long.endsWith('…[3000 more]'), 'long text is cut and says how much')
})

t.test('detail becomes plain, bounded JSON', async (t) => {
  const circularish: Record<string, unknown> = {}
  let level = circularish
  for (let i = 0; i < 20; i++) { level.next = {}; level = level.next as Record<string, unknown> }
  const detail = sanitiseDetail({
    when: new Date('2024-01-02T03:04:05.000Z'),
    big: 12345678901234567890n,
    nan: Number.NaN,
    skipped: undefined,
    fn: () => 1,
    err: Object.assign(new Error('db down\nsecond line'), { code: 'ECONNREFUSED' }),
    deep: circularish,
    '<key>': 'v'
  }) as Record<string, unknown>
  t.equal(detail.when, '2024-01-02T03:04:05.000Z')
  t.equal(detail.big, '12345678901234567890')
  t.equal(detail.nan, null)
  t.notOk('skipped' in detail || 'fn' in detail, 'undefined and functions are dropped')
  t.same(detail.err, { name: 'Error', message: 'db down\\nsecond line', code: 'ECONNREFUSED' })
  t.match(JSON.stringify(detail.deep), /\[too deep\]/)
  t.equal(detail['&lt;key&gt;'], 'v', 'keys are neutralised too')
})

t.test('shapeRecord fills every column from an entry', async (t) => {
  const at = new Date('2024-05-06T07:08:09.123Z')
  const fields = shapeRecord({ action: 'request', method: 'post', path: '/api/v1/4d/bet?Password=x&LocId=SG', userId: 'ag1\r\nadmin', status: 200.4, durationMs: -3, detail: { password: 'x' } }, at)
  t.same(fields, {
    at: '2024-05-06T07:08:09.123Z',
    requestId: null,
    forwardedRequestId: null,
    userId: 'ag1\\r\\nadmin',
    role: null,
    locId: null,
    clientAddress: null,
    action: 'request',
    method: 'POST',
    path: '/api/v1/4d/bet',
    status: 200,
    durationMs: 0,
    configVersion: null,
    detail: { password: REDACTED }
  })
  t.equal(shapeRecord({ action: '' }).action, 'unknown', 'an empty action is still recorded')
})
