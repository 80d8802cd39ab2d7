import t from 'tap'
import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { tableFields, type Projection } from '../../../server/src/proxy/projection.ts'
import { createProjector, projectJson, projectionStream } from '../../../server/src/proxy/json-cutter.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { cacheKey } from '../../../server/src/proxy/cache-key.ts'
import { fromRoot } from '../../../server/shared/paths.ts'

// Columns enforced by the service: the cut itself (whole and streamed, any chunking), which fields a table needs, and
// the Full Report through the proxy, where ag2 (Rank 3) gets none of the intake fields ag1 (Rank 1) gets.

const cut: Pick<Projection, 'targets'> = { targets: [{ path: ['data', 'rows', '*'], keep: new Set(['UserId', 'Stake', 'Role']) }, { path: ['data', 'totals'], keep: new Set(['UserId', 'Stake', 'Role']) }] }

const answer = {
  success: true,
  data: {
    rows: [
      { UserId: 'ag2', Intake: 5, Stake: 10.5, 'We\u00efrd "key"': { Intake: 1 }, Role: 'AG', nested: [1, { Stake: 2 }], Text: 'a "quoted" ,{[ text' },
      { Intake: null, UserId: 'mem1', Role: 'MEM', Stake: -1e3, flags: [true, false, null] },
      {},
      { Intake: 1 }
    ],
    totals: { Intake: 6, Stake: -989.5 },
    count: 4,
    Intake: 'outside the rows: kept'
  }
}
const expected = {
  success: true,
  data: {
    rows: [{ UserId: 'ag2', Stake: 10.5, Role: 'AG' }, { UserId: 'mem1', Role: 'MEM', Stake: -1e3 }, {}, {}],
    totals: { Stake: -989.5 },
    count: 4,
    Intake: 'outside the rows: kept'
  }
}

t.test('the cut keeps only the named members of rows and sums, and everything else as it is', async (t) => {
  for (const text of [JSON.stringify(answer), JSON.stringify(answer, null, 2), JSON.stringify(answer, null, '\t').replace(/\n/g, '\r\n')]) {
    const out = projectJson(Buffer.from(text), cut)
    t.same(JSON.parse(out.toString()), expected)
  }
})

t.test('any chunking gives the same cut, one byte at a time included', async (t) => {
  const text = Buffer.from(JSON.stringify(answer, null, 1).replace('"Stake"', '"St\\u0061ke"'))
  const whole = projectJson(text, cut).toString()
  t.same(JSON.parse(whole).data.rows[0], { UserId: 'ag2', Stake: 10.5, Role: 'AG' }, 'an escaped member name is read as its value')
  for (const size of [1, 2, 3, 7, 64]) {
    const projector = createProjector(cut.targets)
    const parts: Buffer[] = []
    for (let i = 0; i < text.length; i += size) parts.push(projector.push(text.subarray(i, i + size)))
    projector.end()
    // The same JSON; only whitespace may differ where a held comma was written as a copy.
    t.same(JSON.parse(Buffer.concat(parts).toString()), JSON.parse(whole), `chunks of ${size}`)
  }
  const streamed = await buffer(Readable.from([text.subarray(0, 10), text.subarray(10, 200), text.subarray(200)]).pipe(projectionStream(cut)))
  t.same(JSON.parse(streamed.toString()), JSON.parse(whole), 'as a stream')
})

t.test('names outside ASCII and escaped names are looked up by their value, kept or dropped alike', async (t) => {
  const text = Buffer.from(JSON.stringify({ data: { rows: [{ Näme: 1, 'Wë "q"': 2, Stäke: 3, Plain: 4 }] } }).replace('"Plain"', '"Pl\\u0061in"'))
  const out = projectJson(text, { targets: [{ path: ['data', 'rows', '*'], keep: new Set(['Näme', 'Wë "q"', 'Plain']) }] })
  t.same(JSON.parse(out.toString()), { data: { rows: [{ Näme: 1, 'Wë "q"': 2, Plain: 4 }] } })
  const nested = projectJson(Buffer.from('{"dätä":{"rows":[{"a":1,"b":2}]}}'), { targets: [{ path: ['dätä', 'rows', '*'], keep: new Set(['b']) }] })
  t.same(JSON.parse(nested.toString()), { dätä: { rows: [{ b: 2 }] } }, 'a path through a name outside ASCII')
})

t.test('text that is not JSON fails the cut rather than passing through', async (t) => {
  for (const bad of ['{"data":{"rows":[{"Intake" 1}]}}', '{"data":{"rows":[{"Intake":1}', '{"data"}', '{"a":1}}']) {
    t.throws(() => projectJson(Buffer.from(bad), cut), /not JSON/, bad)
  }
  t.same(JSON.parse(projectJson(Buffer.from('{"success":true,"data":{"rows":[]}}'), cut).toString()), { success: true, data: { rows: [] } })
})

t.test('a table needs its columns, row key, colour and sort fields, and what its row actions read', async (t) => {
  const fields = tableFields({
    columns: [{ field: 'Stake', labelKey: 'x', type: 'money', width: 80 }],
    rowKey: 'TicketNo',
    drawColourField: 'DrawType',
    defaultSort: { field: 'CreatedDate', desc: true },
    rowActions: [
      { kind: 'link', id: 'l', labelKey: 'x', to: '/report/full?UserId=:UserId&x=:Other', when: { field: 'Role', equals: 'AG' } },
      { kind: 'call', id: 'c', labelKey: 'x', endpoint: '/api/v1/4d/bet', method: 'DELETE', rowParams: { TicketNo: 'Ticket' } },
      { kind: 'choose', id: 'h', labelKey: 'x', set: { FileId: 'FileId' } },
      { kind: 'form', id: 'f', labelKey: 'x', prefill: { Name: 'UserName' }, form: { id: 'f', fields: [{ name: 'a', labelKey: 'x', kind: 'text' }], submit: { endpoint: '/api/v1/4d/x', method: 'PUT', labelKey: 'x', params: { Id: { from: 'row', name: 'RowId' } } } } }
    ]
  })
  t.same([...fields].sort(), ['CreatedDate', 'DrawType', 'FileId', 'Other', 'Role', 'RowId', 'Stake', 'Ticket', 'TicketNo', 'UserId', 'UserName'].sort())
})

t.test('a table also needs what its downloads and selection actions read', async (t) => {
  const fields = tableFields({
    columns: [{ field: 'Lines', labelKey: 'x', type: 'number', width: 80 }],
    rowActions: [{ kind: 'download', id: 'd', labelKey: 'x', endpoint: '/api/v1/4d/files/:Path', method: 'POST', rowParams: { FileId: 'FileId' } }],
    selectionActions: [{ id: 's', labelKey: 'x', endpoint: '/api/v1/4d/bet/page/combine', method: 'POST', param: 'FileIds', field: 'PageId', when: { field: 'FileStatus', equals: 'processed' } }]
  })
  t.same([...fields].sort(), ['FileId', 'FileStatus', 'Lines', 'PageId', 'Path'])
})

const INTAKE = ['Intake', 'IntakeStrike', 'IntakeNet']

t.test('the Full Report through the service: ag2 gets none of the intake fields ag1 gets, streamed', async (t) => {
  const { serviceUrl, service } = await buildProduct(t)
  const rowsOf = async (user: string, headers: Record<string, string> = {}) => {
    const browser = new Browser(serviceUrl)
    t.equal((await browser.login(user)).status, 200, `${user} signs in`)
    const answer = await browser.get('/api/v1/4d/reportFull?VW=RPTFULL', headers)
    t.equal(answer.status, 200, `${user}: GET reportFull`)
    return answer.json.data as { rows: Array<Record<string, unknown>>, totals: Record<string, number>, count: number }
  }
  const ag1 = await rowsOf('ag1')
  const ag2 = await rowsOf('ag2')
  t.ok(ag1.rows.length > 0 && ag2.rows.length > 0, 'both have rows')
  for (const field of INTAKE) {
    t.ok(ag1.rows.every((r) => field in r), `ag1's rows carry ${field}`)
    t.ok(ag2.rows.every((r) => !(field in r)), `ag2's rows carry no ${field}`)
    t.notOk(field in ag2.totals, `ag2's sums carry no ${field}`)
  }
  // ag2 has no 4D share: no MyIntake either; the columns it sees and the row key and drill-down field stay.
  t.ok(ag2.rows.every((r) => !('MyIntake' in r) && 'UserId' in r && 'Role' in r && 'Stake' in r && 'MyOut' in r), 'ag2 keeps its own columns')
  t.equal(typeof ag2.count, 'number', 'the total count stays')

  // ag2's page says the same: the descriptor's columns are exactly the row fields the answer keeps.
  const browser = new Browser(serviceUrl)
  await browser.login('ag2')
  const page = (await browser.get('/ui/pages?path=/report/full')).json as { widgets: Array<{ id: string, columns?: Array<{ field: string }> }> }
  const columns = page.widgets.find((w) => w.id === 'full')?.columns?.map((c) => c.field) ?? []
  t.same(Object.keys(ag2.rows[0] ?? {}).sort(), columns.sort(), 'the answer keeps the descriptor\'s columns')

  // Off, the same answer carries every field: the cut is the service's, not the game API's.
  service.columnProjection.enabled = false
  const whole = await rowsOf('ag2', { 'x-no-cache': '1' })
  t.ok(whole.rows.every((r) => INTAKE.every((f) => f in r)), 'with the cut off ag2 would get the intake fields')
  service.columnProjection.enabled = true
})

t.test('a cached answer is stored cut, under the same per-user key', async (t) => {
  // The shipped config does not cache reportFull: a copy that does.
  const dir = t.testdir()
  await cp(fromRoot('menus'), dir, { recursive: true })
  const api = JSON.parse(await readFile(join(dir, 'api.json'), 'utf8')) as { endpoints: unknown[] }
  api.endpoints.push({ path: 'reportFull', methods: ['GET'], game: true, cache: true })
  await writeFile(join(dir, 'api.json'), JSON.stringify(api))
  const { serviceUrl, service } = await buildProduct(t, { env: { CONFIG_DIR: dir } })
  const ag2 = new Browser(serviceUrl)
  t.equal((await ag2.login('ag2')).status, 200)
  const first = await ag2.get('/api/v1/4d/reportFull?VW=RPTFULL')
  const second = await ag2.get('/api/v1/4d/reportFull?VW=RPTFULL')
  t.equal(first.headers.get('x-cache'), 'MISS')
  t.equal(second.headers.get('x-cache'), 'HIT')
  t.equal(second.text, first.text, 'the hit is the cut answer')
  const stored = service.caches.answers.get(cacheKey('ag2', 'SG', 'reportFull', { VW: 'RPTFULL' }))
  t.ok(stored, 'stored under the per-user key')
  const rows = (JSON.parse(stored?.body.toString() ?? '{}') as { data: { rows: Array<Record<string, unknown>> } }).data.rows
  t.ok(rows.length > 0 && rows.every((r) => INTAKE.every((f) => !(f in r))), 'the stored answer carries no intake field')
})
