// The client's one way to read and write (TanStack Query): the query keys, the retry rule, and the queries the shell and the pages share.
import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { announcementsCall, getAnnouncements, getBrand, type SessionLocation } from './api.ts'
import { ApiError } from './errors.ts'

/** Every query key, in one place: reads of the service's /ui surface under 'ui', game API reads (through /api/v1) under 'api' by endpoint and parameters. */
export const queryKeys = {
  session: ['ui', 'session'] as const,
  brand: ['ui', 'brand'] as const,
  page: (path: string) => ['ui', 'pages', path] as const,
  /** All game API reads that show data: what a write, a navigation or an Apply refreshes. */
  api: ['api'] as const,
  /** One game API read; a read that is not a GET says its method. */
  apiCall: (endpoint: string, params: Readonly<Record<string, unknown>> = {}, method = 'GET') =>
    method === 'GET' ? ['api', endpoint, params] as const : ['api', endpoint, params, method] as const,
  /** An access gate's check (a game API read kept apart from 'api'): it runs again only when its user id changes (seed 001 §4). */
  accessCheck: (url: string, method: string) => ['access', url, method] as const,
  /** A running job's status (a game API read kept apart from 'api'): polled by its widget until the job ends, never refreshed by a write. */
  jobStatus: (url: string) => ['job', url] as const,
  /** A generated config schema (schemas/<name>.schema.json) the config file editor checks against: part of the build, read once. */
  configSchema: (name: string) => ['static', 'configSchema', name] as const
}

/** Retries at most twice, and only what may pass by itself: no answer, or a 5xx other than maintenance (503). A 4xx is final. */
export function retryTransient (failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false
  if (!(error instanceof ApiError)) return false
  return error.status === 0 || (error.status >= 500 && error.status !== 503)
}

/** The app's query client: reads refetch when a page mounts or a write invalidates them, not on window focus (reports can be heavy). */
export function createQueryClient (): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryTransient, refetchOnWindowFocus: false },
      mutations: { retry: false }
    }
  })
}

/** After a write through /api/v1: every game API read may have changed (the service clears its whole GET cache too), and so may the credit in the session. */
export async function invalidateAfterWrite (client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: queryKeys.api }), client.invalidateQueries({ queryKey: queryKeys.session })])
}

/** A write through /api/v1 that refreshes what it changes once it succeeds. */
export function useApiMutation<TVariables, TData = unknown> (mutationFn: (variables: TVariables) => Promise<TData>) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => invalidateAfterWrite(client) })
}

/** The brand for this host (null when it cannot be had); it does not change while the page is open. */
export function useBrand () {
  return useQuery({ queryKey: queryKeys.brand, queryFn: () => getBrand().catch(() => null), staleTime: Infinity })
}

/** The announcements of a location once it is known and they are due (the shell's banner and the home page share one request). */
export function useAnnouncements (location: SessionLocation | null, due: boolean) {
  const target = location ? announcementsCall(location) : null
  return useQuery({
    queryKey: queryKeys.apiCall(target?.endpoint ?? '', target?.params),
    queryFn: () => getAnnouncements(location!),
    enabled: due && location !== null
  })
}
