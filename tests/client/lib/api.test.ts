import t from 'tap'
import { call, callData, redirect } from '../../../client/src/lib/api.ts'
import { ApiError, SESSION_ERROR } from '../../../client/src/lib/errors.ts'
import { keys } from '../../../client/src/lib/storage.ts'
import { writeRetry } from '../../../client/src/lib/idempotency.ts'

// The one API client, with fetch and the browser-session storage replaced: what it sends, and how it reads each kind of answer.
const store = new Map<string, string>()
const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => { store.set(k, v) }, removeItem: (k: string) => { store.delete(k) } }
Object.assign(globalThis, { sessionStorage: storage, localStorage: storage })
const sent: Array<{ url: string, init: RequestInit }> = []
let answer: () => Response = () => Response.json({})
globalThis.fetch = (async (url: string, init: RequestInit) => { sent.push({ url, init }); return answer() }) as typeof fetch
const went: string[] = []
redirect.to = (url) => { went.push(url) }
t.beforeEach(() => { sent.length = 0; went.length = 0; store.clear() })

t.test('a non-GET carries the CSRF token, a GET does not', async (t) => {
  store.set(keys.csrfToken, 'tok')
  answer = () => Response.json({ success: true, data: 1 })
  await call('GET', '/ui/x')
  await call('POST', '/ui/x', { a: 1 })
  t.equal(new Headers(sent[0]?.init.headers).get('x-csrf-token'), null)
  t.equal(new Headers(sent[1]?.init.headers).get('x-csrf-token'), 'tok')
  t.equal(sent[1]?.init.body, '{"a":1}')
})

t.test('callData unwraps the envelope; success false rejects as an ApiError with status 200', async (t) => {
  answer = () => Response.json({ success: true, data: { rows: [1] } })
  t.same(await callData('GET', '/api/v1/4d/x'), { rows: [1] })
  answer = () => Response.json([1, 2])
  t.same(await callData('GET', '/api/v1/4d/x'), [1, 2], 'an answer without an envelope is the data')
  answer = () => Response.json({ success: false, message: 'No draw.' })
  const error = await callData('GET', '/api/v1/4d/x').catch((e: unknown) => e)
  t.ok(error instanceof ApiError)
  t.equal((error as ApiError).status, 200)
  t.equal((error as ApiError).message, 'No draw.')
})

t.test('a 401 signs out to the sign-in screen with Session Error. unless the caller handles it', async (t) => {
  store.set(keys.user, '{}')
  answer = () => Response.json({ statusCode: 401, code: 'UI_NOT_SIGNED_IN', error: 'Unauthorized', message: 'Sign in first.' }, { status: 401 })
  const error = await call('GET', '/api/v1/profile').catch((e: unknown) => e)
  t.equal((error as ApiError).status, 401)
  t.same(went, [`/login?Msg=${encodeURIComponent(SESSION_ERROR)}`])
  t.equal(store.get(keys.user), undefined, 'the sign-in state is cleared')
  went.length = 0
  await call('GET', '/ui/session', undefined, { handleAuth: false }).catch(() => {})
  t.same(went, [], 'the session check handles its own 401')
})

t.test('maintenance (subCode 8000) goes to /maintenance with its end time; no answer is status 0', async (t) => {
  answer = () => Response.json({ success: false, message: 'Maintenance', subCode: 8000, t: '2026-01-01 10:00' }, { status: 503 })
  await call('GET', '/api/v1/4d/x').catch(() => {})
  t.same(went, [`/maintenance?t=${encodeURIComponent('2026-01-01 10:00')}`])
  answer = () => { throw new TypeError('Failed to fetch') }
  const error = await call('GET', '/api/v1/4d/x').catch((e: unknown) => e)
  t.equal((error as ApiError).status, 0)
})

t.test('a gate\'s 403 sends a signed-in user to the terms or the password page; another 403 stays with the caller', async (t) => {
  answer = () => Response.json({ success: false, code: 'UI_TERMS_REQUIRED', message: 'Accept the terms first.' }, { status: 403 })
  const error = await call('GET', '/ui/pages?path=/bet/placeBets/add').catch((e: unknown) => e)
  t.equal((error as ApiError).status, 403, 'the caller still gets the refusal')
  t.same(went, ['/terms'])
  t.equal(store.get(keys.termsAccepted), 'false', 'the shell will not send the user back before the terms are decided')
  went.length = 0
  store.set(keys.user, JSON.stringify({ UserId: 'mem1', LocId: 'SG' }))
  answer = () => Response.json({ success: false, code: 'UI_PASSWORD_CHANGE_REQUIRED', message: 'Change your password first.' }, { status: 403 })
  await call('GET', '/api/v1/4d/bet/page2').catch(() => {})
  t.same(went, ['/change-password?LoginId=mem1'], 'the password page, with the user id')
  went.length = 0
  answer = () => Response.json({ success: false, code: 'UI_PAGE_FORBIDDEN', message: 'Not in your menu.' }, { status: 403 })
  await call('GET', '/ui/pages?path=/x').catch(() => {})
  t.same(went, [], 'a denial is the page\'s to show')
})

t.test('every write carries an Idempotency-Key of its own; a proxied write that timed out is sent again with the same key', async (t) => {
  const pauses = writeRetry.pauseMs
  writeRetry.pauseMs = () => 0
  t.teardown(() => { writeRetry.pauseMs = pauses })
  const keyOf = (i: number) => new Headers(sent[i]?.init.headers).get('idempotency-key')
  answer = () => Response.json({ success: true, data: 1 })
  await call('GET', '/api/v1/4d/x')
  await call('POST', '/api/v1/4d/bet', { a: 1 })
  await call('POST', '/api/v1/4d/bet', { a: 1 })
  t.equal(keyOf(0), null, 'a read has none')
  t.match(keyOf(1), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  t.not(keyOf(1), keyOf(2), 'two actions, two keys')

  sent.length = 0
  const answers = [
    () => Response.json({ success: false, code: 'UI_GAME_API_TIMEOUT', message: 'slow' }, { status: 504 }),
    () => { throw new TypeError('Failed to fetch') },
    () => Response.json({ success: true, data: { TicketNo: 'D1' } })
  ]
  answer = () => answers.shift()!()
  t.same(await callData('POST', '/api/v1/4d/bet', { a: 1 }), { TicketNo: 'D1' }, 'the retry\'s answer is the call\'s')
  t.equal(sent.length, 3)
  t.ok(keyOf(0) && keyOf(0) === keyOf(1) && keyOf(1) === keyOf(2), 'the same key on every attempt')
  t.same(sent.map((s) => s.init.body), ['{"a":1}', '{"a":1}', '{"a":1}'])

  sent.length = 0
  answer = () => Response.json({ success: false, code: 'UI_IDEMPOTENCY_KEY_BUSY', message: 'running' }, { status: 409 })
  const busy = await call('PUT', '/api/v1/4d/x', {}).catch((e: unknown) => e)
  t.equal((busy as ApiError).status, 409, 'after its attempts the caller hears the first is still running')
  t.equal(sent.length, writeRetry.attempts)
  sent.length = 0
  answer = () => Response.json({ success: false, message: 'No result yet.' }, { status: 409 })
  await call('PUT', '/api/v1/4d/x', {}).catch(() => {})
  t.equal(sent.length, 1, 'a conflict the game API answered is not retried')
  sent.length = 0
  answer = () => Response.json({ success: false }, { status: 504 })
  await call('POST', '/ui/terms', { agree: true }).catch(() => {})
  t.equal(sent.length, 1, 'the service\'s own writes are not retried')
  t.equal(pauses(1, '2'), 2000, 'Retry-After is honoured')
  t.equal(pauses(2, null), 2000)
})
