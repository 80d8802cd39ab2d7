import t from 'tap'
import { loadConfig } from '../../../server/src/config/load.ts'
import { shippedConfigDir } from './fixtures.ts'

// Every write a page offers says what it did (issue #39, item 12): a row's call (Void, Close betting, Delete), an action on
// ticked rows, a grid's reset, a form's submit and a header call each name their own success message, which the renderer
// shows once the write succeeds; a download speaks for itself.

/** Each write in a config value: where it is, and whether it names its message. */
function writesIn (value: unknown, at: string, found: Array<{ at: string, said: boolean }>) {
  if (Array.isArray(value)) { value.forEach((v, i) => writesIn(v, `${at}/${i}`, found)); return found }
  if (value === null || typeof value !== 'object') return found
  const v = value as Record<string, unknown>
  const isWrite = typeof v.endpoint === 'string' && typeof v.method === 'string' && v.method !== 'GET' && v.kind !== 'download' && ('kind' in v || 'labelKey' in v)
  if (isWrite) found.push({ at: `${at} (${String(v.method)} ${String(v.endpoint)})`, said: typeof v.successKey === 'string' })
  for (const [key, child] of Object.entries(v)) writesIn(child, `${at}/${key}`, found)
  return found
}

t.test('every write of every page names the message that says what it did', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const writes = [...loaded.config.pages.values()].flatMap((page) => writesIn(page, page.page.path, []))
  t.ok(writes.length > 100, `the pages' writes are found (${writes.length})`)
  t.same(writes.filter((w) => !w.said).map((w) => w.at), [], 'no write without a successKey')
})
