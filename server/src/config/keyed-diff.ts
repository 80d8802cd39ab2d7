import type { ConfigChange, ConfigChangeSummary, ConfigFileChangeCount, FileMap } from '../../../schemas/config-versions.ts'
import { below, identityOf, indexById, isObject, jsonEqual, parseJson, type Identity, type Json } from './keyed-json.ts'

/** Where a value sits in the older and the newer file, and its labels for people. */
interface Place { before: string, after: string, path: string[] }

/** The changes between two config versions by key (menu item, column, widget, endpoint, i18n text), not by text line: what an operator reviews before a version goes live. */
export function diffVersions (before: FileMap, after: FileMap): ConfigChange[] {
  const changes: ConfigChange[] = []
  for (const file of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const older = before[file]
    const newer = after[file]
    if (older === newer) continue
    if (older === undefined || newer === undefined) {
      changes.push(older === undefined
        ? { file, pointer: '', path: [], kind: 'added', after: valueOrText(newer ?? '') }
        : { file, pointer: '', path: [], kind: 'removed', before: valueOrText(older) })
      continue
    }
    const a = parseJson(older)
    const b = parseJson(newer)
    if (a === undefined || b === undefined) changes.push({ file, pointer: '', path: [], kind: 'changed', before: older, after: newer })
    else diffValue(file, a, b, { before: '', after: '', path: [] }, changes)
  }
  return changes
}

const valueOrText = (text: string): unknown => { const value = parseJson(text); return value === undefined ? text : value }

function diffValue (file: string, a: Json, b: Json, at: Place, changes: ConfigChange[]): void {
  if (jsonEqual(a, b)) return
  if (isObject(a) && isObject(b)) {
    for (const [key, value] of Object.entries(b)) {
      const place = { before: below(at.before, key), after: below(at.after, key), path: [...at.path, key] }
      if (Object.hasOwn(a, key)) diffValue(file, a[key] as Json, value, place, changes)
      else changes.push({ file, pointer: place.after, path: place.path, kind: 'added', after: value })
    }
    for (const [key, value] of Object.entries(a)) {
      if (!Object.hasOwn(b, key)) changes.push({ file, pointer: below(at.before, key), path: [...at.path, key], kind: 'removed', before: value })
    }
    return
  }
  const identity = Array.isArray(a) && Array.isArray(b) ? identityOf([a, b]) : undefined
  if (identity && Array.isArray(a) && Array.isArray(b)) diffKeyedArray(file, a, b, identity, at, changes)
  else changes.push({ file, pointer: at.after, path: at.path, kind: 'changed', before: a, after: b })
}

/** Elements matched by their key: added, removed, moved (out of the order the others kept), and changed inside. */
function diffKeyedArray (file: string, a: Json[], b: Json[], identity: Identity, at: Place, changes: ConfigChange[]): void {
  const was = indexById(a, identity)
  const now = indexById(b, identity)
  const kept = keptInOrder(a.map(identity.id).filter((id) => now.has(id)), b.map(identity.id).filter((id) => was.has(id)))
  b.forEach((element, j) => {
    const id = identity.id(element)
    const i = was.get(id)
    const path = [...at.path, identity.label(element)]
    if (i === undefined) { changes.push({ file, pointer: below(at.after, j), path, kind: 'added', after: element }); return }
    if (!kept.has(id)) changes.push({ file, pointer: below(at.after, j), path, kind: 'moved', before: i, after: j })
    diffValue(file, a[i] as Json, element, { before: below(at.before, i), after: below(at.after, j), path }, changes)
  })
  a.forEach((element, i) => {
    if (!now.has(identity.id(element))) changes.push({ file, pointer: below(at.before, i), path: [...at.path, identity.label(element)], kind: 'removed', before: element })
  })
}

/**
 * The elements that kept their order: the longest common subsequence of the two orders (of the same ids), so moving one
 * element reports that one, not every element it passed. Ties keep the later element, reporting the one that came forward.
 */
export function keptInOrder (older: string[], newer: string[]): Set<string> {
  const position = new Map(older.map((id, i) => [id, i]))
  const at = newer.map((id) => position.get(id) ?? 0)
  const length: number[] = []
  const previous: number[] = []
  let end = -1
  at.forEach((p, j) => {
    length[j] = 1
    previous[j] = -1
    for (let i = 0; i < j; i++) {
      if ((at[i] ?? 0) < p && (length[i] ?? 0) + 1 >= (length[j] ?? 0)) { length[j] = (length[i] ?? 0) + 1; previous[j] = i }
    }
    if (end < 0 || (length[j] ?? 0) >= (length[end] ?? 0)) end = j
  })
  const kept = new Set<string>()
  for (let j = end; j >= 0; j = previous[j] ?? -1) kept.add(newer[j] ?? '')
  return kept
}

/** Changes as a UI table shows them: how many of each kind per file, and one English line per change. */
export function summariseChanges (changes: readonly ConfigChange[]): ConfigChangeSummary {
  const counts = new Map<string, ConfigFileChangeCount>()
  for (const change of changes) {
    const count = counts.get(change.file) ?? { file: change.file, added: 0, removed: 0, changed: 0, moved: 0 }
    count[change.kind]++
    counts.set(change.file, count)
  }
  return { files: [...counts.values()], lines: changes.map(describeChange) }
}

/** "columns/report-full.json: column "Stake" labelKey changed": elements by their array's name and key, properties dotted. */
export function describeChange (change: ConfigChange): string {
  const steps = change.pointer.split('/').slice(1)
  const parts: string[] = []
  let properties: string[] = []
  change.path.forEach((label, i) => {
    const step = steps[i] ?? ''
    // A keyed element: its pointer step is an index, its label is its key.
    if (/^\d+$/.test(step) && label !== step) {
      const array = properties.pop() ?? 'element'
      if (properties.length > 0) parts.push(properties.join('.'))
      properties = []
      parts.push(`${singular(array)} "${label}"`)
    } else properties.push(label)
  })
  if (properties.length > 0) parts.push(properties.join('.'))
  return `${change.file}: ${parts.join(' ') || 'file'} ${change.kind}`
}

const singular = (name: string) => name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name
