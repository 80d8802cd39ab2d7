// Bet file helpers: an upload as the browser sends it, and a job polled to its end.
import type { GameApiHarness } from '../harness.ts'
import { api } from './support.ts'

/** A multipart body with the file and the form fields, as a browser sends it. */
function multipart (fields: Record<string, string>, file: { name: string, content: string }): { payload: string, headers: Record<string, string> } {
  const boundary = '----betfile' + Math.random().toString(16).slice(2)
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`)
  return { payload: parts.join('') + `--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Uploads a bet file through POST files/upload as the page's form does. */
export async function upload (h: GameApiHarness, token: string, game: string, fields: Record<string, string>, content: string) {
  const { payload, headers } = multipart(fields, { name: 'bets.txt', content })
  const r = await h.call('POST', `/api/v1/${game}/files/upload`, { token, payload, headers })
  return { status: r.statusCode, body: r.json() }
}

/** A multipart body with a binary file, as a browser sends it. */
function binaryForm (fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = '----g3' + Math.random().toString(16).slice(2)
  const head = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Posts a binary file (a dBase table, an LHA archive) to an upload path as the browser does. */
export async function sendFile (h: GameApiHarness, url: string, token: string, fields: Record<string, string>, name: string, content: Buffer) {
  const r = await h.call('POST', url, { token, ...binaryForm(fields, name, content) })
  return { status: r.statusCode, body: r.json() }
}

/** Polls the status call until the job ends, keeping every status seen. */
export async function waitForJob (h: GameApiHarness, token: string, game: string, fileId: number) {
  const seen: string[] = []
  for (let i = 0; i < 400; i++) {
    const { body } = await api(h, 'GET', `/api/v1/${game}/files/processUpload/${fileId}/status`, token)
    if (seen[seen.length - 1] !== body.data.Status) seen.push(body.data.Status)
    if (body.data.Status === 'done' || body.data.Status === 'failed') return { seen, last: body.data }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the job did not end')
}
