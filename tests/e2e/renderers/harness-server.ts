import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { existsSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import type { AddressInfo } from 'node:net'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.map': 'application/json' }

/** A JSON route of the test API: answers with status and body, and records what it received. */
export type ApiRoute = (req: { method: string, url: URL, body: unknown }) => { status?: number, body: unknown } | Promise<{ status?: number, body: unknown }>

/** The built client holding the harness: a fresh build with RENDERER_HARNESS=1 in a temp dir (the product's dist/client never holds it). */
export function harnessBuild ({ fresh = false }: { fresh?: boolean } = {}): { dir: string, cleanup: () => void } {
  const dist = join(repo, 'dist/client')
  // An older dist/client may still hold the harness; use it only when asked for no fresh build and it is there.
  if (!fresh && existsSync(join(dist, 'renderer-harness.html'))) return { dir: dist, cleanup: () => {} }
  const out = join(tmpdir(), `renderer-harness-${process.pid}`)
  const run = spawnSync(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(repo, 'client/vite.config.ts'), '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit', cwd: repo, env: { ...process.env, RENDERER_HARNESS: '1' } })
  if (run.status !== 0) throw new Error('vite build failed')
  return { dir: out, cleanup: () => rmSync(out, { recursive: true, force: true }) }
}

async function readBody (req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : undefined
}

/** Serves the built client and the given API routes ("GET /api/v1/x") on a free port; close() stops it. isolated: cross-origin isolated pages (precise timers). */
export async function serveHarness (root: string, routes: Record<string, ApiRoute> = {}, { isolated = false }: { isolated?: boolean } = {}) {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (isolated) {
      res.setHeader('cross-origin-opener-policy', 'same-origin')
      res.setHeader('cross-origin-embedder-policy', 'require-corp')
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const route = routes[`${req.method} ${url.pathname}`]
    if (route) {
      const answer = await route({ method: req.method ?? 'GET', url, body: await readBody(req) })
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
      return
    }
    const file = normalize(join(root, url.pathname === '/' ? 'renderer-harness.html' : url.pathname))
    if (!file.startsWith(root) || !(await stat(file).catch(() => null))?.isFile()) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: `No route ${req.method} ${url.pathname}` }))
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file))
  }
  const server = createServer((req, res) => { handle(req, res).catch((e: Error) => res.writeHead(500).end(e.message)) })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
