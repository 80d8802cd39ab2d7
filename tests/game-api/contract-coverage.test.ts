import t from 'tap'
import { GAME_API_CONTRACT, contractShape } from '../../schemas/game-api-contract.ts'
import { readFileSync } from 'node:fs'
import { gameApiHarness } from './harness.ts'
import { gameApiCatalogueEntries } from '../../server/scripts/error-texts.ts'
import { referenceFile, renderReference, type OpenApi } from '../../server/scripts/game-api-reference.ts'

// The contract (schemas/game-api-contract.ts) and the reference game API's routes are one list: a contract entry no route
// serves, or a route the contract does not name, fails here by name. The OpenAPI reference lists the same routes.

/** Routes the game API serves that are not calls of the contract the service forwards, with why. */
const outsideContract: Record<string, string> = {
  'GET /api/captcha': 'the captcha, at the API root without version; the service fetches it for /ui/captcha',
  'GET /api/captcha/required': 'whether a sign-in needs the captcha; the service asks it for /ui/captcha/required',
  'POST /api/v1/telegram/:': 'the Telegram Bot API\'s webhook, never called by the service',
  'POST /api/v1/sms/twilio': 'the SMS gateway\'s inbound webhook (Twilio), never called by the service'
}

/** Every METHOD path of Fastify's route tree (printRoutes without a common prefix): each child line adds its text to its parent's path. */
function registeredRoutes (tree: string): string[] {
  const paths: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!node) continue
    const depth = (node[1] ?? '').length / 4
    const path = (depth === 0 ? '' : paths[depth - 1] ?? '') + (node[2] ?? '')
    paths[depth] = path
    paths.length = depth + 1
    for (const method of (node[3] ?? '').split(', ')) if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path}`)
  }
  return routes
}

/** A route as the contract names it: METHOD, game or root, the path after /api/v1/ (and 4d/ or tt/) with each parameter as ':'. */
function contractKey (route: string): string {
  const [method, path = ''] = route.split(' ')
  const game = /^\/api\/v1\/(4d|tt)\/(.+)$/.exec(path)
  const root = /^\/api\/v1\/(.+)$/.exec(path)
  return game ? `${method} game ${contractShape(game[2] ?? '')}` : root ? `${method} root ${contractShape(root[1] ?? '')}` : `${method} ${contractShape(path)}`
}

// One game API for both checks (the routes of a build do not change).
const api = await gameApiHarness(t, 'pglite')
await api.app.ready()

t.test('the contract names every route of the game API, and every contract entry has its route', async (t) => {
  const routes = registeredRoutes(api.app.printRoutes({ commonPrefix: false })).filter((route) => route.split(' ')[1]?.startsWith('/api/'))
  t.ok(routes.length > 500, `the route tree was read (${routes.length} routes under /api)`)
  const served = new Set(routes.map(contractKey))
  const contract = new Set(GAME_API_CONTRACT.map((e) => `${e.method} ${e.game ? 'game' : 'root'} ${contractShape(e.path)}`))
  const exempt = new Set(Object.keys(outsideContract).map(contractKey))

  const noRoute = GAME_API_CONTRACT.filter((e) => !served.has(`${e.method} ${e.game ? 'game' : 'root'} ${contractShape(e.path)}`)).map((e) => `${e.method} ${e.path}`)
  t.same(noRoute, [], 'every contract entry is served by a route (add the route, or drop the entry from schemas/game-api-contract.ts)')
  const unnamed = [...new Set(routes.filter((route) => !contract.has(contractKey(route)) && !exempt.has(contractKey(route))))]
  t.same(unnamed, [], 'every route is a contract entry (add it to schemas/game-api-contract.ts, or to outsideContract here with why)')
  t.same(Object.keys(outsideContract).filter((route) => !served.has(contractKey(route))), [], 'the routes outside the contract exist')
})

t.test('the OpenAPI reference at GET /docs/json lists every route under /api, no more', async (t) => {
  const answer = await api.call('GET', '/docs/json')
  t.equal(answer.statusCode, 200)
  const described = Object.entries((answer.json() as { paths: Record<string, Record<string, unknown>> }).paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, ':')}`))
  const routes = registeredRoutes(api.app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.split(' ')[1]?.startsWith('/api/')).map((route) => route.replace(/:[^/]+/g, ':'))
  t.same([...new Set(routes)].filter((route) => !described.includes(route)), [], 'no route is missing from the reference')
  t.same(described.filter((route) => !routes.includes(route)), [], 'the reference describes no route that is not served')
})

t.test('the committed reference (server/docs/game-api-reference.md) is the one the route schemas make now', async (t) => {
  const current = renderReference(api.app.swagger() as unknown as OpenApi, await gameApiCatalogueEntries())
  t.ok(readFileSync(referenceFile, 'utf8') === current, 'server/docs/game-api-reference.md is up to date: run npm run docs:game-api and commit it')
})
