import net from 'node:net'

const answers = new Map<string, Promise<boolean>>()

/** Whether a TCP server answers at the URL's host and port within three seconds (asked once per process per URL). */
export function reachable (url: string, defaultPort: number): Promise<boolean> {
  let answer = answers.get(url)
  if (!answer) {
    answer = new Promise((resolve) => {
      const { hostname, port } = new URL(url)
      const socket = net.connect({ host: hostname, port: Number(port || defaultPort) })
      socket.setTimeout(3000)
      socket.once('connect', () => { socket.destroy(); resolve(true) })
      socket.once('error', () => resolve(false))
      socket.once('timeout', () => { socket.destroy(); resolve(false) })
    })
    answers.set(url, answer)
  }
  return answer
}
