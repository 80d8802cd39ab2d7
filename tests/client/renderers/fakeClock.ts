import type { CountdownHost } from '../../../client/src/renderers/lib/countdown.ts'

/** A manual clock with intervals, so countdown tests advance time exactly. */
export function fakeClock (start = Date.parse('2026-01-07T10:00:00Z')): CountdownHost & { advance: (ms: number) => void, timers: () => number } {
  let now = start
  let nextId = 1
  const intervals = new Map<number, { fn: () => void, every: number, due: number }>()
  return {
    now: () => now,
    setInterval (fn, every) {
      const id = nextId++
      intervals.set(id, { fn, every, due: now + every })
      return id
    },
    clearInterval (handle) { intervals.delete(handle as number) },
    advance (ms) {
      const end = now + ms
      for (;;) {
        let first: [number, { fn: () => void, every: number, due: number }] | undefined
        for (const entry of intervals) if (entry[1].due <= end && (!first || entry[1].due < first[1].due)) first = entry
        if (!first) break
        now = first[1].due
        first[1].due += first[1].every
        first[1].fn()
      }
      now = end
    },
    timers: () => intervals.size
  }
}
