import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { FragmentRef } from './common.ts'

// Turns the TypeBox config schemas into standalone JSON Schema files that operators' editors understand.

const schemasDir = fileURLToPath(new URL('.', import.meta.url))
const notConfig = new Set(['build.ts', 'common.ts', 'json-schema.ts', 'game-api.ts'])

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A JSON Schema document for one TypeBox schema: cyclic definitions hoisted to the root so "$ref" works in any editor. */
export function toJsonSchemaDocument (schema: unknown, title: string): Record<string, Json> {
  const defs: Record<string, Json> = {}
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk)
    if (node === null || typeof node !== 'object') return node
    const defsHere = node.$defs
    if (defsHere && typeof defsHere === 'object' && !Array.isArray(defsHere) && typeof node.$ref === 'string') {
      for (const [name, def] of Object.entries(defsHere)) {
        const { $id: _id, ...rest } = def as Record<string, Json>
        defs[name] ??= null
        defs[name] = walk(rest)
      }
      return { $ref: `#/$defs/${node.$ref}` }
    }
    const out: Record<string, Json> = {}
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' && !value.startsWith('#') ? `#/$defs/${value}` : walk(value)
    }
    return out
  }
  const root = walk(JSON.parse(JSON.stringify(schema)) as Json) as Record<string, Json>
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title,
    ...root,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {})
  }
}

/** The document with a fragment reference accepted wherever a list, a list's item or an object-valued property may be, as the loader resolves it. */
export function acceptingFragmentRefs (doc: Record<string, Json>): Record<string, Json> {
  const ref: Json = { $ref: '#/$defs/FragmentRef' }
  const isShape = (node: Json): boolean => node !== null && typeof node === 'object' && !Array.isArray(node) && (node.type === 'object' || node.type === 'array' || node.anyOf !== undefined || typeof node.$ref === 'string')
  const either = (node: Json): Json => isShape(node) ? { anyOf: [ref, walk(node)] } : walk(node)
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk)
    if (node === null || typeof node !== 'object') return node
    const out: Record<string, Json> = {}
    for (const [key, value] of Object.entries(node)) {
      if (key === 'items' && node.type === 'array') out[key] = either(value)
      else if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, either(schema)]))
      else out[key] = walk(value)
    }
    return out
  }
  const defs = (doc.$defs ?? {}) as Record<string, Json>
  const fragmentRef = JSON.parse(JSON.stringify(FragmentRef)) as Json
  return { ...(walk(doc) as Record<string, Json>), $defs: { ...(walk(defs) as Record<string, Json>), FragmentRef: fragmentRef } }
}

/** Every generated file: name (e.g. menu.schema.json) → its text, from each schemas/*.ts that exports configFileSchema. */
export async function generateSchemaFiles (): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const sources = (await readdir(schemasDir)).filter((name) => name.endsWith('.ts') && !notConfig.has(name)).sort()
  for (const source of sources) {
    const name = source.replace(/\.ts$/, '')
    // A template esbuild can follow: a bundle of this file (the tests') then holds every schemas/*.ts it may name.
    const mod = await import(`./${name}.ts`) as { configFileSchema?: unknown, acceptsFragments?: boolean }
    if (mod.configFileSchema === undefined) continue
    const doc = toJsonSchemaDocument(mod.configFileSchema, `${name} (generated from schemas/${source}; do not edit)`)
    files.set(`${name}.schema.json`, JSON.stringify(mod.acceptsFragments === true ? acceptingFragmentRefs(doc) : doc, null, 2) + '\n')
  }
  return files
}

/** Where the generated files live. */
export const generatedDir = schemasDir
