import t from 'tap'
import { readFileSync } from 'node:fs'
import { buildProduct } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { eventually } from '../../helpers/eventually.ts'

// Place Bets and Bet Upload over HTTP through the service, calling what the pages' descriptors name, as the renderer does.
const product = await buildProduct(t)
const url = product.serviceUrl

interface Widget { type: string, id: string, fields?: Array<{ name: string, kind: string }>, lines?: { name: string, rows: number, fields: Array<{ name: string }> }, submit?: { endpoint: string }, start?: { endpoint: string }, status?: { endpoint: string }, data?: { endpoint: string } }

/** The page descriptor the user gets for a path. */
async function page (browser: Browser, path: string): Promise<{ variant?: string, widgets: Widget[] }> {
  const answer = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return answer.json
}

const widget = (p: { widgets: Widget[] }, id: string) => {
  const found = p.widgets.find((w) => w.id === id)
  if (!found) throw new Error(`no widget ${id} in ${p.widgets.map((w) => w.id).join(', ')}`)
  return found
}

t.test('mem1 places a 4D bet at SG and a TOTO bet at TT through the endpoints the pages name', async (t) => {
  const mem1 = new Browser(url)
  t.equal((await mem1.login('mem1')).status, 200)
  const add = await page(mem1, '/bet/placeBets/add')
  t.same(add.widgets.map((w) => w.id), ['placeBet', 'openDraws'], 'a member gets the form without the user drop-down')
  const form = widget(add, 'placeBet')
  t.equal(form.lines?.rows, 10)
  t.same(form.lines?.fields.map((f) => f.name), ['Number', 'Form', 'Big', 'Small'])
  await mem1.get('/ui/session?mobile=1')
  t.equal((await page(mem1, '/bet/placeBets/add-20').then((p) => widget(p, 'placeBet'))).lines?.rows, 20, 'on mobile the page has 20 rows')
  await mem1.get('/ui/session?mobile=0')

  const draws = await mem1.get(widget(add, 'openDraws').data!.endpoint)
  t.equal(draws.status, 200)
  t.ok(draws.json.data.length > 0 && draws.json.data.every((d: { Series: string }) => d.Series !== 'TOTO'), 'open 4D draws at SG')

  const placed = await mem1.post(form.submit!.endpoint, { DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1, Small: 1 }, { Number: '5678', Form: 'roll', Big: 1 }] })
  t.equal(placed.status, 200, placed.text)
  t.match(placed.json.data, { UserId: 'mem1', StakePerDraw: 12, Stake: 12, TicketNo: /\S+/ })
  t.equal(placed.json.data.Draws.length, 1, 'day code 3: the next Wednesday')
  // The session read before the bet cached the profile; the bet marks it stale, so the shell shows the credit it left.
  t.equal((await mem1.get('/ui/session')).json.profile.CreditLeft, placed.json.data.CreditLeft, 'GET /ui/session shows the credit after the bet')

  const badLine = await mem1.post(form.submit!.endpoint, { DayCode: '3', Lines: [{ Number: '1234', Big: 1 }, { Number: '12', Big: 1 }] })
  t.equal(badLine.status, 400)
  t.match(badLine.json.message, /^Line 2: Number "12" must be a 4-digit number/, 'the game API names the line as the form numbers it, and the field')
  const tooMuch = await mem1.post(form.submit!.endpoint, { DayCode: '0', Lines: [{ Number: '1234', Big: 5000 }] })
  t.equal(tooMuch.status, 409)
  t.match(tooMuch.json.message, /^Not enough credit/)

  t.equal((await mem1.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  const simple = await page(mem1, '/bet/placeBets/add-simple')
  t.equal(simple.variant, 'tt')
  const totoForm = widget(simple, 'placeBet')
  t.same(totoForm.lines?.fields.map((f) => f.name), ['Type', 'Numbers', 'Units'])
  const toto = await mem1.post(totoForm.submit!.endpoint, { DayCode: '4', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 2 }, { Type: 'TO', Units: 1 }] })
  t.equal(toto.status, 200, toto.text)
  t.match(toto.json.data, { UserId: 'mem1', Stake: 3 })
  t.equal(toto.json.data.Draws[0].Series, 'TOTO')
  t.equal((await mem1.post(form.submit!.endpoint, { DayCode: '3', Lines: [{ Number: '1234', Big: 1 }] })).status, 403, 'at TT the 4D page is not in the menu, so neither is its call')
})

t.test('ag1 bets for a downline chosen from bet/userIds', async (t) => {
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  const form = widget(await page(ag1, '/bet/placeBets/add'), 'placeBetFor')
  const user = form.fields?.find((f) => f.name === 'UserId')
  t.equal(user?.kind, 'user')
  const users = await ag1.get('/api/v1/bet/userIds')
  t.equal(users.status, 200)
  t.ok(users.json.data.some((u: { UserId: string }) => u.UserId === 'mem1'))
  const placed = await ag1.post(form.submit!.endpoint, { UserId: 'mem1', DayCode: '6', Lines: [{ Number: '0007', Small: 2 }] })
  t.equal(placed.status, 200, placed.text)
  t.equal(placed.json.data.UserId, 'mem1')
})

t.test('ag1 uploads a bet file and the processing job runs to done through the service', async (t) => {
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  const upload = await page(ag1, '/bet/bet-upload')
  const form = widget(upload, 'upload')
  const job = widget(upload, 'process')
  const files = widget(upload, 'files')

  const body = new FormData()
  body.append('StrictNumber', 'true')
  body.append('AcceptDecimals', 'false')
  body.append('Remarks', 'e2e through the service')
  body.append('file', new Blob(['mem1 3 1234 1-\nmem1 3 2345 -1\nmem1 3 12x4 1-\n'], { type: 'text/plain' }), 'week.txt')
  const res = await fetch(url + form.submit!.endpoint, { method: 'POST', headers: { cookie: ag1.cookie, 'x-csrf-token': ag1.csrf, 'x-forwarded-for': ag1.ip }, body })
  const uploaded = await res.json() as { data: { FileId: number, Lines: number } }
  t.equal(res.status, 200, JSON.stringify(uploaded))
  t.equal(uploaded.data.Lines, 3)
  const fileId = uploaded.data.FileId

  const listed = await ag1.get(files.data!.endpoint)
  t.equal(listed.json.data[0].FileId, fileId)
  t.equal(listed.json.data[0].FileStatus, 'uploaded')

  const started = await ag1.post(job.start!.endpoint.replace(':FileId', String(fileId)), {})
  t.equal(started.status, 200, started.text)
  t.match(started.json.data, { FileId: fileId, Status: 'queued' })
  const statusUrl = job.status!.endpoint.replace('{jobId}', String(started.json.data.FileId))
  const last: any = await eventually(async () => {
    const status = (await ag1.get(statusUrl)).json.data
    return (status.Status === 'done' || status.Status === 'failed') && status
  }, { what: 'the upload job ending' })
  t.match(last, { Status: 'done', Progress: 100, FileStatus: 'processed', Placed: 2, Failed: 1 })
  t.match(last.Errors, [{ Line: 3 }], 'the bad line is reported by its number')
  t.equal((await ag1.get(files.data!.endpoint)).json.data[0].FileStatus, 'processed')
  const removed = await ag1.request('DELETE', `/api/v1/files/${fileId}`)
  t.equal(removed.status, 200, removed.text)
})

t.test('ag1 uploads an LHA archive of two bet files through Bet Upload\'s archive form: each becomes a file of its own', async (t) => {
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  const upload = await page(ag1, '/bet/bet-upload')
  const form = widget(upload, 'uploadLzh')
  t.equal(form.submit?.endpoint, '/api/v1/4d/files/upload/lzh', 'the archive form sends to files/upload/lzh')
  const body = new FormData()
  body.append('StrictNumber', 'true')
  body.append('AcceptDecimals', 'false')
  body.append('file', new Blob([readFileSync(new URL('../../game-api/betting/fixtures/two-desks.lzh', import.meta.url))]), 'two-desks.lzh')
  const res = await fetch(url + form.submit!.endpoint, { method: 'POST', headers: { cookie: ag1.cookie, 'x-csrf-token': ag1.csrf, 'x-forwarded-for': ag1.ip }, body })
  const answer = await res.json() as { data: Array<{ FileId: number, FileName: string, Lines: number }> }
  t.equal(res.status, 200, JSON.stringify(answer))
  t.equal(answer.data.length, 2, 'one file per bet file in the archive')
  const listed = (await ag1.get(widget(upload, 'files').data!.endpoint)).json.data as Array<{ FileId: number }>
  for (const file of answer.data) t.ok(listed.some((f) => f.FileId === file.FileId), `${file.FileName} is listed to be processed`)
})

t.test('a link to another variant of Place Bets leads to the variant this session is served; a menu without it still refuses', async (t) => {
  const mem1 = new Browser(url)
  await mem1.login('mem1')
  t.equal((await mem1.get('/ui/session?mobile=1')).json.mobile, true)
  // Unfollowed, to read the redirect itself.
  const raw = await fetch(`${url}/ui/pages?path=${encodeURIComponent('/bet/placeBets/add')}`, { headers: { cookie: mem1.cookie, 'x-forwarded-for': mem1.ip }, redirect: 'manual' })
  t.equal(raw.status, 303, 'the desktop path on a phone is a redirect, not Unauthorized Access')
  t.equal(raw.headers.get('location'), `/ui/pages?path=${encodeURIComponent('/bet/placeBets/add-20')}`)
  t.same(await raw.json(), { to: '/bet/placeBets/add-20' })
  const followed = await mem1.get(`/ui/pages?path=${encodeURIComponent('/bet/placeBets/add')}`)
  t.equal(followed.status, 200, 'fetch follows it to the phone variant')
  t.equal(followed.json.path, '/bet/placeBets/add-20', 'whose path the client replaces its route with')
  t.equal(widget(followed.json, 'placeBet').lines?.rows, 20)
  t.equal((await mem1.get(`/ui/pages?path=${encodeURIComponent('/bet/placeBets/add-20')}`)).status, 200, 'the phone variant itself answers as before')

  t.equal((await mem1.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  const tt = await mem1.get(`/ui/pages?path=${encodeURIComponent('/bet/placeBets/add-20')}`)
  t.equal(tt.json.path, '/bet/placeBets/add-simple', 'at TT the same link leads to the TOTO variant (TT wins over mobile)')

  await mem1.get('/ui/session?mobile=0')
  t.equal((await mem1.put('/ui/session/location', { LocId: 'SG' })).status, 200)
  t.equal((await mem1.get(`/ui/pages?path=${encodeURIComponent('/bet/placeBets/add-20')}`)).json.path, '/bet/placeBets/add', 'and the phone link on a laptop leads to the desktop page')

  const clerk = new Browser(url)
  await clerk.login('clerk')
  const menu = (await clerk.get('/ui/session?mobile=1')).json.menu as Array<{ items: Array<{ key: string }> }>
  t.notOk(menu.some((g) => g.items.some((i) => i.key === 'placeBets')), 'clerk\'s menu has no Place Bets')
  t.equal((await clerk.get(`/ui/pages?path=${encodeURIComponent('/bet/placeBets/add')}`)).status, 403, 'so neither variant is served: refused, not redirected')
})
