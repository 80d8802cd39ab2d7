/** A clock tests move by hand: expiries are tested without sleeping. */
export interface TestClock {
  now: () => Date
  set: (iso: string) => void
  advance: (ms: number) => void
}

/** Where every test clock starts unless told otherwise (its seeded game API is a snapshot made once: helpers/snapshot.ts). */
export const testClockStart = '2030-01-02T02:00:00Z'

/** A clock at start that moves only when the test moves it. */
export function testClock (start = testClockStart): TestClock {
  let current = new Date(start)
  return {
    now: () => new Date(current),
    set: (iso) => { current = new Date(iso) },
    advance: (ms) => { current = new Date(current.getTime() + ms) }
  }
}
