import net from 'node:net'

/** The Redis server tests use when it answers; override with TEST_REDIS_URL. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

let reachable: Promise<boolean> | undefined

/** Whether the test Redis answers (asked once per process). */
export function redisReachable (): Promise<boolean> {
  reachable ??= new Promise((resolve) => {
    const { hostname, port } = new URL(testRedisUrl)
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(1000)
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => { socket.destroy(); resolve(false) })
  })
  return reachable
}
