import type { ConfigMergeResult, FileMap, MergeConflict } from '../../../schemas/config-versions.ts'
import { below, identityOf, indexById, isObject, jsonEqual, parseJson, type Identity, type Json, type JsonObject } from './keyed-json.ts'

/** The file being merged and the conflicts found so far. */
interface Merging { file: string, conflicts: MergeConflict[] }

/**
 * Three-way merge of config versions by key (menu items, columns, widgets, i18n texts), so an operator's draft made on an older
 * version can go live over the changes made since: a file only one side changed is taken as that side wrote it, a file both
 * changed is merged value by value, and where both changed one value differently the live side (theirs) is kept and a conflict
 * is reported, so the result is always well-formed.
 */
export function mergeVersions (base: FileMap, ours: FileMap, theirs: FileMap): ConfigMergeResult {
  const files: Record<string, string> = {}
  const conflicts: MergeConflict[] = []
  for (const file of [...new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])].sort()) {
    const text = mergeFile({ file, conflicts }, base[file], ours[file], theirs[file])
    if (text !== undefined) files[file] = text
  }
  return { files, conflicts }
}

function mergeFile (merging: Merging, b: string | undefined, o: string | undefined, t: string | undefined): string | undefined {
  if (o === t || b === t) return o
  if (b === o) return t
  const [pb, po, pt] = [b, o, t].map((text) => text === undefined ? undefined : parseJson(text))
  if ((o !== undefined && po === undefined) || (t !== undefined && pt === undefined)) {
    merging.conflicts.push(conflict(merging.file, '', [], b, o, t))
    return t
  }
  const merged = mergeValue(merging, pb, po, pt, '', [])
  // Where the merge took one side whole (the same change, or a conflict over the whole file), that side's text stays as written.
  if (merged === undefined) return undefined
  if (jsonEqual(merged, pt)) return t
  if (jsonEqual(merged, po)) return o
  return JSON.stringify(merged, null, 2) + '\n'
}

const conflict = (file: string, pointer: string, path: string[], base: unknown, ours: unknown, theirs: unknown): MergeConflict => ({
  file,
  pointer,
  path,
  ...(base === undefined ? {} : { base }),
  ...(ours === undefined ? {} : { ours }),
  ...(theirs === undefined ? {} : { theirs })
})

/** One value of both sides (undefined: absent there), merged; a conflict keeps theirs. */
function mergeValue (merging: Merging, b: Json | undefined, o: Json | undefined, t: Json | undefined, pointer: string, path: string[]): Json | undefined {
  if (jsonEqual(o, t) || jsonEqual(b, o)) return t
  if (jsonEqual(b, t)) return o
  if (isObject(o) && isObject(t) && (b === undefined || isObject(b))) return mergeObject(merging, b ?? {}, o, t, pointer, path)
  const identity = Array.isArray(o) && Array.isArray(t) && (b === undefined || Array.isArray(b)) ? identityOf([b ?? [], o, t]) : undefined
  if (identity && Array.isArray(o) && Array.isArray(t)) return mergeKeyedArray(merging, identity, Array.isArray(b) ? b : [], o, t, pointer, path)
  merging.conflicts.push(conflict(merging.file, pointer, path, b, o, t))
  return t
}

const own = (object: JsonObject, key: string): Json | undefined => Object.hasOwn(object, key) ? object[key] : undefined

function mergeObject (merging: Merging, b: JsonObject, o: JsonObject, t: JsonObject, pointer: string, path: string[]): JsonObject {
  const entries: Array<[string, Json]> = []
  for (const key of mergedOrder(Object.keys(b), Object.keys(o), Object.keys(t))) {
    const value = mergeValue(merging, own(b, key), own(o, key), own(t, key), below(pointer, key), [...path, key])
    if (value !== undefined) entries.push([key, value])
  }
  // fromEntries defines each property, so a key named __proto__ stays data.
  return Object.fromEntries(entries)
}

function mergeKeyedArray (merging: Merging, identity: Identity, b: Json[], o: Json[], t: Json[], pointer: string, path: string[]): Json[] {
  const sides = [b, o, t].map((array) => ({ array, index: indexById(array, identity) }))
  const merged: Json[] = []
  for (const id of mergedOrder(b.map(identity.id), o.map(identity.id), t.map(identity.id))) {
    const [inBase, inOurs, inTheirs] = sides.map(({ array, index }) => { const i = index.get(id); return i === undefined ? undefined : array[i] })
    const label = identity.label((inTheirs ?? inOurs ?? inBase) as Json)
    // The index it takes in the merged array (where it would go, when the merge leaves it out).
    const value = mergeValue(merging, inBase, inOurs, inTheirs, below(pointer, merged.length), [...path, label])
    if (value !== undefined) merged.push(value)
  }
  return merged
}

/**
 * The order of the merged elements (or properties): the order of the side that reordered what it shares with base, else
 * theirs'; the other side's elements are placed after the element they follow there. Elements one side removed are still
 * listed, for their merge to decide whether they stay.
 */
export function mergedOrder (base: readonly string[], ours: readonly string[], theirs: readonly string[]): string[] {
  const [first, second] = reordered(base, ours) && !reordered(base, theirs) ? [ours, theirs] : [theirs, ours]
  const order = [...first]
  const placed = new Set(order)
  let previous: string | undefined
  for (const id of second) {
    if (!placed.has(id)) {
      order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, id)
      placed.add(id)
    }
    previous = id
  }
  return order
}

/** Whether a side changed the relative order of the elements it shares with base. */
function reordered (base: readonly string[], side: readonly string[]): boolean {
  const inSide = new Set(side)
  const inBase = new Set(base)
  const shared = base.filter((id) => inSide.has(id))
  return side.filter((id) => inBase.has(id)).some((id, i) => id !== shared[i])
}
