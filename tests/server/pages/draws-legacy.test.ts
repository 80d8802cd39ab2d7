import t from 'tap'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DBFFile } from 'dbffile'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { testClock } from '../../helpers/clock.ts'
import { eventually } from '../../helpers/eventually.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { fileFields, submitPayload, successValues, toMultipart } from '../../../client/src/renderers/lib/formSubmit.ts'
import type { FormWidget, JobWidget, TableWidget, Widget } from '../../../schemas/widgets.ts'
import { RESULT_FILE } from '../../helpers/result-file.ts'
import { money } from '../../../client/src/lib/format.ts'
import { gameApiAs } from './report-tables.ts'

// Issue #31 as admin, through the service as the page calls it: on Draw Setting this week's draws, the job creating next week's,
// a result file staged and previewed; on Bet Upload a dBase table sent by its form becomes a file of bet lines.
// (Moved from the browser tier, issue #40: the import dialog and a file input are still driven in bin-burst and betting.)

type Row = Record<string, unknown>
interface FormAction { id: string, kind: string, form: FormWidget }
interface Descriptor { actions?: FormAction[], widgets: Widget[] }

const clock = testClock()
const { serviceUrl } = await buildProduct(t, { now: clock.now })
const admin = await signedIn(serviceUrl, 'admin')
const en = (await admin.get('/ui/i18n/en')).json as Record<string, unknown>
/** A catalogue text with its {{values}} filled, as the page says it. */
const say = (key: string | undefined, values: Record<string, unknown> = {}) =>
  String(pathOf(en, key ?? '') ?? `(no text ${key})`).replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ''))

async function page (browser: Browser, path: string): Promise<Descriptor> {
  const answer = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return answer.json as Descriptor
}
function widget<W extends Widget> (descriptor: Descriptor, id: string): W {
  const found = widgetsOf(descriptor.widgets).find((w) => w.id === id)
  if (!found) throw new Error(`no widget ${id}`)
  return found as W
}
/** The rows a table's binding answers through the service, with these extra query values. */
async function rowsOf (browser: Browser, table: TableWidget, extra: Record<string, string> = {}): Promise<Row[]> {
  const answer = await browser.get(urlOf(table.data, {}, extra))
  if (answer.status !== 200) throw new Error(`${table.data.endpoint}: ${answer.status} ${answer.text}`)
  return pathOf(answer.json.data, table.data.dataPath) as Row[]
}
/** The status label a table's column shows for a value, in English. */
const statusText = (table: TableWidget, field: string, value: unknown) => say(table.columns.find((c) => c.field === field)?.statusLabels?.[String(value)])

// The clock's Wednesday 2030-01-02 in Singapore: this week runs Monday 2029-12-31 to Sunday 2030-01-06, next week from 2030-01-07.
const drawSetting = await page(admin, '/control/drawSetting')

t.test('this week\'s draws are the ones draw/week answers', async (t) => {
  const week = widget<TableWidget>(drawSetting, 'week')
  t.equal(week.data.endpoint, '/api/v1/4d/draw/week', 'the week table reads draw/week')
  const rows = await rowsOf(admin, week) as Array<{ DrawId: number, DrawDate: string }>
  t.ok(rows.length > 0, `one row per draw of the week: ${rows.map((r) => r.DrawId).join(' ')}`)
  t.ok(rows.every((r) => r.DrawDate.slice(0, 10) >= '2029-12-31' && r.DrawDate.slice(0, 10) <= '2030-01-06'), 'each of this week')
})

let nextWeek: Array<{ DrawId: number, Status: string, Series: string }> = []
t.test('the job creates next week\'s draws and says how many', async (t) => {
  const job = widget<JobWidget>(drawSetting, 'weekJob')
  t.equal(say(job.labelKey), 'Create next week\'s draws', 'the job\'s button')
  t.equal(say(job.confirmKey), 'Create next week\'s scheduled draws of every series? Draws that already exist are kept.', 'asked first')
  const started = await admin.request(job.start.method ?? 'POST', job.start.endpoint, { body: {} })
  t.equal(started.status, 200, started.text)
  const last = await eventually(async () => {
    const answer = (await admin.get(job.status.endpoint, { 'x-no-cache': '1' })).json?.data
    const status = String(pathOf(answer, job.status.statusPath ?? 'status'))
    return (job.status.doneValues.includes(status) || job.status.failedValues.includes(status)) && answer
  }, { within: 60_000, what: 'the week job ending' })
  t.ok(job.status.doneValues.includes(String(pathOf(last, job.status.statusPath ?? 'status'))), 'done')
  const said = say(job.result?.key, successValues(last, job.result?.values))
  const counts = /^Week of .+: (\d+) draws created, (\d+) existed already\.$/.exec(said)
  t.ok(counts, `the message it ends with: ${said}`)
  nextWeek = await rowsOf(admin, widget<TableWidget>(drawSetting, 'week'), { Date: '2030-01-09' }) as typeof nextWeek
  t.ok(nextWeek.length > 0, 'next week has draws')
  t.equal(Number(counts?.[1]) + Number(counts?.[2]), nextWeek.length, 'as many as the message counts, created and existing')
  t.same([...new Set(nextWeek.map((d) => d.Series))].sort(), ['MG4D', 'SG4D'], 'of every 4D series')
})

t.test('a result file is staged from the form and its payout previewed from its row', async (t) => {
  const draw = nextWeek.find((d) => d.Status !== 'finalised')
  if (!draw) throw new Error('no draw to import a result for')
  const form = drawSetting.actions?.find((a) => a.id === 'binBurstImport')?.form
  t.same(form?.fields.map((f) => say(f.labelKey)), ['Draw', 'Result file name', 'File content (CSV rows: prize,number)'], 'the Import result file form')
  const sent = await admin.request(form!.submit!.method, form!.submit!.endpoint, { body: submitPayload(form!, { DrawId: draw.DrawId, FileName: 'sg4d.csv', Content: RESULT_FILE }, {}) })
  t.equal(sent.status, 200, sent.text)
  t.match(say(form!.submit!.successKey, successValues(sent.json.data, form!.submit!.successValues)), `staged for draw ${draw.DrawId}`, 'the form says so')

  const imports = widget<TableWidget>(drawSetting, 'imports')
  const staged = (await rowsOf(admin, imports)).find((i) => i.DrawId === draw.DrawId)
  t.match(staged, { ImportStatus: 'imported' }, 'staged')
  t.equal(statusText(imports, 'ImportStatus', staged?.ImportStatus), 'Staged', 'its row reads Staged')
  const preview = imports.rowActions?.find((a) => a.id === 'previewImport')
  if (preview?.kind !== 'call') throw new Error('no Preview payout call')
  t.equal(say(preview.labelKey), 'Preview payout', 'the row\'s action')
  t.match(preview.when, { field: 'ImportStatus', equals: staged?.ImportStatus }, 'offered on the staged row')
  const previewed = await admin.request(preview.method, preview.endpoint, { body: { ImportId: staged!.ImportId } })
  t.equal(previewed.status, 200, previewed.text)
  const after = (await rowsOf(admin, imports)).find((i) => i.ImportId === staged!.ImportId)
  t.match(after, { ImportStatus: 'previewed' }, 'the preview is stored on the import')
  t.equal(statusText(imports, 'ImportStatus', after?.ImportStatus), 'Previewed', 'its row reads Previewed')
})

/** A dBase table of bet rows, as a desk's export writes it. */
async function dbfTable (records: Array<Record<string, unknown>>): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'w5-dbf-'))
  try {
    const table = await DBFFile.create(join(dir, 'bets.dbf'), [{ name: 'USERID', type: 'C', size: 20 }, { name: 'DAYCODE', type: 'C', size: 3 }, { name: 'NUMBER', type: 'C', size: 4 }, { name: 'BIG', type: 'N', size: 6, decimalPlaces: 0 }, { name: 'SMALL', type: 'N', size: 6, decimalPlaces: 0 }])
    await table.appendRecords(records)
    return await readFile(join(dir, 'bets.dbf'))
  } finally { await rm(dir, { recursive: true, force: true }) }
}

t.test('Bet Upload: a dBase table uploaded from its own form becomes a file of bet lines', async (t) => {
  const form = widget<FormWidget>(await page(admin, '/bet/bet-upload'), 'uploadDbf')
  t.match(say(form.fields.find((f) => f.kind === 'file')?.labelKey), /^dBase table/, 'the form\'s file field')
  t.equal(say(form.submit?.labelKey), 'Upload dBase table', 'its button')
  const buffer = await dbfTable([{ USERID: 'mem1', DAYCODE: '3', NUMBER: '1234', BIG: 1, SMALL: 0 }, { USERID: 'mem1', DAYCODE: '3', NUMBER: '5678', BIG: 0, SMALL: 2 }])
  // What the form sends: its fields' defaults and the chosen file, as multipart/form-data.
  const defaults = Object.fromEntries(form.fields.filter((f) => 'default' in f).map((f) => [f.name, (f as { default: unknown }).default]))
  const body = toMultipart(submitPayload(form, defaults as never, {}), new Map([['file', new File([new Uint8Array(buffer)], 'bets.dbf', { type: 'application/octet-stream' })]]), fileFields(form))
  const res = await fetch(serviceUrl + form.submit!.endpoint, { method: form.submit!.method, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'x-forwarded-for': admin.ip }, body })
  const answer = await res.json() as { data: unknown }
  t.equal(res.status, 200, JSON.stringify(answer))
  t.match(say(form.submit?.successKey, successValues(answer.data, form.submit?.successValues)), /^File bets\.dbf uploaded as file \d+ with 2 lines/, 'two rows, two bet lines')
})

// Moved from the browser tier (tests/e2e/pages/bin-burst.test.ts, issue #31): a result file for a closed draw staged, previewed,
// applied and confirmed as the page's durable jobs, the import's status following, the report of what finalising paid; Confirm
// before Apply refused with the catalogue's reason. On its own product, its clock moved past the draw's close.
t.test('Draw Setting: a result file applied and confirmed as jobs, then its report', async (t) => {
  const own = testClock()
  const product = await buildProduct(t, { now: own.now })
  const first = await signedIn(product.serviceUrl, 'admin')
  const draw = ((await first.get('/api/v1/4d/draw/activeLatest')).json.data as Array<{ DrawId: number, Series: string, CloseDate: string }>).find((d) => d.Series === 'SG4D')!
  // mem1's 1234 Big $1, which the file's 1st prize pays 2000.
  const mem1 = await signedIn(product.serviceUrl, 'mem1')
  t.equal((await mem1.post('/api/v1/4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }] })).status, 200)
  own.set(new Date(Date.parse(draw.CloseDate) + 60_000).toISOString())
  const admin = await signedIn(product.serviceUrl, 'admin')
  const gameAdmin = await gameApiAs(product.gameApiUrl, 'admin')
  const drawOf = async () => await gameAdmin(`4d/draw/byId/${draw.DrawId}`) as { Status: string }
  t.equal((await drawOf()).Status, 'closed', 'the draw is closed')

  const setting = await page(admin, '/control/drawSetting')
  const form = setting.actions!.find((a) => a.id === 'binBurstImport')!.form
  t.equal((await admin.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { DrawId: draw.DrawId, FileName: 'sg4d.csv', Content: RESULT_FILE }, {}) })).status, 200, 'the file is staged')
  const imports = widget<TableWidget>(setting, 'imports')
  const importRow = async () => (await rowsOf(admin, imports)).find((i) => i.DrawId === draw.DrawId)!
  const importId = (await importRow()).ImportId as number
  const preview = imports.rowActions!.find((a) => a.id === 'previewImport') as { method: string, endpoint: string }
  t.equal((await admin.request(preview.method, preview.endpoint, { body: { ImportId: importId } })).status, 200, 'previewed')
  // Choose sets the page's ImportId, which both jobs start with.
  t.same((imports.rowActions!.find((a) => say(a.labelKey) === 'Choose') as { set: Record<string, string> }).set, { ImportId: 'ImportId' })
  const apply = widget<JobWidget>(setting, 'applyImport')
  const confirm = widget<JobWidget>(setting, 'confirmImport')
  const run = async (job: JobWidget) => {
    const started = await admin.request(job.start.method ?? 'POST', job.start.endpoint, { body: { ImportId: importId } })
    if (started.status !== 200) return { started, status: undefined }
    const url = job.status.endpoint.replace('{jobId}', String(pathOf(started.json.data, job.status.idPath ?? 'JobId')))
    const status = await eventually(async () => {
      const data = (await admin.get(url)).json.data
      return job.status.doneValues?.includes(String(pathOf(data, job.status.statusPath))) ? data : false
    }, { within: 120_000, what: job.id })
    return { started, status }
  }

  await t.test('Confirm before Apply is refused with the catalogue\'s reason', async (t) => {
    t.match(say(confirm.confirmKey), /^Finalise the chosen draw\?/, 'Confirm asks first')
    const { started } = await run(confirm)
    // The page says a refusal in the catalogue's words for its code, filled with its params.
    const params = started.json.params as unknown[]
    const said = say(`errors.${started.json.code}`, { ...params })
    t.match({ status: started.status, said }, { status: 409, said: `Result import ${importId} is not applied yet; apply it in Draw Setting and wait for it to end.` })
    t.equal((await drawOf()).Status, 'closed', 'nothing finalised')
  })

  await t.test('Apply runs as a job to its message; the import reads Result applied', async (t) => {
    t.equal(say(apply.confirmKey), 'Write this file\'s result to its draw?')
    const { status } = await run(apply)
    t.match(status, { Status: 'done', Progress: 100, ImportStatus: 'applied' }, 'the job the page polls')
    t.match(status.Message, new RegExp(`^Result import ${importId} applied: payout [\\d.]+ once confirmed\\.$`), 'the page shows the job\'s own message')
    t.equal(statusText(imports, 'ImportStatus', (await importRow()).ImportStatus), 'Result applied')
    t.match((await gameAdmin(`4d/draw/result?DrawId=${draw.DrawId}`)).Result, { first: '1234' }, 'the file\'s result is on the draw')
  })

  await t.test('Confirm finalises as a job; the import reads Confirmed and its report shows what was paid', async (t) => {
    const { status } = await run(confirm)
    t.match(status, { Status: 'done', IsFinalised: true, DrawId: draw.DrawId, ImportId: importId })
    // A finalised draw's message is the page's own (the job's result key), from the figures the status answers.
    const values = Object.fromEntries(Object.entries(confirm.result!.values ?? {}).map(([name, field]) => [name, name === 'Payout' ? money(status[field]) : status[field]]))
    t.equal(say(status.Bets === 1 ? `${confirm.result!.key}_one` : confirm.result!.key, values), `Finalised: ${status.Bets} bets settled, ${status.Winners} winning, payout $${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(status.Payout)}.`, 'the finalise job\'s figures')
    const confirmed = await importRow()
    t.equal(statusText(imports, 'ImportStatus', confirmed.ImportStatus), 'Confirmed')
    const show = imports.rowActions!.find((a) => say(a.labelKey) === 'Show report') as { when: { field: string, equals: unknown }, set: Record<string, string> }
    t.equal(confirmed[show.when.field], show.when.equals, 'the row offers Show report')
    const report = await gameAdmin('4d/result/binConfirm/report', 'POST', { ImportId: importId })
    const totals = widget<Widget & { bodyKey: string, data: { endpoint: string, method: string } }>(setting, 'importReportTotals')
    const shown = (await admin.request(totals.data.method, totals.data.endpoint, { body: { ImportId: confirmed[show.set.ReportImportId!] } })).json.data
    const text = String(pathOf(en, totals.bodyKey)).replace(/\{\{(\w+)(, money)?\}\}/g, (_, f: string, m?: string) => m ? money(shown[f]) : String(shown[f])).replace(/<[^>]+>/g, '')
    t.match(text, `Draw ${draw.DrawId} finalised from the result file: ${report.Bets} bets settled, ${report.Winners} of them won (${report.Strikes} prize hits)`)
    t.equal(Number(/payout\D*([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '')), report.Payout, 'the payout finalising booked')
    t.ok(report.Payout >= 2000, 'mem1\'s 1st prize among it')
    const tiers = pathOf(shown, widget<TableWidget>(setting, 'importReport').data.dataPath) as Row[]
    t.ok(tiers.some((r) => r.Prize === 'first'), 'the 1st prize tier is listed')
    t.equal(tiers.length, report.Tiers.length, 'one row per prize tier of the report')
  })
})
