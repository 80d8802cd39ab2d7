import type { ApiAllowlist } from '../../../schemas/api.ts'
import type { ColumnSetConfig } from '../../../schemas/columns.ts'
import { GAME_API_CONTRACT, contractShape, type ContractEndpoint } from '../../../schemas/game-api-contract.ts'
import type { PageConfig } from '../../../schemas/page.ts'
import type { Rule } from '../../../schemas/rule.ts'
import { compileAllowlist, type GateEndpoint, type Reach } from '../proxy/allowlist.ts'
import { segment } from './rule-check.ts'
import { compileRule } from './rules.ts'
import { compileTable } from './pages.ts'

/** One problem of a config (as load.ts reports it). */
interface ConfigError { file: string, pointer: string, message: string }

/**
 * A game API call a page template names: where, with which method, the rules on the way to it (with the pointer of the
 * object holding each), and the table whose data it is when that table takes its columns from a column set.
 */
export interface Binding {
  file: string
  pointer: string
  method: string
  endpoint: string
  rules: Rule[]
  rulePointers: string[]
  table?: Record<string, unknown>
}

const contract = new Map<string, ContractEndpoint>(GAME_API_CONTRACT.map((e) => [`${e.method} ${contractShape(e.path)}`, e]))
/** The contract as a segment trie, so a descriptor's literal segment (processUpload/12) matches the contract's parameter (processUpload/:id). */
const contractMatcher = compileAllowlist(GAME_API_CONTRACT.map((e) => ({ path: e.path, methods: [e.method], game: e.game })))
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const

/** Every object with an `endpoint` under /api/v1/ in a page template (any depth, any widget or action shape), with the rules of the objects above it. */
export function bindingsOf (file: string, page: PageConfig): Binding[] {
  const found: Binding[] = []
  const visit = (value: unknown, pointer: string, rules: Rule[], pointers: string[], parent: Record<string, unknown> | undefined, key: string) => {
    if (Array.isArray(value)) { value.forEach((child, i) => visit(child, `${pointer}/${i}`, rules, pointers, undefined, String(i))); return }
    if (value === null || typeof value !== 'object') return
    const object = value as Record<string, unknown>
    const ruled = object.rule !== undefined && pointer !== ''
    const here = ruled ? [...rules, object.rule as Rule] : rules
    const herePointers = ruled ? [...pointers, `${pointer}/rule`] : pointers
    if (typeof object.endpoint === 'string' && object.endpoint.startsWith('/api/v1/')) {
      const table = key === 'data' && parent?.type === 'table' && typeof parent.columns === 'string' ? parent : undefined
      found.push({ file, pointer: `${pointer}/endpoint`, method: typeof object.method === 'string' ? object.method : 'GET', endpoint: object.endpoint, rules: here, rulePointers: herePointers, ...(table ? { table } : {}) })
    }
    for (const [name, child] of Object.entries(object)) if (name !== 'rule') visit(child, `${pointer}/${segment(name)}`, here, herePointers, object, name)
  }
  const top = page.rule ? [page.rule] : []
  const topPointers = page.rule ? ['/rule'] : []
  visit(page.widgets, '/widgets', top, topPointers, undefined, 'widgets')
  visit(page.actions ?? [], '/actions', top, topPointers, undefined, 'actions')
  return found
}

/** The contract entry a descriptor endpoint names (after /api/v1/ and 4d/ or tt/), and the methods the contract has for its path. */
function contractOf (method: string, endpoint: string): { entry: ContractEndpoint | undefined, methods: string[], game: boolean } {
  const parts = endpoint.slice('/api/v1/'.length).split('/')
  const game = parts[0] === '4d' || parts[0] === 'tt'
  const segments = game ? parts.slice(1) : parts
  const hit = contractMatcher.match(method, segments)
  const entry = typeof hit === 'string' ? undefined : contract.get(`${method} ${contractShape(hit.endpoint.path)}`)
  return { entry, methods: entry ? [method] : METHODS.filter((m) => typeof contractMatcher.match(m, segments) !== 'string'), game }
}

/** Checks every binding against the contract and the api.json entries, then derives the allowlist: api.json's shell, public and settings merged with the descriptors' reaches. */
export function deriveAllowlist (pages: ReadonlyArray<{ file: string, page: PageConfig }>, api: ApiAllowlist, errors: ConfigError[], columnSets: ReadonlyMap<string, ColumnSetConfig> = new Map()): GateEndpoint[] {
  const derived = new Map<string, { contract: ContractEndpoint, reaches: Reach[] }>()
  for (const { file, page } of pages) {
    // The menu paths that allow the page: a route template (/admin/agents/:UserId) is allowed by its list page (menuPath).
    const paths = [page.menuPath ?? page.path, ...(page.ttPath === undefined ? [] : [page.ttPath])]
    for (const binding of bindingsOf(file, page)) {
      const { entry, methods, game } = contractOf(binding.method, binding.endpoint)
      if (!entry) {
        const message = methods.length > 0
          ? `${binding.method} ${binding.endpoint} is not in the game API contract, which has ${methods.join(', ')} for that path: use one of those methods (schemas/game-api-contract.ts)`
          : `${binding.method} ${binding.endpoint} is not in the game API contract (schemas/game-api-contract.ts): bind one of its endpoints, or add the endpoint to the contract if the game API really serves it`
        errors.push({ file, pointer: binding.pointer, message })
        continue
      }
      if (entry.game !== game) {
        errors.push({ file, pointer: binding.pointer, message: entry.game ? `${entry.path} is a game endpoint: write it as /api/v1/4d/${entry.path} (the service chooses 4d/ or tt/)` : `${entry.path} sits under the API root: write it as /api/v1/${entry.path}` })
        continue
      }
      const key = `${entry.method} ${contractShape(entry.path)}`
      const slot = derived.get(key) ?? { contract: entry, reaches: [] }
      const table = binding.table && columnSets.has(binding.table.columns as string) ? compileTable(binding.table, columnSets) : undefined
      slot.reaches.push({
        file,
        pointer: binding.pointer,
        paths,
        shell: page.shell === true,
        rules: binding.rules.map(compileRule),
        written: binding.rules.map((rule, i) => ({ pointer: binding.rulePointers[i] as string, rule })),
        ...(table ? { table } : {})
      })
      derived.set(key, slot)
    }
  }
  const listed = new Set<string>()
  const endpoints: GateEndpoint[] = []
  api.endpoints.forEach((endpoint, e) => {
    const pointer = `/endpoints/${e}`
    for (const method of endpoint.methods) {
      const key = `${method} ${contractShape(endpoint.path)}`
      const entry = contract.get(key)
      if (!entry) {
        errors.push({ file: 'api.json', pointer: `${pointer}/path`, message: `${method} ${endpoint.path} is not in the game API contract (schemas/game-api-contract.ts): remove it, or add it to the contract if the game API really serves it` })
        continue
      }
      if (entry.game !== (endpoint.game === true)) errors.push({ file: 'api.json', pointer: `${pointer}/game`, message: entry.game ? `${endpoint.path} is a game endpoint: add "game": true` : `${endpoint.path} sits under the API root: remove "game"` })
      const reached = derived.get(key)
      if (reached && endpoint.pages !== undefined) {
        errors.push({ file: 'api.json', pointer: `${pointer}/pages`, message: `${method} ${endpoint.path} is already bound by ${reached.reaches[0]?.file ?? 'a page'}: remove "pages" (the allowlist is derived from the page templates)` })
      }
      if (!reached && !endpoint.shell && !endpoint.public && (endpoint.pages ?? []).length === 0) {
        errors.push({ file: 'api.json', pointer, message: `no page template binds ${method} ${endpoint.path}: add "shell": true (the application shell calls it), "public": true, or bind it in a page, or remove the entry` })
      }
      listed.add(key)
      endpoints.push({ ...endpoint, methods: [method], ...(reached ? { reaches: reached.reaches } : {}) })
    }
  })
  for (const [key, { contract: entry, reaches }] of derived) {
    if (!listed.has(key)) endpoints.push({ path: entry.path, methods: [entry.method], ...(entry.game ? { game: true } : {}), reaches })
  }
  return endpoints
}
