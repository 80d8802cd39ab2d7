import http from 'node:http'
import type { Test } from 'tap'

/** What the game API was sent, as the relay saw it. */
export interface Relayed { method: string, url: string, headers: http.IncomingHttpHeaders, body: string }

/** A recording relay in front of the game API: every forwarded call is kept, and calls can be slowed down. */
export async function startRelay (t: Test, target: string) {
  const seen: Relayed[] = []
  // delayMs holds a call before it reaches the game API; answerDelayMs holds the game API's answer after it acted (for paths starting with heldPath).
  const state = { delayMs: 0, answerDelayMs: 0, heldPath: '/' }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: body.toString() })
      setTimeout(() => {
        const upstream = http.request(target + (req.url ?? ''), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
          setTimeout(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          }, (req.url ?? '').startsWith(state.heldPath) ? state.answerDelayMs : 0)
        })
        upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end() })
        upstream.end(body)
      }, state.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const close = () => new Promise<void>((resolve) => {
    if (!server.listening) return resolve()
    server.closeAllConnections()
    server.close(() => resolve())
  })
  t.teardown(close)
  return { url: `http://127.0.0.1:${port}`, seen, state, close }
}

/** A request sent byte for byte as written (fetch would normalise dot segments and forbid Connection headers). */
export function rawRequest (base: string, method: string, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number, body: string, headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base)
    const req = http.request({ host: hostname, port, method, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => { body += c })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}
