const offsetPattern = /(Z|[+-]\d\d:\d\d)$/

/** The game API's server time moved forward by the time elapsed since it was read, written in the same UTC offset (cached settings keep a live clock). */
export function advanceServerTime (serverTime: string, readAt: number, now: number): string {
  const read = Date.parse(serverTime)
  const offset = offsetPattern.exec(serverTime)?.[1]
  if (Number.isNaN(read) || offset === undefined) return serverTime
  const minutes = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
  const local = new Date(read + (now - readAt) + minutes * 60_000).toISOString().slice(0, 19)
  return local + (offset === 'Z' ? 'Z' : offset)
}
