import t from 'tap'
import { readFileSync } from 'node:fs'
import { buildProduct } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { eventually } from '../../helpers/eventually.ts'
import { catalogueOf, fieldHeaded, gameApiAs, pageOf, read, tableOf, type Row, type Table } from './report-tables.ts'
import { formatCell } from '../../../client/src/renderers/lib/tableModel.ts'
import { fileFields, submitPayload, toMultipart } from '../../../client/src/renderers/lib/formSubmit.ts'
import type { FormWidget, JobWidget, Widget as ServedWidget } from '../../../schemas/widgets.ts'

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
  t.match(badLine.json.message, /^Line 2: the number "12" must have 4 digits/, 'the game API names the line as the form numbers it, and the field')
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

// Moved from the browser tier (issue #40): ag1 combines two upload pages into one on Bet Upload, reads the page's Report and
// labels it; admin, holding OutSet, uploads a partner's bets file with its distributor. Through the page's forms, job, row and
// selection actions as the client sends them.
t.test('Bet Upload as ag1 uses it: two processed pages combined, the page\'s Report, Batch / rename; the partner upload only for OutSet', async (t) => {
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  const say = await catalogueOf(ag1)
  const served = await pageOf(ag1, '/bet/bet-upload')
  const files = tableOf(served, 'files') as Table & { selectionActions: Array<{ id: string, endpoint: string, method: string, param: string, field: string, confirmKey: string }> }
  const actions = (files as unknown as { rowActions: Array<{ id: string, set?: Record<string, string>, prefill?: Record<string, string>, form?: FormWidget }> }).rowActions
  const job = served.get('process') as JobWidget
  /** Sends a form with a chosen file as the client does (multipart: its defaults, the values typed, the file); answers the call's data. */
  const sendFile = async (browser: Browser, form: FormWidget, name: string, lines: string[], typed: Record<string, unknown> = {}) => {
    const defaults = Object.fromEntries(form.fields.filter((f) => 'default' in f).map((f) => [f.name, (f as { default: unknown }).default]))
    const body = toMultipart(submitPayload(form, { ...defaults, ...typed } as never, {}), new Map([['file', new File([lines.join('\n') + '\n'], name, { type: 'text/plain' })]]), fileFields(form))
    const res = await fetch(url + form.submit!.endpoint, { method: form.submit!.method, headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf, 'x-forwarded-for': browser.ip }, body })
    const answer = await res.json() as { data: { FileId: number } }
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(answer)}`)
    return answer.data
  }
  /** Uploads through the Upload form and runs the page's processing job to its end; answers the file id. */
  const uploadAndProcess = async (name: string, lines: string[]) => {
    const { FileId } = await sendFile(ag1, served.get('upload') as FormWidget, name, lines)
    await ag1.request(job.start.method ?? 'POST', job.start.endpoint.replace(':FileId', String(FileId)), { body: {} })
    await eventually(async () => (await ag1.get(job.status.endpoint.replace('{jobId}', String(FileId)))).json.data.Status === 'done', { what: `${name} processed`, within: 20_000 })
    return FileId
  }
  /** A files row's cells by the headings the user reads. */
  const cells = (table: Table, row: Row, headings: string[]) => Object.fromEntries(headings.map((h) => { const field = fieldHeaded(table, h, say); return [h, formatCell(row[field], table.columns.find((c) => c.field === field)!.type)] }))
  const rowNamed = async (name: string) => (await read(ag1, files)).rows.find((r) => r.FileName === name)

  const first = await uploadAndProcess('first.txt', ['mem1 3 7101 1-', 'mem1 3 7102 1-'])
  const second = await uploadAndProcess('second.txt', ['mem1 3 7103 -1'])
  const combined = Math.min(first, second)

  await t.test('two processed pages ticked and combined into one (after the confirmation)', async (t) => {
    const combine = files.selectionActions.find((a) => a.id === 'combine')!
    t.match(say(combine.confirmKey), /Combine the selected pages into one\?/, 'Combine pages asks first')
    const ticked = (await read(ag1, files)).rows.filter((r) => r.FileName === 'first.txt' || r.FileName === 'second.txt')
    const done = await ag1.request(combine.method, combine.endpoint, { body: { [combine.param]: ticked.map((r) => r[combine.field]) } })
    t.equal(done.status, 200, done.text)
    t.notOk(await rowNamed('second.txt'), 'the other page is removed from the list')
    t.match(cells(files, (await rowNamed('first.txt'))!, ['File', 'File name', 'Lines', 'Placed']), { File: String(combined), 'File name': 'first.txt', Lines: '3', Placed: '3' }, 'the lowest file number keeps the page, with both pages\' lines placed')
  })

  await t.test('"Report" on the combined page shows its tickets, their stakes the game API\'s reportBetPageFull', async (t) => {
    const report = actions.find((a) => a.id === 'report')!
    const row = (await rowNamed('first.txt'))!
    const filters = Object.fromEntries(Object.entries(report.set!).map(([name, field]) => [name, String(row[field])]))
    const pageReport = tableOf(served, 'pageReport')
    t.equal(say((pageReport as { titleKey?: string }).titleKey ?? ''), 'Report of the chosen page: its tickets per draw', 'under its heading')
    const shown = await read(ag1, pageReport, filters)
    t.equal(shown.status, 200, `the page's report call: ${shown.url}`)
    // ag1 uploaded for mem1: the page's tickets are its downline's, so the page reads the Full report.
    const answer = await (await gameApiAs(product.gameApiUrl, 'ag1'))(`4d/reportBetPageFull?FileId=${combined}`) as { rows: Array<{ TicketNo: string, Stake: number }> }
    t.ok(answer.rows.length > 0, 'the game API reports the page\'s tickets')
    const ticketNo = fieldHeaded(pageReport, 'Ticket No', say)
    const stake = fieldHeaded(pageReport, 'Stake', say)
    t.same(shown.rows.map((r) => [r[ticketNo], Number(r[stake])]).sort(), answer.rows.map((r) => [r.TicketNo, r.Stake]).sort(), 'each ticket and draw of the page with the stake the game API reports')
  })

  await t.test('"Batch / rename" labels the combined page and renames it; the list shows both', async (t) => {
    const batch = actions.find((a) => a.id === 'batch')!
    const row = (await rowNamed('first.txt'))!
    const prefilled = Object.fromEntries(Object.entries(batch.prefill!).map(([name, field]) => [name, row[field]]))
    t.equal(prefilled.FileName, 'first.txt', 'the name prefilled from the row')
    const form = batch.form!
    // The submit's row parameters (FileId) travel with the typed values, as the dialog sends them.
    const fromRow = Object.fromEntries(Object.entries(form.submit!.params ?? {}).map(([name, source]) => [name, row[(source as { name: string }).name] as number]))
    const saved = await ag1.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { ...prefilled, Batch: 'Monday run', FileName: 'monday.txt' } as never, fromRow) })
    t.equal(saved.status, 200, saved.text)
    t.match(cells(files, (await rowNamed('monday.txt'))!, ['File', 'Batch', 'File name']), { File: String(combined), Batch: 'Monday run', 'File name': 'monday.txt' }, 'the list shows the label and the new name')
    const kept = ((await (await gameApiAs(product.gameApiUrl, 'ag1'))('4d/files')) as Array<{ FileId: number }>).find((f) => f.FileId === combined)
    t.match(kept, { Batch: 'Monday run', FileName: 'monday.txt' }, 'saved by the game API')
  })

  await t.test('a partner\'s bets file, uploaded with its distributor, is recorded with it; only for OutSet', async (t) => {
    t.notOk(served.has('uploadPartner'), 'ag1 holds no OutSet (the distributors\' right): no partner upload form')
    const asAdmin = await gameApiAs(product.gameApiUrl, 'admin')
    const outlet = (await asAdmin('4d/distributors', 'POST', { Name: 'Partner Outlet' }) as { DistributorId: number }).DistributorId
    const admin = new Browser(url)
    await admin.login('admin')
    const form = (await pageOf(admin, '/bet/bet-upload')).get('uploadPartner') as FormWidget & { fields: Array<ServedWidget & { name: string, optionsFrom?: { data: { endpoint: string }, valueField: string } }> }
    const distributor = form.fields.find((f) => f.name === 'PartnerId')!.optionsFrom!
    t.ok(((await admin.get(distributor.data.endpoint)).json.data as Row[]).some((d) => d[distributor.valueField] === outlet), 'the new distributor is offered')
    const { FileId } = await sendFile(admin, form, 'partner.txt', ['mem1 3 7104 1-'], { PartnerId: String(outlet) })
    const kept = ((await asAdmin('4d/files')) as Array<{ FileId: number }>).find((f) => f.FileId === FileId)
    t.match(kept, { FileName: 'partner.txt', PartnerId: outlet }, 'the game API keeps the file with the partner\'s distributor')
  })
})
