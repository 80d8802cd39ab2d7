import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../../betting/support.ts'

// POST bet/page/uploadPartner: a partner's bets file, uploaded as files/upload does, recording the distributor it came from.
const h = await gameApiHarness(t, 'pglite')
const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['admin', 'ag1', 'ag2'])
t.equal((await api(h, 'POST', '/api/v1/4d/permissions', tokens.admin, { UserId: 'ag1', Attribute: 'OutSet' })).status, 200)
const outlet = (await api(h, 'POST', '/api/v1/4d/distributors', tokens.ag1, { Name: 'Partner Outlet' })).body.data.DistributorId as number

/** The multipart form as the page sends it. */
async function send (token: string, fields: Record<string, string>, content = 'mem1 3 1234 1-') {
  const boundary = '----partner' + Math.random().toString(16).slice(2)
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partner.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`)
  const r = await h.call('POST', '/api/v1/4d/bet/page/uploadPartner', { token, payload: parts.join('') + `--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
  return { status: r.statusCode, body: r.json() }
}

t.test('the file is stored like an upload, naming the partner', async (t) => {
  const up = await send(tokens.ag1, { PartnerId: String(outlet) })
  t.equal(up.status, 200, JSON.stringify(up.body))
  t.match(up.body.data, { FileName: 'partner.txt', Lines: 1, FileStatus: 'uploaded', PartnerId: outlet })
  const files = (await api(h, 'GET', '/api/v1/4d/files', tokens.ag1)).body.data as Array<{ FileId: number, PartnerId: number | null }>
  t.equal(files.find((f) => f.FileId === up.body.data.FileId)?.PartnerId, outlet, 'the files list names the partner')
})

t.test('a partner the uploader may not use, or none, is refused', async (t) => {
  t.match(await send(tokens.ag1, {}), { status: 400, body: { code: 'GA_FIELD_OUT_OF_RANGE', message: /PartnerId/ } })
  t.match(await send(tokens.ag1, { PartnerId: 'x' }), { status: 400, body: { message: /PartnerId/ } })
  t.match(await send(tokens.ag2, { PartnerId: String(outlet) }), { status: 404 }, 'another level\'s outlet is not named')
  t.match(await send(tokens.ag1, { PartnerId: String(outlet) }, '\u0000'), { status: 400, body: { code: 'GA_FILE_NOT_TEXT' } })
})
