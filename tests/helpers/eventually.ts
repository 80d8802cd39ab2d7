/**
 * Polls probe until it answers something truthy and resolves with that answer; fails naming what it waited for after
 * `within` ms. The one way tests wait for something that happens after the call that caused it (no fixed sleeps).
 */
export async function eventually<T> (probe: () => T | Promise<T>, { within = 5000, every = 20, what = 'the condition' }: { within?: number, every?: number, what?: string } = {}): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const until = Date.now() + within
  for (;;) {
    const answer = await probe()
    if (answer) return answer as Exclude<T, false | null | undefined | 0 | ''>
    if (Date.now() > until) throw new Error(`${what} did not happen within ${within} ms`)
    await new Promise((resolve) => setTimeout(resolve, every))
  }
}
