import net from 'node:net'
import type { Test } from 'tap'

/** A TCP relay in front of a server that can drop every open connection and refuse new ones: a database going away and coming back. */
export async function startTcpGate (t: Test, target: { host: string, port: number }) {
  const open = new Set<net.Socket>()
  const state = { refusing: false }
  const server = net.createServer((client) => {
    if (state.refusing) return client.destroy()
    const upstream = net.connect(target.port, target.host)
    open.add(client)
    open.add(upstream)
    const drop = () => { client.destroy(); upstream.destroy(); open.delete(client); open.delete(upstream) }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => { for (const s of open) s.destroy(); server.close(() => resolve()) }))
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Drops every open connection and refuses new ones until up(). */
    down () { state.refusing = true; for (const s of open) s.destroy(); open.clear() },
    up () { state.refusing = false }
  }
}
