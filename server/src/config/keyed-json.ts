import { segment } from './rule-check.ts'

/** A parsed JSON value; undefined stands for "absent" (a file or property that is not there). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

/** The properties that name an array element, in the order tried; $ref last, since fragment references often make up a whole list. */
export const IDENTITY_PROPERTIES = ['key', 'id', 'field', 'path', 'name', '$ref'] as const

/** How elements of an array are told apart: id matches elements across versions, label names one for people. */
export interface Identity { id: (element: Json) => string, label: (element: Json) => string }

export const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Parses a file's text; undefined when it is not valid JSON (then it compares as text). */
export function parseJson (text: string): Json | undefined {
  try { return JSON.parse(text) as Json } catch { return undefined }
}

/** Equality of JSON values, blind to property order (two files holding the same config are the same config). */
export function jsonEqual (a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i] as Json))
  if (!isObject(a) || !isObject(b)) return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]))
}

const scalarAt = (element: Json, property: string): string | undefined => {
  const value = isObject(element) ? element[property] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}

/** Whether every array has an id for each element and no id twice. */
const identifies = (arrays: ReadonlyArray<readonly Json[]>, id: (element: Json) => string | undefined) =>
  arrays.every((array) => {
    const ids = array.map(id)
    return ids.every((x) => x !== undefined) && new Set(ids).size === array.length
  })

/**
 * How to match the elements of these versions of one array, or undefined when they are compared as one value: the first
 * identity property every element of every version has, with no value twice in a version; failing that (a widget list of
 * fragment references and widgets with ids), each element's own first identity property, so long as those are unique too.
 */
export function identityOf (arrays: ReadonlyArray<readonly Json[]>): Identity | undefined {
  if (!arrays.every((array) => array.every(isObject)) || arrays.every((array) => array.length === 0)) return undefined
  for (const property of IDENTITY_PROPERTIES) {
    const id = (element: Json) => scalarAt(element, property)
    if (identifies(arrays, id)) return { id: (e) => id(e) ?? '', label: (e) => labelOf(property, id(e) ?? '') }
  }
  const own = (element: Json) => IDENTITY_PROPERTIES.find((p) => scalarAt(element, p) !== undefined)
  const id = (element: Json) => { const p = own(element); return p === undefined ? undefined : `${p}\0${scalarAt(element, p)}` }
  if (!identifies(arrays, id)) return undefined
  return { id: (e) => id(e) ?? '', label: (e) => { const p = own(e); return p === undefined ? '' : labelOf(p, scalarAt(e, p) ?? '') } }
}

/** An element's label: its key, or for a fragment reference the name it points at (stake for fragments/report-full-columns.json#/stake). */
const labelOf = (property: string, value: string) => property === '$ref' ? value.slice(value.lastIndexOf('/') + 1) || value : value

/** The JSON pointer one step below pointer. */
export const below = (pointer: string, step: string | number) => `${pointer}/${segment(step)}`

/** The ids of a version of an array, in its order, mapped to their index. */
export function indexById (array: readonly Json[], identity: Identity): Map<string, number> {
  return new Map(array.map((element, i) => [identity.id(element), i]))
}
