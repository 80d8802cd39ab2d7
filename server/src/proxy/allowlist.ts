import type { ApiEndpoint } from '../../../schemas/api.ts'
import type { TableWidget } from '../../../schemas/widgets.ts'
import type { CompiledRule, RuleContext } from '../config/rules.ts'
import type { Rule } from '../../../schemas/rule.ts'

/**
 * One way a page template reaches an endpoint: the paths it serves, whether it is a shell page, and every rule from the
 * page down to the object naming the endpoint (compiled, and as written with the pointer of the object holding each, for
 * explanations). table is set when the endpoint is a table's data bound through a column set: that table resolved for a user.
 */
export interface Reach {
  file: string
  pointer: string
  paths: readonly string[]
  shell: boolean
  rules: readonly CompiledRule[]
  written: ReadonlyArray<{ pointer: string, rule: Rule }>
  table?: (ctx: RuleContext) => TableWidget | undefined
}

/** An allowlisted endpoint (one method): api.json's settings plus the descriptors that reach it. */
export interface GateEndpoint extends ApiEndpoint { reaches?: readonly Reach[] }

/** An allowlisted endpoint that matched a request, with its parameter values. */
export interface EndpointMatch {
  endpoint: GateEndpoint
  params: Record<string, string>
}

/** Finds endpoints by method and path segments; built once per config version. */
export interface EndpointMatcher {
  /** 'method-not-allowed' when the path is known but not for that method. */
  match (method: string, segments: readonly string[]): EndpointMatch | 'not-found' | 'method-not-allowed'
  /** How many method and path pairs it holds. */
  readonly size: number
}

/** A trie node: literal children, one parameter child, and the endpoints ending here by method. */
interface Node {
  literal: Map<string, Node>
  param: Node | undefined
  methods: Map<string, { endpoint: GateEndpoint, names: string[] }>
}
const node = (): Node => ({ literal: new Map(), param: undefined, methods: new Map() })

/** Compiles the allowlist into a segment trie: a lookup costs the path's length, never the allowlist's. */
export function compileAllowlist (endpoints: readonly GateEndpoint[]): EndpointMatcher {
  const root = node()
  let size = 0
  for (const endpoint of endpoints) {
    let at = root
    const names: string[] = []
    for (const part of endpoint.path.split('/')) {
      if (part.startsWith(':')) { names.push(part.slice(1)); at = at.param ??= node(); continue }
      let next = at.literal.get(part)
      if (!next) { next = node(); at.literal.set(part, next) }
      at = next
    }
    for (const method of endpoint.methods) if (!at.methods.has(method)) { at.methods.set(method, { endpoint, names }); size++ }
  }
  /** The nodes the segments end on, literal matches before parameters. */
  const ends = (at: Node, segments: readonly string[], i: number, values: string[], out: Array<{ at: Node, values: string[] }>) => {
    if (i === segments.length) { if (at.methods.size > 0) out.push({ at, values }); return }
    const segment = segments[i] as string
    const literal = at.literal.get(segment)
    if (literal) ends(literal, segments, i + 1, values, out)
    if (at.param) ends(at.param, segments, i + 1, [...values, segment], out)
  }
  return {
    size,
    match (method, segments) {
      const found: Array<{ at: Node, values: string[] }> = []
      ends(root, segments, 0, [], found)
      for (const { at, values } of found) {
        const hit = at.methods.get(method)
        if (!hit) continue
        const params: Record<string, string> = {}
        hit.names.forEach((name, i) => { params[name] = values[i] as string })
        return { endpoint: hit.endpoint, params }
      }
      return found.length > 0 ? 'method-not-allowed' : 'not-found'
    }
  }
}

/** Decisions per rule context (the gate reuses a user's context while their profile is cached) and endpoint (per config version). */
const decided = new WeakMap<RuleContext, WeakMap<GateEndpoint, boolean>>()

/** Whether a signed-in user may call the endpoint: shell or public, a listed page in their menu, or a descriptor reach whose page they hold and whose rules all pass. */
export function endpointAllowed (endpoint: GateEndpoint, menuHolds: (path: string) => boolean, ctx: RuleContext): boolean {
  if (endpoint.public || endpoint.shell) return true
  let known = decided.get(ctx)
  const hit = known?.get(endpoint)
  if (hit !== undefined) return hit
  const allowed = (endpoint.pages ?? []).some(menuHolds) ||
    (endpoint.reaches ?? []).some((reach) => reach.rules.every((rule) => rule(ctx)) && (reach.shell || reach.paths.some(menuHolds)))
  if (!known) { known = new WeakMap(); decided.set(ctx, known) }
  known.set(endpoint, allowed)
  return allowed
}
