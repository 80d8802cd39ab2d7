// The game API proxy, measured against its peers in the same run:
//   1. a proxied GET through the service vs the same GET straight to the game API (goal >= 0.5),
//      and, where nginx is installed, vs the same GET through nginx;
//   2. a cached GET vs a proxied miss of the same endpoint (goal >= 3).
// Run: npm run bench -- proxy   (BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults)
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import net from 'node:net'
import { loadDefaults, measure, rps, type LoadResult } from './lib/load.ts'
import { startBenchProduct } from './lib/product.ts'

const product = await startBenchProduct()
const { cookie } = await product.signIn('ag1')
const token = await product.gameToken('ag1')
const line = (name: string, r: LoadResult) => console.log(`${name}: ${rps(r).toFixed(0)} requests/s (${r.failures} failures)`)

// 1. Proxied vs direct: GET settings, which is never cached, with the LocId the service would add.
const direct = await measure({ ...loadDefaults, url: `${product.gameApiUrl}/api/v1/4d/settings?LocId=SG`, headers: { authorization: `Bearer ${token}` } })
const proxied = await measure({ ...loadDefaults, url: `${product.serviceUrl}/api/v1/settings`, headers: { cookie } })
console.log(`load: ${loadDefaults.connections} keep-alive connections, ${loadDefaults.seconds} s after a 1 s warm-up, client in a worker thread`)
line('GET settings straight to the game API', direct)
line('GET settings through the service (gate, LocId, audit context, proxy)', proxied)
const proxyRatio = rps(proxied) / rps(direct)
console.log(`ratio proxied / direct: ${proxyRatio.toFixed(2)} (goal >= 0.5)`)

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync)
if (nginx) {
  const port = await freePort()
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'))
  await writeFile(join(dir, 'nginx.conf'), `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 256; }
http { access_log off; upstream game { server ${new URL(product.gameApiUrl).host}; keepalive 32; }
  server { listen 127.0.0.1:${port}; location / { proxy_pass http://game; proxy_http_version 1.1; proxy_set_header Connection ""; } } }`)
  const server = spawn(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  const viaNginx = await measure({ ...loadDefaults, url: `http://127.0.0.1:${port}/api/v1/4d/settings?LocId=SG`, headers: { authorization: `Bearer ${token}` } })
  server.kill()
  await rm(dir, { recursive: true, force: true })
  line('GET settings through nginx (plain reverse proxy, no gate)', viaNginx)
  console.log(`ratio service / nginx: ${(rps(proxied) / rps(viaNginx)).toFixed(2)}`)
} else {
  console.log(`nginx is not installed (${spawnSync('sh', ['-c', 'command -v nginx']).status === 0 ? 'found elsewhere' : 'apt-get install nginx to add it'}): skipped the nginx comparison`)
}

// 2. Cached vs miss: GET announcements is cached; x-no-cache sends every call through to the game API.
const miss = await measure({ ...loadDefaults, url: `${product.serviceUrl}/api/v1/announcements`, headers: { cookie, 'x-no-cache': '1' } })
const hit = await measure({ ...loadDefaults, url: `${product.serviceUrl}/api/v1/announcements`, headers: { cookie } })
line('GET announcements, proxied miss (x-no-cache)', miss)
line('GET announcements, cached', hit)
const cacheRatio = rps(hit) / rps(miss)
console.log(`ratio cached / miss: ${cacheRatio.toFixed(2)} (goal >= 3)`)

await product.close()
const ok = proxyRatio >= 0.5 && cacheRatio >= 3
console.log(ok ? 'proxy bench: goals met' : 'proxy bench: a goal was missed')
process.exit(ok ? 0 : 1)

function freePort (): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
