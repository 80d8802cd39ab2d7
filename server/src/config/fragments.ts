import { FRAGMENT_REF_PATTERN } from '../../../schemas/common.ts'
import { segment } from './rule-check.ts'

// Config reuse: { "$ref": "fragments/<name>.json#/pointer", ...overrides } anywhere in a page or column set stands for
// that part of menus/fragments/<name>.json; its sibling keys replace the fragment's keys of the same name (null removes one).

/** One problem found while resolving, in the file and at the pointer where the faulty $ref is written. */
export interface FragmentError { file: string, pointer: string, message: string }

/** Where a part of a resolved file was written: the fragment file and pointer, and the $ref that brought it in. */
export interface Origin { file: string, pointer: string, via?: string }

/** A file with its fragments in place, and where each part that came from elsewhere was written (by its pointer in the result). */
export interface Resolved { value: unknown, origins: Map<string, Origin> }

/** The shape a $ref must have: a file under fragments/ and an optional JSON pointer. */
const REF = new RegExp(FRAGMENT_REF_PATTERN)

/** Follows an RFC 6901 pointer; undefined when nothing is there. */
function at (doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc
  if (!pointer.startsWith('/')) return undefined
  let node = doc
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Replaces every fragment reference in one file's parsed value; problems go to errors (named at the $ref itself),
 * and the answer is undefined when any reference could not be resolved.
 */
export function resolveFragments (file: string, value: unknown, fragments: ReadonlyMap<string, unknown>, errors: FragmentError[]): Resolved | undefined {
  const origins = new Map<string, Origin>()
  let failed = false
  const fail = (error: FragmentError) => { errors.push(error); failed = true; return undefined }

  const walk = (node: unknown, source: { file: string, pointer: string }, out: string, stack: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((child, i) => walk(child, { file: source.file, pointer: `${source.pointer}/${i}` }, `${out}/${i}`, stack))
    if (!isObject(node)) return node
    if (!Object.hasOwn(node, '$ref')) {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child, { file: source.file, pointer: `${source.pointer}/${segment(key)}` }, `${out}/${segment(key)}`, stack)]))
    }
    const refPointer = `${source.pointer}/$ref`
    const ref = node.$ref
    const match = typeof ref === 'string' ? REF.exec(ref) : null
    if (!match) return fail({ file: source.file, pointer: refPointer, message: `${JSON.stringify(ref)} is not a fragment reference: write "fragments/<name>.json#/json/pointer" (a file in the config directory's fragments/)` })
    const target = `fragments/${match[1] ?? ''}`
    const pointer = decodeURIComponent(match[2] ?? '')
    const key = `${target}#${pointer}`
    const loop = stack.indexOf(key)
    if (loop >= 0) return fail({ file: source.file, pointer: refPointer, message: `$ref cycle: ${[...stack.slice(loop), key].join(' → ')}: a fragment may not include itself; break the cycle` })
    if (!fragments.has(target)) return fail({ file: source.file, pointer: refPointer, message: `no fragment file ${target}: create it in the config directory's fragments/ or fix the $ref` })
    const doc = fragments.get(target)
    // A fragment that did not parse is reported as such; the references to it add nothing.
    if (doc === undefined) return fail({ file: source.file, pointer: refPointer, message: `${target} is not valid JSON (see its own error)` })
    // The whole file is its parts without the editor's "$schema" hint.
    const found = pointer === '' && isObject(doc) ? Object.fromEntries(Object.entries(doc).filter(([name]) => name !== '$schema')) : at(doc, pointer)
    if (found === undefined) return fail({ file: source.file, pointer: refPointer, message: `${target} has nothing at #${pointer}: fix the JSON pointer (such as #/agentDialog) or add that part to the fragment` })
    origins.set(out, { file: target, pointer, via: `${source.file}#${source.pointer}` })
    const resolved = walk(found, { file: target, pointer }, out, [...stack, key])
    const overrides = Object.entries(node).filter(([name]) => name !== '$ref')
    if (overrides.length === 0) return resolved
    if (!isObject(resolved)) return fail({ file: source.file, pointer: source.pointer, message: `${key} is ${Array.isArray(resolved) ? 'a list' : 'not an object'}: only an object's keys can be replaced; remove the keys beside "$ref"` })
    const merged: Record<string, unknown> = { ...resolved }
    for (const [name, child] of overrides) {
      const childPointer = `${source.pointer}/${segment(name)}`
      origins.set(`${out}/${segment(name)}`, { file: source.file, pointer: childPointer })
      if (child === null) delete merged[name]
      else merged[name] = walk(child, { file: source.file, pointer: childPointer }, `${out}/${segment(name)}`, stack)
    }
    return merged
  }

  const result = walk(value, { file, pointer: '' }, '', [])
  return failed ? undefined : { value: result, origins }
}

/** Where the part at pointer of a resolved file was written: a fragment (with the $ref that used it) or the file itself (undefined). */
export function writtenAt (pointer: string, origins: ReadonlyMap<string, Origin> | undefined): Origin | undefined {
  if (!origins) return undefined
  const parts = pointer.split('/')
  for (let n = parts.length; n >= 1; n--) {
    const prefix = parts.slice(0, n).join('/')
    const origin = origins.get(prefix)
    if (origin) return { ...origin, pointer: origin.pointer + pointer.slice(prefix.length) }
  }
  return undefined
}

/** An error found in a resolved file, moved to where its faulty part was written (a fragment names the $ref that used it). */
export function relocate<E extends { pointer: string, message: string, file: string }> (error: E, origins: ReadonlyMap<string, Origin>): E {
  const origin = writtenAt(error.pointer, origins)
  if (!origin) return error
  const through = origin.via === undefined ? '' : ` (used through the $ref at ${origin.via})`
  return { ...error, file: origin.file, pointer: origin.pointer, message: error.message + through }
}

/** Takes the fragment files out of parsed and puts each page's and column set's fragments in place; answers the fragments and where the parts of each file came from. */
export function resolveAllFragments (parsed: Map<string, unknown>, errors: FragmentError[]): { fragments: Map<string, unknown>, origins: Map<string, ReadonlyMap<string, Origin>> } {
  const fragments = new Map<string, unknown>()
  for (const [file, value] of parsed) {
    if (!file.startsWith('fragments/')) continue
    fragments.set(file, value)
    parsed.delete(file)
  }
  const origins = new Map<string, ReadonlyMap<string, Origin>>()
  for (const [file, value] of parsed) {
    if (value === undefined || !(file.startsWith('pages/') || file.startsWith('columns/'))) continue
    const resolved = resolveFragments(file, value, fragments, errors)
    parsed.set(file, resolved?.value)
    if (resolved && resolved.origins.size > 0) origins.set(file, resolved.origins)
  }
  return { fragments, origins }
}

/** Each error moved into the fragment its faulty part came from; the same error reached through one $ref twice is told once. */
export function errorsWhereWritten<E extends FragmentError> (errors: readonly E[], origins: ReadonlyMap<string, ReadonlyMap<string, Origin>>): E[] {
  const seen = new Set<string>()
  return errors.map((error) => {
    const fileOrigins = origins.get(error.file)
    return fileOrigins ? relocate(error, fileOrigins) : error
  }).filter((error) => {
    const key = `${error.file}\0${error.pointer}\0${error.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
