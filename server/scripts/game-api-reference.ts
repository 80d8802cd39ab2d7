import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { fromRoot } from '../shared/paths.ts'
import { openDb } from '../shared/db.ts'
import { buildGameApi } from '../game-api/app.ts'
import { gameApiCatalogueEntries } from './error-texts.ts'

// npm run docs:game-api: server/docs/game-api-reference.md, every call of the game API as its route schemas describe it
// (through @fastify/swagger, server/game-api/plugins/openapi.ts), with the error catalogue; tests/game-api/contract-coverage.test.ts fails when it is stale.

export const referenceFile = fromRoot('server/docs/game-api-reference.md')

type Schema = { [key: string]: unknown, type?: string | string[], properties?: Record<string, Schema>, required?: string[], items?: Schema, anyOf?: Schema[], oneOf?: Schema[], enum?: unknown[], description?: string }
interface Parameter { name: string, in: string, required?: boolean, description?: string, schema?: Schema }
interface Operation { parameters?: Parameter[], requestBody?: { content?: Record<string, { schema?: Schema }> }, responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>, 'x-gate'?: string, description?: string, summary?: string }
export interface OpenApi { paths: Record<string, Record<string, Operation>> }

/** A schema's type in a few words: enum values, unions, arrays, objects by their field names. */
function typeOf (schema: Schema | undefined): string {
  if (!schema) return 'any'
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ')
  if ('const' in schema) return JSON.stringify(schema.const)
  const union = schema.anyOf ?? schema.oneOf
  if (union) return [...new Set(union.map(typeOf))].join(' \\| ')
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`
  if (schema.type === 'object' || schema.properties) return schema.properties ? `{ ${Object.keys(schema.properties).join(', ')} }` : 'object'
  const type = Array.isArray(schema.type) ? schema.type.join(' \\| ') : schema.type ?? 'any'
  return schema.nullable === true ? `${type} \\| null` : type
}

const bounds: Array<[string, string]> = [['minLength', 'min length'], ['maxLength', 'max length'], ['minimum', '≥'], ['maximum', '≤'], ['minItems', 'min items'], ['maxItems', 'max items'], ['pattern', 'pattern'], ['format', 'format'], ['default', 'default']]

/** A field's line: name, type, required, bounds and description. */
function fieldLine (name: string, schema: Schema | undefined, required: boolean): string {
  const notes = bounds.filter(([key]) => schema?.[key] !== undefined).map(([key, label]) => `${label} ${key === 'pattern' ? `\`${String(schema?.[key])}\`` : JSON.stringify(schema?.[key])}`)
  const description = schema?.description ? `: ${schema.description.replace(/\s+/g, ' ')}` : ''
  return `- \`${name}\` ${typeOf(schema)}${required ? ', required' : ''}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}${description}`
}

/** An object's fields, one line each, and the fields of objects within (arrays of objects too) one level further. */
function fieldLines (prefix: string, schema: Schema | undefined, depth = 0): string[] {
  const properties = schema?.properties ?? {}
  return Object.entries(properties).flatMap(([name, field]) => {
    const path = `${prefix}${name}`
    const inner = field.type === 'array' ? field.items : field
    const nested = depth < 1 && inner?.properties ? fieldLines(`${path}${field.type === 'array' ? '[]' : ''}.`, inner, depth + 1) : []
    return [fieldLine(path, field, schema?.required?.includes(name) ?? false), ...nested.map((line) => `  ${line}`)]
  })
}

const jsonSchema = (content: Record<string, { schema?: Schema }> | undefined) => content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema

/** One call's section: gate, parameters, body, answer. */
function operationLines (method: string, path: string, games: string[], operation: Operation): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, '']
  if (games.length > 0) lines.push(`Games: ${games.join(', ')}`)
  lines.push(`Gate: ${operation['x-gate'] ?? 'public'}`)
  const text = operation.description ?? operation.summary
  if (text) lines.push('', text)
  const parameters = (operation.parameters ?? []).map((p) => fieldLine(`${p.in === 'query' ? '' : `${p.in}:`}${p.name}`, { ...p.schema, ...(p.description ? { description: p.description } : {}) }, p.required ?? false))
  if (parameters.length > 0) lines.push('', 'Parameters:', ...parameters)
  const body = jsonSchema(operation.requestBody?.content)
  if (body) lines.push('', 'Body:', ...(body.properties ? fieldLines('', body) : [`- ${typeOf(body)}`]))
  const answer = jsonSchema(operation.responses?.['200']?.content)
  const data = answer?.properties?.data
  if (data) {
    const row = data.type === 'array' ? data.items : data
    lines.push('', `Answer: \`data\` ${typeOf(data)}`)
    if (row?.properties) lines.push(...fieldLines(data.type === 'array' ? '[].' : '', row))
  } else if (answer) lines.push('', `Answer: ${typeOf(answer)}`)
  const failures = Object.keys(operation.responses ?? {}).filter((status) => status !== '200')
  if (failures.length > 0) lines.push('', `Errors: ${failures.join(', ')} (failure envelope)`)
  return [...lines, '']
}

/** The reference in Markdown: the calls (a game call once, with the games that serve it), then the error catalogue. */
export function renderReference (doc: OpenApi, catalogue: ReadonlyMap<string, { message: string, statusCode: number }>): string {
  const calls = new Map<string, { method: string, path: string, games: string[], operation: Operation }>()
  for (const [url, operations] of Object.entries(doc.paths)) {
    const game = /^\/api\/v1\/(4d|tt)\//.exec(url)?.[1]
    const path = game ? url.replace(`/${game}/`, '/{game}/') : url
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${path} ${method}`
      const known = calls.get(key)
      if (known && game) known.games.push(game)
      else calls.set(key, { method, path, games: game ? [game] : [], operation })
    }
  }
  const sorted = [...calls.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
  const codes = [...catalogue].sort(([a], [b]) => a.localeCompare(b))
  return [
    '# Game API reference',
    '',
    '<!-- Generated by `npm run docs:game-api` from the route schemas (server/game-api/plugins/openapi.ts); do not edit. -->',
    '',
    `Every call of the reference game API (${sorted.length} calls, ${Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0)} routes), as its route schemas describe it; the live description is at \`GET /docs/json\`.`,
    'What a schema cannot say (meaning, decisions, rounding, timing) is in [game-api.md](game-api.md).',
    '`{game}` is `4d` or `tt`, chosen by the session\'s location. Every call answers `{ success: true, data }`; a failure answers',
    '`{ success: false, message, code, params?, data?, subCode? }` with a code of the [error catalogue](#error-catalogue).',
    'Gate: who may call it as its registration says (public, signed in with the bearer token, ADMIN only); rules checked on the',
    'data (downline, permissions, out-setting) are named in game-api.md.',
    '',
    '## Calls',
    '',
    ...sorted.flatMap((call) => operationLines(call.method, call.path, call.games, call.operation)),
    '## Error catalogue',
    '',
    'Each message\'s `%s` are the `params` in order.',
    '',
    '| code | status | message |',
    '|---|---|---|',
    ...codes.map(([code, entry]) => `| \`${code}\` | ${entry.statusCode} | ${entry.message.replace(/\|/g, '\\|')} |`),
    ''
  ].join('\n')
}

/** The reference of a game API built on an in-memory database, as the committed file should read. */
export async function currentReference (): Promise<string> {
  const db = await openDb({ dataDir: 'memory://' })
  const app = await buildGameApi({ db })
  try {
    await app.ready()
    return renderReference(app.swagger() as unknown as OpenApi, await gameApiCatalogueEntries())
  } finally {
    await app.close()
    await db.close()
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await currentReference()
  const before = (() => { try { return readFileSync(referenceFile, 'utf8') } catch { return '' } })()
  writeFileSync(referenceFile, text)
  console.log(`server/docs/game-api-reference.md: ${before === text ? 'unchanged' : 'rewritten'} (${text.length} characters)`)
}
