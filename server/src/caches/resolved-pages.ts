// Page descriptors resolved as JSON, per config and rule context: both objects are replaced, never changed, when the config
// or the user's reads change, so an entry outlives neither (weak keys); Clear Cache and a config load drop them all at once.

/** A path's answer as the pages route sends it: the descriptor's JSON text, a move to the user's variant of the page, 403 or 404. */
export type ResolvedEntry = { status: 'not-found' } | { status: 'forbidden' } | { status: 'moved', to: string } | { status: 'ok', json: string }

/** Paths kept per rule context: route values (/admin/agents/:UserId) make the paths open-ended. */
export const PATHS_PER_CONTEXT = 64

export class ResolvedPages {
  private byConfig = new WeakMap<object, WeakMap<object, Map<string, ResolvedEntry>>>()

  /** The entry for (config, rule context, path), resolved by resolve the first time. */
  get (config: object, ctx: object, path: string, resolve: () => ResolvedEntry): ResolvedEntry {
    let byContext = this.byConfig.get(config)
    if (!byContext) { byContext = new WeakMap(); this.byConfig.set(config, byContext) }
    let byPath = byContext.get(ctx)
    if (!byPath) { byPath = new Map(); byContext.set(ctx, byPath) }
    const hit = byPath.get(path)
    if (hit) return hit
    const entry = resolve()
    // Maps keep insertion order: the first key is the oldest.
    if (byPath.size >= PATHS_PER_CONTEXT) byPath.delete(byPath.keys().next().value as string)
    byPath.set(path, entry)
    return entry
  }

  forgetAll (): void { this.byConfig = new WeakMap() }
}
