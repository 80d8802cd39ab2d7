import { readdir } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { join } from 'node:path'

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

/** Every generated file: name (e.g. menu.schema.json) → its text, from each schemas/*.ts that exports configFileSchema. */
export async function generateSchemaFiles (): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const sources = (await readdir(schemasDir)).filter((name) => name.endsWith('.ts') && !notConfig.has(name)).sort()
  for (const source of sources) {
    const mod = await import(pathToFileURL(join(schemasDir, source)).href) as { configFileSchema?: unknown }
    if (mod.configFileSchema === undefined) continue
    const name = source.replace(/\.ts$/, '')
    files.set(`${name}.schema.json`, JSON.stringify(toJsonSchemaDocument(mod.configFileSchema, `${name} (generated from schemas/${source}; do not edit)`), null, 2) + '\n')
  }
  return files
}

/** Where the generated files live. */
export const generatedDir = schemasDir
