import t from 'tap'
import { buildGameApi, buildService } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { startRelay } from './relay.ts'

// A bet file through the proxy: the multipart body reaches the game API whole, with the session's LocId and none of the client's.
const { gameApiUrl } = await buildGameApi(t)
const relay = await startRelay(t, gameApiUrl)
const { serviceUrl } = await buildService(t, { gameApiUrl: relay.url })

/** Posts a FormData as a browser would: session cookie, CSRF header, its own address. */
async function postForm (browser: Browser, path: string, form: FormData, { csrf = true } = {}) {
  const headers: Record<string, string> = { cookie: browser.cookie, 'x-forwarded-for': browser.ip }
  if (csrf) headers['x-csrf-token'] = browser.csrf
  const res = await fetch(serviceUrl + path, { method: 'POST', headers, body: form })
  return { status: res.status, json: await res.json() as any }
}

const betFile = (content: string, extra: Record<string, string> = {}) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(extra)) form.append(name, value)
  form.append('file', new Blob([content], { type: 'text/plain' }), 'bets.txt')
  return form
}

const ag1 = new Browser(serviceUrl)
t.equal((await ag1.login('ag1')).status, 200)

t.test('an upload reaches the game API with its fields and file, LocId from the session only', async (t) => {
  const before = relay.seen.length
  const answer = await postForm(ag1, '/api/v1/files/upload', betFile('mem1 3 1234 1-\nmem1 3 5678 -2\n', { Remarks: 'through the proxy', StrictNumber: 'true', LocId: 'TT', locid: 'IN', 'LocId[]': 'TT', ' LocId': 'IN', 'LocId[0][x]': 'TT' }))
  t.equal(answer.status, 200, JSON.stringify(answer.json))
  t.match(answer.json.data, { FileName: 'bets.txt', Remarks: 'through the proxy', Lines: 2, FileStatus: 'uploaded', UserId: 'ag1' })
  const sent = relay.seen.slice(before).find((r) => r.url.startsWith('/api/v1/4d/files/upload'))
  t.ok(sent, 'forwarded under 4d/ (SG is a 4D location)')
  t.match(sent!.headers['content-type'], /^multipart\/form-data; boundary=/)
  t.equal(Number(sent!.headers['content-length']), Buffer.byteLength(sent!.body), 'a length that matches the rebuilt body')
  t.equal(sent!.headers.cookie, undefined)
  t.equal(sent!.headers['x-csrf-token'], undefined)
  const locIds = [...sent!.body.matchAll(/name="([^"]*locid[^"]*)"\r\n\r\n([^\r]*)/gi)].map((m) => `${m[1]}=${m[2]}`)
  t.same(locIds, ['LocId=SG'], 'the client\'s LocId fields in every spelling (case, LocId[], padded) are dropped, the session\'s is added')
  t.match(sent!.body, 'mem1 3 1234 1-\nmem1 3 5678 -2\n', 'the file content is forwarded byte for byte')
  t.match(sent!.body, /filename="bets.txt"/)
})

t.test('multipart is refused where the endpoint takes JSON, and nothing is forwarded', async (t) => {
  const before = relay.seen.length
  const answer = await postForm(ag1, '/api/v1/bet', betFile('x'))
  t.equal(answer.status, 415)
  t.equal(answer.json.code, 'UI_API_NOT_MULTIPART')
  t.equal(relay.seen.slice(before).filter((r) => r.url.startsWith('/api/v1/4d/bet')).length, 0)
})

t.test('a file over 1 MiB answers 413 with the limit', async (t) => {
  const before = relay.seen.length
  const answer = await postForm(ag1, '/api/v1/files/upload', betFile('mem1 3 1234 1-\n'.repeat(80_000)))
  t.equal(answer.status, 413)
  t.equal(answer.json.code, 'UI_API_MULTIPART_TOO_LARGE')
  t.match(answer.json.message, /1024 KiB/)
  t.equal(relay.seen.slice(before).filter((r) => r.url.startsWith('/api/v1/4d/files')).length, 0)
})

t.test('the same gates as JSON calls: CSRF, and the menu (a member has no Bet Upload)', async (t) => {
  t.equal((await postForm(ag1, '/api/v1/files/upload', betFile('mem1 3 1234 1-'), { csrf: false })).status, 403)
  const mem1 = new Browser(serviceUrl)
  await mem1.login('mem1')
  const denied = await postForm(mem1, '/api/v1/files/upload', betFile('mem1 3 1234 1-'))
  t.equal(denied.status, 403)
  t.equal(denied.json.code, 'UI_API_FORBIDDEN')
})

t.test('an upload repeated with its Idempotency-Key is answered from the first, though each sends its own boundary', async (t) => {
  const upload = async (content: string, key: string) => {
    const res = await fetch(serviceUrl + '/api/v1/files/upload', { method: 'POST', headers: { cookie: ag1.cookie, 'x-forwarded-for': ag1.ip, 'x-csrf-token': ag1.csrf, 'idempotency-key': key }, body: betFile(content) })
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), json: await res.json() as any }
  }
  const before = relay.seen.length
  const key = `upload-${Date.now()}`
  const first = await upload('mem1 3 1111 1-\n', key)
  const again = await upload('mem1 3 1111 1-\n', key)
  t.equal(first.status, 200, JSON.stringify(first.json))
  t.equal(again.status, 200)
  t.equal(again.replayed, 'true')
  t.equal(again.json.data.FileId, first.json.data.FileId, 'the same file, not a second one')
  const other = await upload('mem1 3 2222 1-\n', key)
  t.equal(other.status, 422, 'another file under the same key is refused')
  t.equal(other.json.code, 'UI_IDEMPOTENCY_KEY_REUSED')
  t.equal(relay.seen.slice(before).filter((r) => r.url.startsWith('/api/v1/4d/files/upload')).length, 1, 'the game API got one upload')
})
