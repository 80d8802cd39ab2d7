import type { FileMap } from '../../../schemas/config-versions.ts'
import type { MenuGroupView } from '../../../schemas/menu.ts'
import { invalidDraft } from './drafts.ts'
import { validateOnce, type LoadedConfig } from './load.ts'
import { buildMenu } from './menu.ts'
import { resolvePage, type PageResolution } from './pages.ts'
import type { RuleContext } from './rules.ts'

/** A page as a view shows it: its descriptor, or why there is none (forbidden, not-found, moved). */
export type PageView = { status: string, descriptor?: unknown }

/**
 * A draft's files as a config of its own: validated and compiled apart from the live config, so nothing of it reaches the
 * live answers or their caches; refused with each problem at its file and pointer when it would not load.
 */
export function draftConfig (files: FileMap): LoadedConfig {
  const resolved = validateOnce(new Map(Object.entries(files)))
  if (!resolved.ok) throw invalidDraft(resolved.errors)
  return resolved.config
}

/** A page resolution as a view shows it: the descriptor when served, the status otherwise. */
export function pageView (resolution: PageResolution): PageView {
  return resolution.status === 'ok' ? { status: 'ok', descriptor: resolution.page } : { status: resolution.status }
}

/** What one user sees under one config: their menu, and the page asked for (none asked: null); resolved directly, never through a cache. */
export function userView (config: LoadedConfig, ctx: RuleContext, path?: string): { menu: MenuGroupView[], page: PageView | null } {
  return { menu: buildMenu(config, ctx), page: path === undefined ? null : pageView(resolvePage(config, ctx, path)) }
}
