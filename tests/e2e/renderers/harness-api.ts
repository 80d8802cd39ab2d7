// What client/src/renderers/harness.tsx puts on window.harness, as the browser tests and benchmarks call it.

export interface HarnessApi {
  navigations: string[]
  render: (page: unknown, options?: { session?: Record<string, string | number>, query?: Record<string, string>, lang?: 'en' | 'zh', mobile?: boolean, texts?: Record<string, string> }) => Promise<void>
  prepareRows: (count: number) => number
  benchVirtual: () => Promise<{ ms: number, scrollHeight: number, rowsReachable: boolean }>
  benchLegacy: () => Promise<{ ms: number, rows: number }>
  benchSort: (label: string) => Promise<{ ms: number, firstRow: string }>
  benchScroll: (durationMs: number, distancePx: number) => Promise<{ deltas: number[], travelledPx: number }>
}

declare global {
  interface Window { harness: HarnessApi }
}
