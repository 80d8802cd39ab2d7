import type { ApiEndpoint } from '../../../schemas/api.ts'

/** An allowlisted endpoint that matched a request, with its parameter values. */
export interface EndpointMatch {
  endpoint: ApiEndpoint
  params: Record<string, string>
}

/** Finds endpoints by method and path segments; built once per config version. */
export interface EndpointMatcher {
  /** 'method-not-allowed' when the path is known but not for that method. */
  match (method: string, segments: readonly string[]): EndpointMatch | 'not-found' | 'method-not-allowed'
}

/** Compiles the allowlist into a matcher: literal segments must be equal, :name segments take any plain value. */
export function compileAllowlist (endpoints: readonly ApiEndpoint[]): EndpointMatcher {
  const compiled = endpoints.map((endpoint) => ({ endpoint, parts: endpoint.path.split('/') }))
  return {
    match (method, segments) {
      let pathKnown = false
      for (const { endpoint, parts } of compiled) {
        if (parts.length !== segments.length) continue
        const params: Record<string, string> = {}
        const same = parts.every((part, i) => {
          const value = segments[i] as string
          if (part.startsWith(':')) { params[part.slice(1)] = value; return true }
          return part === value
        })
        if (!same) continue
        pathKnown = true
        if ((endpoint.methods as readonly string[]).includes(method)) return { endpoint, params }
      }
      return pathKnown ? 'method-not-allowed' : 'not-found'
    }
  }
}

/** Whether a signed-in user whose menu holds these paths may call the endpoint. */
export function endpointAllowed (endpoint: ApiEndpoint, menuHolds: (path: string) => boolean): boolean {
  if (endpoint.public || endpoint.shell) return true
  return (endpoint.pages ?? []).some(menuHolds)
}
