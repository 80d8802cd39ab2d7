// The keyed diff widget's model: changes grouped by file and named by their keys, values as short text, impact rows.
import type { ConfigImpact, ImpactGroup } from '../../../../schemas/config-impact.ts'
import type { ConfigChange, ConfigChangeKind } from '../../../../schemas/config-versions.ts'

/** One row of a file's table: where (its keys), what happened, and the value before → after as text. */
export interface DiffRow { key: string, where: string, kind: ConfigChangeKind, before: string, after: string }
/** The changes of one file. */
export interface DiffFile { file: string, rows: DiffRow[] }

/** Longest value text shown in a cell; the rest is cut (the whole value is in the draft's file). */
export const VALUE_TEXT_MAX = 240

/** A value as one line of text: strings as they are, anything else as compact JSON; absent is empty; long values are cut with an ellipsis. */
export function valueText (value: unknown): string {
  if (value === undefined) return ''
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? ''
  return text.length > VALUE_TEXT_MAX ? `${text.slice(0, VALUE_TEXT_MAX - 1)}…` : text
}

/** Whether a value is a list of changes as the diff answers them (anything else: nothing to show). */
export function isChangeList (value: unknown): value is ConfigChange[] {
  return Array.isArray(value) && value.every((c) => c !== null && typeof c === 'object' && typeof (c as ConfigChange).file === 'string' && Array.isArray((c as ConfigChange).path))
}

/**
 * Changes by file, in the order they came: each named by its path of property names and element keys
 * (groups › report › items › reportFull › label); a move's before and after are its positions, counted from 1.
 */
export function diffByFile (changes: readonly ConfigChange[]): DiffFile[] {
  const files = new Map<string, DiffRow[]>()
  changes.forEach((change, i) => {
    const rows = files.get(change.file) ?? []
    const moved = change.kind === 'moved' && typeof change.before === 'number' && typeof change.after === 'number'
    rows.push({
      key: `${i}`,
      where: change.path.join(' › '),
      kind: change.kind,
      before: moved ? String((change.before as number) + 1) : valueText(change.before),
      after: moved ? String((change.after as number) + 1) : valueText(change.after)
    })
    files.set(change.file, rows)
  })
  return [...files].map(([file, rows]) => ({ file, rows }))
}

/** Whether a value is an impact answer (its groups and how many users it examined). */
export function isImpact (value: unknown): value is ConfigImpact {
  const v = value as ConfigImpact | null
  return v !== null && typeof v === 'object' && Array.isArray(v.groups) && typeof v.users === 'object' && v.users !== null
}

/** One impact row as the table shows it: who (role, location) and what changes for them, each list on its own lines. */
export interface ImpactRow { key: string, Role: string, LocId: string, tt: boolean, affected: string[], users: number, menu: string[], pages: string[], columns: string[] }

/** The impact groups as rows, those with someone affected first (in the answer's order of role and location). */
export function impactRows (groups: readonly ImpactGroup[]): ImpactRow[] {
  const rows = groups.map((g) => ({ key: `${g.Role}/${g.LocId}`, Role: g.Role, LocId: g.LocId, tt: g.tt, affected: g.affected, users: g.users.length, menu: g.menu, pages: g.pages, columns: g.columns }))
  return [...rows.filter((r) => r.affected.length > 0), ...rows.filter((r) => r.affected.length === 0)]
}
