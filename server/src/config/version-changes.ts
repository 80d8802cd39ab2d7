import type { ConfigVersionChanges, FileMap } from '../../../schemas/config-versions.ts'
import { describeChange, diffVersions } from './keyed-diff.ts'

/** How many changes the versions list names by their line; the rest are counted. */
export const NAMED_CHANGES = 2

/** What a new version changed against its parent's files (null parent: the initial import), kept with the version when it is made. */
export function versionChanges (parentFiles: FileMap | null, files: FileMap): ConfigVersionChanges {
  if (parentFiles === null) return { initial: true, count: Object.keys(files).length, first: [] }
  const changes = diffVersions(parentFiles, files)
  return { initial: false, count: changes.length, first: changes.slice(0, NAMED_CHANGES).map(describeChange) }
}

/** The versions list's "what changed" cell as a coded message (msg.<code> in the catalogues, plural by count), with its English. */
export function changesMessage (changes: ConfigVersionChanges | null): { changes: string | null, changesCode: string | null, changesValues: { count: number, first: string } | null } {
  if (changes === null) return { changes: null, changesCode: null, changesValues: null }
  if (changes.initial) return { changes: `Initial import: ${changes.count} files`, changesCode: 'CONFIG_VERSION_INITIAL', changesValues: { count: changes.count, first: '' } }
  const first = changes.first.join('; ') + (changes.count > changes.first.length ? '; …' : '')
  const english = changes.count === 0 ? 'No changes' : `${changes.count} ${changes.count === 1 ? 'change' : 'changes'}: ${first}`
  return { changes: english, changesCode: 'CONFIG_VERSION_CHANGES', changesValues: { count: changes.count, first } }
}
