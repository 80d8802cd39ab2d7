// The config file editor's logic, apart from React: which schema a file is checked against, the problems of a typed text (a syntax
// error at its line and column, schema problems at their JSON pointers), and what a save sends and what its refusal means.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema'
import { configSchemaNameOf, type ConfigSchemaName } from '../../../../schemas/config-file-kinds.ts'
import { jsonErrorOffset, lineColumnAt } from '../../../../schemas/json-position.ts'
import { ApiError } from '../../lib/errors.ts'

export { configSchemaNameOf, type ConfigSchemaName }

/** What is wrong at one place; each kind is a text common.configFile.problem.<kind> that takes the values. */
export type ProblemKind =
  | 'syntax' | 'type' | 'required' | 'unknownProperty' | 'const' | 'enum' | 'pattern'
  | 'minItems' | 'maxItems' | 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minProperties' | 'other'

/** One problem of the typed text: its JSON pointer ('' for the whole file) and what to change there. */
export interface FileProblem { pointer: string, kind: ProblemKind, values: Record<string, string> }

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

// The generated schemas are draft 2020-12 ("$schema" at their root); one validator per schema document, as building one
// for the page schema takes a while. @cfworker/json-schema interprets the schema, so the page's CSP (no eval) allows it.
const DRAFT = '2020-12'
const validators = new WeakMap<object, Validator>()

function validatorOf (schema: object): Validator {
  const known = validators.get(schema)
  if (known) return known
  const made = new Validator(schema as Schema, DRAFT, false)
  validators.set(schema, made)
  return made
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The segments of a pointer as the validator writes it (#/a/b%20c, with ~0 and ~1 escapes). */
function segmentsOf (location: string): string[] {
  const path = location.replace(/^#/, '')
  return path === '' ? [] : path.slice(1).split('/').map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
}

const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')

/** The RFC 6901 pointer of a validator location ('' for the whole file). */
const pointerOf = (location: string) => segmentsOf(location).map((s) => `/${escapeSegment(s)}`).join('')

function valueAt (value: unknown, location: string): unknown {
  let node = value
  for (const segment of segmentsOf(location)) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined
  return node
}

/** The schema node at a keyword location, following "$ref"s into the document's $defs as the validator did. */
function schemaAt (root: object, location: string): unknown {
  let node: unknown = root
  for (const segment of segmentsOf(location)) {
    if (Array.isArray(node)) node = node[Number(segment)]
    else if (isObject(node)) node = segment === '$ref' && typeof node.$ref === 'string' ? schemaAt(root, node.$ref) : node[segment]
    else return undefined
  }
  return node
}

/** Every property name a schema (or any of its alternatives) declares: how much an object looks like each alternative. */
function declaredKeys (root: object, schema: unknown, seen = new Set<unknown>()): Set<string> {
  const keys = new Set<string>()
  if (!isObject(schema) || seen.has(schema)) return keys
  seen.add(schema)
  if (typeof schema.$ref === 'string') for (const key of declaredKeys(root, schemaAt(root, schema.$ref), seen)) keys.add(key)
  if (isObject(schema.properties)) for (const key of Object.keys(schema.properties)) keys.add(key)
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (Array.isArray(list)) for (const member of list) for (const key of declaredKeys(root, member, seen)) keys.add(key)
  }
  return keys
}

const within = (unit: OutputUnit, keywordAt: string, instanceAt: string) =>
  (unit.keywordLocation === keywordAt || unit.keywordLocation.startsWith(`${keywordAt}/`)) &&
  (unit.instanceLocation === instanceAt || unit.instanceLocation.startsWith(`${instanceAt}/`))

/**
 * How well an alternative of an anyOf fits the value, lower is better: first how many of the object's keys it declares (a table
 * widget's keys name the table branch even when its "type" is misspelt), then whether it fails on the value's own type or on a
 * discriminating constant ("type": "form" in a table), then how many problems it has.
 */
function misfit (root: object, option: unknown, units: OutputUnit[], instanceAt: string, value: unknown): [number, number, number] {
  const declared = declaredKeys(root, option)
  const overlap = isObject(value) ? Object.keys(value).filter((key) => declared.has(key)).length : 0
  const parentOf = (location: string) => location.slice(0, location.lastIndexOf('/'))
  const wrongKind = units.some((u) => (u.keyword === 'type' && u.instanceLocation === instanceAt) ||
    (u.keyword === 'const' && (u.instanceLocation === instanceAt || parentOf(u.instanceLocation) === instanceAt)))
  return [-overlap, wrongKind ? 1 : 0, units.length]
}

const better = (a: [number, number, number], b: [number, number, number]) => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]

/**
 * The validator's output narrowed to what the author meant: for each failed anyOf (outermost first) only the alternative that fits
 * best keeps its problems, and of those only the leaves (not the "a subschema had errors" above each of them).
 */
function meantUnits (root: object, value: unknown, output: OutputUnit[]): OutputUnit[] {
  // A false schema's unit repeats its additionalProperties unit, at a location that is not in the schema.
  let kept = output.filter((u) => u.keyword !== 'false')
  const unions = kept.filter((u) => u.keyword === 'anyOf' || u.keyword === 'oneOf').sort((a, b) => a.keywordLocation.length - b.keywordLocation.length)
  for (const union of unions) {
    if (!kept.includes(union)) continue
    const options = schemaAt(root, union.keywordLocation)
    if (!Array.isArray(options)) continue
    const instance = valueAt(value, union.instanceLocation)
    const branches = options.map((_, i) => kept.filter((u) => within(u, `${union.keywordLocation}/${i}`, union.instanceLocation)))
    let best = 0
    let bestFit: [number, number, number] | undefined
    branches.forEach((units, i) => {
      const fit = misfit(root, options[i], units, union.instanceLocation, instance)
      if (bestFit === undefined || better(fit, bestFit)) { best = i; bestFit = fit }
    })
    const dropped = new Set(branches.flatMap((units, i) => i === best ? [] : units))
    // The union's own unit goes too when its chosen alternative says what is wrong.
    if ((branches[best]?.length ?? 0) > 0) dropped.add(union)
    kept = kept.filter((u) => !dropped.has(u))
  }
  return kept.filter((u) => !kept.some((other) => other !== u && other.keywordLocation.startsWith(`${u.keywordLocation}/`) && within(other, u.keywordLocation, u.instanceLocation)))
}

/** A value as the problem texts quote it, cut short. */
function shown (value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

const LIMITS = new Set<string>(['minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'minProperties'])

/** The problems one leaf of the validator's output stands for (a missing or an unknown property names each one). */
function problemsOf (root: object, value: unknown, unit: OutputUnit): FileProblem[] {
  const pointer = pointerOf(unit.instanceLocation)
  const found = valueAt(value, unit.instanceLocation)
  const keyword = schemaAt(root, unit.keywordLocation)
  const schema = schemaAt(root, unit.keywordLocation.slice(0, unit.keywordLocation.lastIndexOf('/')))
  switch (unit.keyword) {
    case 'required':
      return (Array.isArray(keyword) ? keyword.map(String) : []).filter((name) => !isObject(found) || !Object.hasOwn(found, name))
        .map((property) => ({ pointer, kind: 'required', values: { property } }))
    case 'additionalProperties': {
      if (!isObject(found) || !isObject(schema)) return []
      const declared = isObject(schema.properties) ? schema.properties : {}
      const patterns = isObject(schema.patternProperties) ? Object.keys(schema.patternProperties).map((p) => new RegExp(p, 'u')) : []
      return Object.keys(found).filter((key) => !Object.hasOwn(declared, key) && !patterns.some((p) => p.test(key)))
        .map((property) => ({ pointer: `${pointer}/${escapeSegment(property)}`, kind: 'unknownProperty', values: { property } }))
    }
    case 'type':
      return [{ pointer, kind: 'type', values: { found: shown(found), expected: (Array.isArray(keyword) ? keyword : [keyword]).map(String).join(' | ') } }]
    case 'const':
      return [{ pointer, kind: 'const', values: { found: shown(found), expected: JSON.stringify(keyword) } }]
    case 'enum':
      return [{ pointer, kind: 'enum', values: { found: shown(found), allowed: (Array.isArray(keyword) ? keyword : []).map((v) => JSON.stringify(v)).join(', ') } }]
    case 'pattern':
      return [{ pointer, kind: 'pattern', values: { found: shown(found), pattern: String(keyword) } }]
    default:
      if (LIMITS.has(unit.keyword)) return [{ pointer, kind: unit.keyword as ProblemKind, values: { found: shown(found), limit: String(keyword) } }]
      return [{ pointer, kind: 'other', values: { found: shown(found), message: unit.error } }]
  }
}

/** The problems of a parsed value against a generated schema document, each once, at the places the author wrote them. */
export function schemaProblems (schema: object, value: unknown): FileProblem[] {
  const result = validatorOf(schema).validate(value)
  if (result.valid) return []
  const problems = meantUnits(schema, value, result.errors).flatMap((unit) => problemsOf(schema, value, unit))
  const seen = new Set<string>()
  return problems.filter((p) => {
    const id = JSON.stringify([p.pointer, p.kind, p.values])
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

/** The problems of a typed text: its JSON syntax error (at a line and column), else its problems against the schema (none without one). */
export function textProblems (text: string, schema: object | undefined): FileProblem[] {
  let value: Json
  try {
    value = JSON.parse(text) as Json
  } catch {
    const { line, column } = lineColumnAt(text, jsonErrorOffset(text))
    return [{ pointer: '', kind: 'syntax', values: { line: String(line), column: String(column) } }]
  }
  return schema === undefined ? [] : schemaProblems(schema, value)
}

/** A draft's number from a route value or filter ("7"); undefined until it is one. */
export function draftIdOf (value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined
}

/** GET answers the draft with its files; PUT …/files saves one of them. Fixed here: they are the service's own routes. */
export const draftEndpoint = (id: number) => `/ui/config/drafts/${id}`
export const draftFilesEndpoint = (id: number) => `/ui/config/drafts/${id}/files`

/** PUT /ui/config/drafts/:id/files: one file's new text, with the revision it was read at (a later save refuses it, 409). */
export interface SavePayload { path: string, text: string, revision: number }

/** What a save sends. */
export function savePayload (path: string, text: string, revision: number): SavePayload {
  return { path, text, revision }
}

/**
 * The operator's text of one file with what it was typed over: the file's text and the draft's revision when it was read. A save
 * sends that revision, so a draft re-read at a newer one (another operator, or a form editor of the page, saved) is refused (409).
 */
export interface FileEdit { text: string, base: string, revision: number }

/** What the editor shows for a file: the operator's text and its revision while it differs from what it was read from, else the draft as it is now. */
export interface ShownFile { text: string, revision: number, dirty: boolean }

/** The file as shown, from its edit (if any), its text in the draft as read now and the draft's revision now. */
export function shownFile (edit: FileEdit | undefined, saved: string | undefined, revision: number): ShownFile {
  if (edit !== undefined && edit.text !== edit.base) return { text: edit.text, revision: edit.revision, dirty: true }
  return { text: saved ?? '', revision, dirty: false }
}

/** A key press: an edit with unsaved text keeps the revision it was read at; otherwise the text starts from the file as shown. */
export function typedEdit (edit: FileEdit | undefined, text: string, shown: ShownFile): FileEdit {
  if (edit !== undefined && edit.text !== edit.base) return { ...edit, text }
  return { text, base: shown.text, revision: shown.revision }
}

/**
 * The edits once a save of one file is answered at a revision. The service took it at the revision sent, so the draft changed by
 * that save alone: the saved file's edit goes (or, typed on meanwhile, is read at the answer), and another file's edit read at the
 * revision sent is read at the answer too. An edit read earlier keeps its revision: someone saved between, its save is refused.
 */
export function editsAfterSave (edits: Readonly<Record<string, FileEdit>>, sent: SavePayload, answered: number): Record<string, FileEdit> {
  const next: Record<string, FileEdit> = {}
  for (const [path, edit] of Object.entries(edits)) {
    if (path === sent.path) {
      if (edit.text !== sent.text && edit.revision === sent.revision) next[path] = { text: edit.text, base: sent.text, revision: answered }
      else if (edit.text !== sent.text) next[path] = edit
    } else {
      next[path] = edit.revision === sent.revision ? { ...edit, revision: answered } : edit
    }
  }
  return next
}

/** PATCH /ui/config/drafts/:id/files: several files (a form editor's file and the catalogues) as one revision, all or none. */
export interface FilesPayload { files: Record<string, string | null>, revision: number }

/** What a form editor's save sends: the files it changed, at the revision its form was read at. */
export function filesPayload (files: Record<string, string | null>, revision: number): FilesPayload {
  return { files, revision }
}

/** The file shown: the one the operator picked, else the one the page asks for, else the draft's first; undefined when it has none. */
export function chosenPath (paths: readonly string[], picked: string | undefined, requested: unknown): string | undefined {
  if (picked !== undefined && paths.includes(picked)) return picked
  if (typeof requested === 'string' && paths.includes(requested)) return requested
  return paths[0]
}

/** A draft's paths for the file picker, by folder: the top-level files first (menu.json, api.json), then each folder's, sorted. */
export function fileGroups (paths: readonly string[]): Array<{ folder: string, paths: string[] }> {
  const groups = new Map<string, string[]>()
  for (const path of [...paths].sort()) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
    groups.set(folder, [...(groups.get(folder) ?? []), path])
  }
  return [...groups].sort(([a], [b]) => a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)).map(([folder, list]) => ({ folder, paths: list }))
}

/** One problem the service found at a save (any file of the config, not only the one saved). */
export interface ServerProblem { file: string, pointer: string, message: string }

/** What a refused save means for the operator: the config would not load (its problems), someone saved since, or another failure. */
export type SaveRefusal =
  | { kind: 'invalid', problems: ServerProblem[] }
  | { kind: 'stale', revision: string | undefined }
  | { kind: 'failed' }

/** The refusal behind a failed save, from the service's coded answer (422 UI_CONFIG_DRAFT_INVALID, 409 UI_CONFIG_DRAFT_STALE). */
export function saveRefusal (error: unknown): SaveRefusal {
  if (!(error instanceof ApiError) || !isObject(error.body)) return { kind: 'failed' }
  const { code, problems, params } = error.body as { code?: unknown, problems?: unknown, params?: unknown }
  if (error.status === 422 && code === 'UI_CONFIG_DRAFT_INVALID') {
    const list = Array.isArray(problems) ? problems.filter(isObject) : []
    return { kind: 'invalid', problems: list.map((p) => ({ file: String(p.file ?? ''), pointer: String(p.pointer ?? ''), message: String(p.message ?? '') })) }
  }
  // Its values: the draft, the revision it is at, the one sent.
  if (error.status === 409 && code === 'UI_CONFIG_DRAFT_STALE') return { kind: 'stale', revision: Array.isArray(params) && params[1] !== undefined ? String(params[1]) : undefined }
  return { kind: 'failed' }
}

/** Where a service problem is, as the operator reads it: file#pointer (the file alone for the whole file). */
export const problemPlace = (problem: Pick<ServerProblem, 'file' | 'pointer'>) => problem.pointer === '' ? problem.file : `${problem.file}#${problem.pointer}`
