import type { TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { checkRule, segment, type Issue } from './rule-check.ts'

// Turns TypeBox validation errors into messages that say what to change; rules get their own checker (clearer than a schema error).

interface SchemaError { keyword: string, instancePath: string, params: Record<string, unknown>, message: string }

const insideRule = /(^|\/)rule(\/|$)/

function at (root: unknown, pointer: string): unknown {
  let node = root
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined
  }
  return node
}

function describe (error: SchemaError, value: unknown): Issue | undefined {
  const found = JSON.stringify(at(value, error.instancePath)) ?? 'nothing'
  const p = error.params
  switch (error.keyword) {
    case 'required':
      return { pointer: error.instancePath, message: `add the required property ${(p.requiredProperties as string[]).map((n) => `"${n}"`).join(', ')}` }
    case 'additionalProperties':
      return { pointer: `${error.instancePath}/${segment(String((p.additionalProperties as string[])[0]))}`, message: `remove the unknown property ${(p.additionalProperties as string[]).map((n) => `"${n}"`).join(', ')} (check its spelling)` }
    case 'boolean':
      return undefined // the additionalProperties error above says the same, better
    case 'enum':
      return { pointer: error.instancePath, message: `found ${found}: use one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` }
    case 'const':
      return { pointer: error.instancePath, message: `found ${found}: must be ${JSON.stringify(p.allowedValue)}` }
    case 'type':
      return { pointer: error.instancePath, message: `found ${found}: must be ${String(p.type) === 'integer' ? 'a whole number' : `a${/^[aeiou]/.test(String(p.type)) ? 'n' : ''} ${String(p.type)}`}` }
    case 'pattern':
      return { pointer: error.instancePath, message: `found ${found}: does not have the expected form (pattern ${String(p.pattern)})` }
    case 'minItems':
      return { pointer: error.instancePath, message: `list needs at least ${String(p.limit)} entr${p.limit === 1 ? 'y' : 'ies'}` }
    default:
      return { pointer: error.instancePath, message: `found ${found}: ${error.message}` }
  }
}

/** Finds every "rule" property of a config value and checks it with checkRule. */
function ruleIssues (node: unknown, pointer: string): Issue[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => ruleIssues(child, `${pointer}/${i}`))
  if (node === null || typeof node !== 'object') return []
  const issues: Issue[] = []
  for (const [key, child] of Object.entries(node)) {
    const childPointer = `${pointer}/${segment(key)}`
    if (key === 'rule') issues.push(...checkRule(child, childPointer))
    else if (key !== 'props') issues.push(...ruleIssues(child, childPointer))
  }
  return issues
}

/**
 * The named definitions of a schema's cyclic parts (rules, field conditions, form sections), by name: handed to the compiler,
 * they resolve each $ref by name instead of by a search of the whole schema (a page's widget schemas hold hundreds of refs,
 * which took a second to compile at every start). A name defined twice differently is left to the search.
 */
function definitionsOf (schema: TSchema): Record<string, unknown> {
  const found = new Map<string, unknown>()
  const clashing = new Set<string>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { node.forEach(walk); return }
    if (node === null || typeof node !== 'object') return
    for (const [name, definition] of Object.entries((node as { $defs?: Record<string, unknown> }).$defs ?? {})) {
      const known = found.get(name)
      if (known === undefined) found.set(name, definition)
      else if (known !== definition && JSON.stringify(known) !== JSON.stringify(definition)) clashing.add(name)
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'const' && key !== 'enum') walk(child)
  }
  walk(schema)
  return Object.fromEntries([...found].filter(([name]) => !clashing.has(name)))
}

const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>()
// Compiled once per schema: a reload validates dozens of files.
function compiled (schema: TSchema) {
  let validator = validators.get(schema)
  if (!validator) { validator = Compile(definitionsOf(schema) as Record<string, TSchema>, schema); validators.set(schema, validator) }
  return validator
}

/** Every problem of one config value against its schema, de-duplicated, in document order. */
export function schemaIssues (schema: TSchema, value: unknown): Issue[] {
  const validator = compiled(schema)
  if (validator.Check(value)) return []
  const issues: Issue[] = []
  const seen = new Set<string>()
  const add = (issue: Issue | undefined) => {
    if (!issue) return
    const id = `${issue.pointer}\n${issue.message}`
    if (!seen.has(id)) { seen.add(id); issues.push(issue) }
  }
  for (const error of validator.Errors(value) as Iterable<SchemaError>) {
    if (insideRule.test(error.instancePath)) continue
    add(describe(error, value))
  }
  for (const issue of ruleIssues(value, '')) add(issue)
  // Never let a schema failure pass unexplained, even if the rule checker and the schema disagree.
  if (issues.length === 0) for (const error of validator.Errors(value) as Iterable<SchemaError>) add(describe(error, value))
  return issues
}
