import t from 'tap'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { loadConfig } from '../../../server/src/config/load.ts'
import { signedIn, startSessionProduct, type Browser } from '../../helpers/http-browser.ts'
import { shippedConfigDir } from './fixtures.ts'

// Config reuse (fragments) must not change what anyone is served: every demo user's menu and every page's resolved
// descriptor, at every location they may use, desktop and mobile, through the service, held against a recorded baseline.
// UPDATE_DESCRIPTOR_BASELINE=1 records it afresh (only when a change is meant to alter descriptors).

const BASELINE = new URL('./resolved-descriptors.baseline.json', import.meta.url)
const demo = JSON.parse(readFileSync(new URL('../../../server/game-api/seed/demo-users.json', import.meta.url), 'utf8')) as { users: Array<{ UserId: string, Locations: string[] }> }

/** JSON with every object's keys sorted: a fragment's override may move a key without changing the descriptor. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) : v)
const sha = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex').slice(0, 20)

/** Runs fn over items, n at a time. */
async function pool<T> (items: readonly T[], n: number, fn: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(Array.from({ length: n }, async () => { for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item) }))
}

/** The menu and every page path's answer (status and body hash) for one signed-in browser at its current location. */
async function record (browser: Browser, key: string, paths: readonly string[], into: Record<string, string>, mobile: '0' | '1') {
  const session = await browser.get(`/ui/session?mobile=${mobile}`)
  into[`${key} menu`] = `${session.status} ${sha(session.json?.menu ?? session.json)}`
  await pool(paths, 4, async (path) => {
    const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
    into[`${key} ${path}`] = `${page.status} ${sha(page.json ?? page.text)}`
  })
}

t.test('every demo user\'s menu and resolved page descriptors, at every location, desktop and mobile, are unchanged', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error(`invalid shipped config: ${JSON.stringify(loaded.errors.slice(0, 3))}`)
  const paths = [...loaded.config.compiled.pages.keys()].sort()
  const product = await startSessionProduct(t)
  const seen: Record<string, string> = {}
  for (const user of demo.users) {
    const browser = await signedIn(product.serviceUrl, user.UserId)
    for (const LocId of user.Locations) {
      const moved = await browser.put('/ui/session/location', { LocId })
      if (moved.status !== 200) { seen[`${user.UserId} ${LocId}`] = `${moved.status} location refused`; continue }
      for (const mobile of ['0', '1'] as const) await record(browser, `${user.UserId} ${LocId} m${mobile}`, paths, seen, mobile)
    }
  }
  const served = Object.values(seen).filter((v) => v.startsWith('200 ')).length
  if (process.env.UPDATE_DESCRIPTOR_BASELINE === '1') {
    writeFileSync(BASELINE, JSON.stringify({ served, answers: seen }, null, 0).replace(/","/g, '",\n"') + '\n')
    t.pass(`baseline recorded: ${Object.keys(seen).length} answers, ${served} served`)
    return
  }
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as { served: number, answers: Record<string, string> }
  const changed = [...new Set([...Object.keys(baseline.answers), ...Object.keys(seen)])].filter((k) => baseline.answers[k] !== seen[k])
  t.same(changed.slice(0, 20), [], `${changed.length} answers differ from the baseline`)
  t.equal(served, baseline.served, `${served} descriptors and menus served`)
  t.ok(served > 1000, 'the comparison covers the menus and pages of every demo user')
})
