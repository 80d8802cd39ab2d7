import t, { type Test } from 'tap'
import http from 'node:http'
import { FIELDS_APPLIED_HEADER, FIELDS_HEADER } from '../../../server/shared/field-selection.ts'
import { buildGameApi, buildService } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'

// The cut where the rows are made: the service asks the game API for the user's fields only and trusts an answer that
// echoes that selection; an answer without the echo, or with another one, is cut by the service as before.

const INTAKE = ['Intake', 'IntakeStrike', 'IntakeNet']
type Mode = 'pass' | 'ignore' | 'forge'

/** A game API behind a relay that passes the field header on, drops it (a game API that does not know it), or drops it and claims a cut. */
async function relayTo (t: Test, target: string, mode: Mode) {
  const asked: string[] = []
  const echoed: string[] = []
  const server = http.createServer((req, res) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: new URL(target).host }
    const fields = headers[FIELDS_HEADER]
    if (typeof fields === 'string') asked.push(fields)
    if (mode !== 'pass') delete headers[FIELDS_HEADER]
    const up = http.request(target + (req.url ?? ''), { method: req.method, headers }, (answer) => {
      const out = { ...answer.headers }
      const echo = out[FIELDS_APPLIED_HEADER]
      if (typeof echo === 'string') echoed.push(echo)
      if (mode === 'forge' && out['content-type']?.includes('json')) out[FIELDS_APPLIED_HEADER] = 'data.rows.*=Intake'
      res.writeHead(answer.statusCode ?? 502, out)
      answer.pipe(res)
    })
    req.pipe(up)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve) }))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, asked, echoed }
}

for (const mode of ['pass', 'ignore', 'forge'] as const) {
  t.test(`ag2's Full Report carries no intake field when the game API ${mode === 'pass' ? 'cuts it itself' : mode === 'ignore' ? 'does not know the field header' : 'claims a cut it was not asked for'}`, async (t) => {
    const { gameApiUrl } = await buildGameApi(t)
    const relay = await relayTo(t, gameApiUrl, mode)
    const { serviceUrl } = await buildService(t, { gameApiUrl: relay.url })
    const ag2 = new Browser(serviceUrl)
    t.equal((await ag2.login('ag2')).status, 200)
    const answer = await ag2.get('/api/v1/4d/reportFull?VW=RPTFULL')
    t.equal(answer.status, 200)
    const rows = answer.json.data.rows as Array<Record<string, unknown>>
    t.ok(rows.length > 0, 'rows came')
    t.ok(rows.every((r) => INTAKE.every((f) => !(f in r)) && 'UserId' in r && 'Stake' in r), 'no intake field; the user\'s columns stay')
    t.notOk(answer.headers.get(FIELDS_APPLIED_HEADER), 'the echo stays between the service and the game API')
    t.match(relay.asked.at(-1), /^data\.rows\.\*=[^;]*UserId[^;]*;data\.totals=/, 'the service named the fields of rows and sums')
    t.notOk(INTAKE.some((f) => new RegExp(`[=,]${f}(,|;|$)`).test(relay.asked.at(-1) ?? '')), 'and no intake field among them')
    if (mode === 'pass') t.same(relay.echoed, relay.asked, 'the reference game API cut the answer itself and echoed the selection')
  })
}

t.test('a user who gets whole answers sends no field header', async (t) => {
  const { gameApiUrl } = await buildGameApi(t)
  const relay = await relayTo(t, gameApiUrl, 'pass')
  const { serviceUrl } = await buildService(t, { gameApiUrl: relay.url })
  const ag1 = new Browser(serviceUrl)
  await ag1.login('ag1')
  const answer = await ag1.get('/api/v1/4d/settings')
  t.equal(answer.status, 200)
  t.equal(relay.asked.length, 0, 'settings is not bound through a column set')
})
