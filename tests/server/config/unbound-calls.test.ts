import t from 'tap'
import { readFileSync } from 'node:fs'
import { GAME_API_CONTRACT, contractShape, type ContractEndpoint } from '../../../schemas/game-api-contract.ts'
import { loadConfig } from '../../../server/src/config/load.ts'
import { fromRoot } from '../../../server/shared/paths.ts'
import { shippedConfigDir } from './fixtures.ts'

// Issue #39: every call of the game API contract is put where a page offers it, or server/docs/game-api.md says, under
// "Calls no page binds", which client uses it instead (the service itself, SMS/Telegram, a job, an integration, or the call a
// page uses that supersedes it). The unbound calls are what the config's derived allowlist (page and fragment bindings, api.json)
// leaves out.

const SECTION = '## Calls no page binds'
const loaded = await loadConfig(shippedConfigDir)
if (!loaded.ok) throw new Error('invalid shipped config')
const allowlist = loaded.config.api

/** A contract call as the docs write it: the method, then 4d|tt/ before a game path. */
const written = (e: ContractEndpoint) => `${e.method} ${e.game ? '4d|tt/' : ''}${e.path}`

/** Whether the allowlist holds the call: its path (a parameter as a segment of its own) matches an entry of the same shape. */
function bound (e: ContractEndpoint): boolean {
  const hit = allowlist.match(e.method, e.path.split('/'))
  return typeof hit !== 'string' && contractShape(hit.endpoint.path) === contractShape(e.path)
}

/** The section's lines, each "- `METHOD path`: reason", as call → reason. */
function listed (): Map<string, string> {
  const docs = readFileSync(fromRoot('server/docs/game-api.md'), 'utf8')
  const start = docs.indexOf(`\n${SECTION}\n`)
  if (start < 0) return new Map()
  const rest = docs.slice(start + SECTION.length + 2)
  const end = rest.search(/^#{1,2} /m)
  const lines = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((line) => line.startsWith('- `'))
  const out = new Map<string, string>()
  for (const line of lines) {
    const m = /^- `([A-Z]+ [^`]+)`: (.*)$/.exec(line)
    if (!m) throw new Error(`not a "- \`METHOD path\`: reason" line: ${line}`)
    if (out.has(m[1]!)) throw new Error(`listed twice: ${m[1]}`)
    out.set(m[1]!, m[2]!.trim())
  }
  return out
}

const unbound = GAME_API_CONTRACT.filter((e) => !bound(e)).map(written)
const section = listed()

t.test('game-api.md has the section', async (t) => {
  t.ok(section.size > 0, `server/docs/game-api.md holds "${SECTION}" with one line per call`)
})

t.test('every call no page, fragment or api.json entry binds is listed with its reason', async (t) => {
  t.ok(unbound.length > 0 && unbound.length < GAME_API_CONTRACT.length, `${unbound.length} of ${GAME_API_CONTRACT.length} calls are unbound`)
  t.same(unbound.filter((call) => !section.has(call)), [], 'bind each on the page the legacy application offers it on, or list it with the client that uses it')
  for (const [call, reason] of section) t.ok(reason.length >= 20, `${call} says why (${reason.length} characters)`)
})

t.test('the section lists only contract calls that are unbound', async (t) => {
  const contract = new Set(GAME_API_CONTRACT.map(written))
  t.same([...section.keys()].filter((call) => !contract.has(call)), [], 'each line names a contract call as `METHOD path` (game paths as 4d|tt/…)')
  const open = new Set(unbound)
  t.same([...section.keys()].filter((call) => contract.has(call) && !open.has(call)), [], 'a call a page now binds leaves the list')
})

t.test('the calls issue #39 put on pages are bound', async (t) => {
  const at = (method: ContractEndpoint['method'], path: string) => GAME_API_CONTRACT.find((e) => e.method === method && e.path === path)
  for (const [method, path] of [['GET', 'profileFull'], ['PUT', 'betEntryAlert'], ['PUT', 'mobile2'], ['GET', 'result/feed'], ['GET', 'relcalCredit'], ['PUT', 'generateReportPlaceOutShareMix']] as const) {
    const e = at(method, path)
    t.ok(e && bound(e), `${method} ${path}`)
  }
})
