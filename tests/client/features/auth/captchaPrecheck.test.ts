import t from 'tap'
import { captchaPrecheck } from '../../../../client/src/features/auth/captchaPrecheck.ts'

// The sign-in page's pre-check with fetch replaced: what it asks, and that a failure never blocks the form.
const store = new Map<string, string>()
const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => { store.set(k, v) }, removeItem: (k: string) => { store.delete(k) } }
Object.assign(globalThis, { sessionStorage: storage, localStorage: storage })
const sent: string[] = []
let answer: () => Response = () => Response.json({ captchaRequired: true })
globalThis.fetch = (async (url: string) => { sent.push(url); return answer() }) as typeof fetch
t.beforeEach(() => { sent.length = 0 })

t.test('a typed user id is asked about; the server\'s answer decides', async (t) => {
  t.equal(await captchaPrecheck(' mem1 '), true)
  t.same(sent, ['/ui/captcha/required?UserId=mem1'])
  answer = () => Response.json({ captchaRequired: false })
  t.equal(await captchaPrecheck('ag1'), false)
})

t.test('nothing typed, or something shaped as a password: only the address is asked about', async (t) => {
  answer = () => Response.json({ captchaRequired: true })
  t.equal(await captchaPrecheck(''), true)
  t.equal(await captchaPrecheck('Demo#1234'), true)
  t.equal(await captchaPrecheck('Demo_12345'), true, 'a user id\'s shape that passes every password rule is not sent either')
  t.same(sent, ['/ui/captcha/required', '/ui/captcha/required', '/ui/captcha/required'])
})

t.test('a failed check says no captcha: the sign-in itself still decides', async (t) => {
  answer = () => new Response('down', { status: 502 })
  t.equal(await captchaPrecheck('mem1'), false)
  answer = () => { throw new TypeError('offline') }
  t.equal(await captchaPrecheck('mem1'), false)
})
