import type { TableWidget } from '../../../schemas/widgets.ts'
import type { RuleContext } from '../config/rules.ts'
import type { GateEndpoint } from './allowlist.ts'
import { encodeFieldSelection, type FieldSelection } from '../../shared/field-selection.ts'

// Columns enforced by the service: a proxied answer bound through a column set loses every row field the user's columns
// (and the table's actions) do not name, so a column hidden by the rules never reaches the browser.

/** Objects to filter: where they sit in the answer and the member names they keep. */
export type ProjectionTarget = FieldSelection

/** What one answer is cut to; targets never overlap. `header` asks the game API to cut it first (undefined: it cannot be written as one). */
export interface Projection { targets: readonly ProjectionTarget[], header: string | undefined }

const LINK_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g

/** Every { from: 'row', name } parameter under a value (a row action's form loads and submits). */
function rowParamsUnder (value: unknown, out: Set<string>) {
  if (Array.isArray(value)) { for (const v of value) rowParamsUnder(v, out); return }
  if (value === null || typeof value !== 'object') return
  const object = value as Record<string, unknown>
  if (object.from === 'row' && typeof object.name === 'string') out.add(object.name)
  for (const child of Object.values(object)) rowParamsUnder(child, out)
}

/** The row fields a resolved table needs: its columns, its row key and colour field, its default sort, and every field its row and selection actions read. */
export function tableFields (table: Pick<TableWidget, 'columns' | 'rowKey' | 'drawColourField' | 'defaultSort' | 'rowActions' | 'selectionActions'>): Set<string> {
  const fields = new Set<string>(table.columns.map((c) => c.field))
  if (table.rowKey) fields.add(table.rowKey)
  if (table.drawColourField) fields.add(table.drawColourField)
  if (table.defaultSort) fields.add(table.defaultSort.field)
  for (const action of table.rowActions ?? []) {
    if (action.when) fields.add(action.when.field)
    if (action.kind === 'link') for (const [, name] of action.to.matchAll(LINK_PARAM)) fields.add(name as string)
    if (action.kind === 'call') for (const field of Object.values(action.rowParams ?? {})) fields.add(field)
    if (action.kind === 'download') {
      for (const [, name] of action.endpoint.matchAll(LINK_PARAM)) fields.add(name as string)
      for (const field of Object.values(action.rowParams ?? {})) fields.add(field)
    }
    if (action.kind === 'choose') for (const field of Object.values(action.set)) fields.add(field)
    if (action.kind === 'form') {
      for (const field of Object.values(action.prefill ?? {})) fields.add(field)
      rowParamsUnder(action.form, fields)
    }
  }
  // Ticked rows give their field to a selection action, which only rows holding its when value may be ticked for.
  for (const action of table.selectionActions ?? []) {
    fields.add(action.field)
    if (action.when) fields.add(action.when.field)
  }
  return fields
}

/** The targets of one resolved table: its rows (at data's dataPath) and its server sums (at sumsPath), both cut to the fields it needs. */
export function tableTargets (table: TableWidget): ProjectionTarget[] {
  const keep = tableFields(table)
  const under = (path: string | undefined) => ['data', ...(path ? path.split('.') : [])]
  const targets: ProjectionTarget[] = [{ path: [...under(table.data.dataPath), '*'], keep }]
  if (table.sumsPath) targets.push({ path: under(table.sumsPath), keep })
  return targets
}

/** Per rule context and endpoint: a user's cut changes only with their profile, location or the config version. */
const decided = new WeakMap<RuleContext, WeakMap<GateEndpoint, Projection | null>>()

/**
 * How a user's answers from an endpoint are cut, or null when they get it whole: a shell, public or api.json-listed
 * endpoint, or one the user reaches through any binding that is not a table with a column set. Several tables on one
 * endpoint keep the union of their fields.
 */
export function projectionFor (endpoint: GateEndpoint, menuHolds: (path: string) => boolean, ctx: RuleContext): Projection | null {
  if (endpoint.public || endpoint.shell || !endpoint.reaches) return null
  let known = decided.get(ctx)
  const hit = known?.get(endpoint)
  if (hit !== undefined) return hit
  let projection: Projection | null = null
  if (!(endpoint.pages ?? []).some(menuHolds)) {
    const merged = new Map<string, { path: readonly string[], keep: Set<string> }>()
    let whole = false
    let held = 0
    for (const reach of endpoint.reaches) {
      if (!reach.rules.every((rule) => rule(ctx)) || !(reach.shell || reach.paths.some(menuHolds))) continue
      held++
      const table = reach.table?.(ctx)
      if (!table) { whole = true; break }
      for (const target of tableTargets(table)) {
        const key = target.path.join('\0')
        const slot = merged.get(key)
        if (slot) for (const field of target.keep) slot.keep.add(field)
        else merged.set(key, { path: target.path, keep: new Set(target.keep) })
      }
    }
    if (!whole && held > 0) {
      const targets = [...merged.values()]
      projection = { targets, header: encodeFieldSelection(targets) }
    }
  }
  if (!known) { known = new WeakMap(); decided.set(ctx, known) }
  known.set(endpoint, projection)
  return projection
}
