import { test } from 'tap'
import { GAME_API_CONTRACT, type ContractEndpoint } from '../../schemas/game-api-contract.ts'
import { gameApiHarness } from './harness.ts'

// Issue #31's measure: a §7 call counts as served when the reference game API does not answer it as an unknown path.

/** The call's URL under one prefix, each :param written as 1. */
const concrete = (endpoint: ContractEndpoint, prefix: string) =>
  `/api/v1/${prefix}${endpoint.path.split('/').map((part) => part.startsWith(':') ? '1' : part).join('/')}`

/** A game call is served when either game serves it (Limit Setting is TOTO's alone). */
const prefixes = (endpoint: ContractEndpoint) => endpoint.game ? ['4d/', 'tt/'] : ['']

test('every call of the contract is served by the reference game API', { timeout: 300_000 }, async (t) => {
  const api = await gameApiHarness(t, 'pglite')
  const token = await api.signIn('admin')
  const missing: string[] = []
  const unknown = async (endpoint: ContractEndpoint, prefix: string) => {
    const response = await api.call(endpoint.method, concrete(endpoint, prefix), { token, ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }) })
    return response.statusCode === 404 && response.json().code === 'GA_ROUTE_NOT_FOUND'
  }
  for (const endpoint of GAME_API_CONTRACT) {
    let served = false
    for (const prefix of prefixes(endpoint)) served ||= !(await unknown(endpoint, prefix))
    if (!served) missing.push(`${endpoint.method} ${endpoint.path}`)
  }
  const served = GAME_API_CONTRACT.length - missing.length
  t.comment(`served ${served} of ${GAME_API_CONTRACT.length}; missing: ${missing.join(', ')}`)
  t.same(missing, [], `every call served (${served} of ${GAME_API_CONTRACT.length})`)
})
