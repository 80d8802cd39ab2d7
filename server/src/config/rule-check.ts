import { CMP_OPS, MAX_RULE_DEPTH, NUMERIC_PROFILE_FIELDS, ROLES, RULE_OPERATORS, SETTING_PATHS } from '../../../schemas/rule.ts'

/** A problem found inside one config file. */
export interface Issue { pointer: string, message: string }

const list = (values: readonly string[]) => values.join(', ')
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
/** Escapes one JSON pointer segment (RFC 6901). */
export const segment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1')

/** Checks one rule (at nesting depth depth) as schemas/rule.ts defines it, with a message per problem that says what to write instead. */
export function checkRule (rule: unknown, pointer: string, depth = 1): Issue[] {
  if (!isObject(rule)) return [{ pointer, message: `a rule must be an object with exactly one of: ${list(RULE_OPERATORS)}; found ${JSON.stringify(rule)}` }]
  const keys = Object.keys(rule)
  if (keys.length !== 1) {
    return [{ pointer, message: keys.length === 0 ? `empty rule: write exactly one of ${list(RULE_OPERATORS)} (leave "rule" out for "always")` : `a rule holds exactly one operator but this one has ${keys.length} (${keys.join(', ')}): combine them with "all" or "any"` }]
  }
  const op = keys[0] as string
  const value = rule[op]
  const at = `${pointer}/${segment(op)}`
  const nested = (op === 'all' || op === 'any' || op === 'not')
  if (nested && depth >= MAX_RULE_DEPTH) return [{ pointer: at, message: `rules nest at most ${MAX_RULE_DEPTH} levels deep (all, any, not): flatten this one` }]
  switch (op) {
    case 'all':
    case 'any':
      if (!Array.isArray(value) || value.length === 0) return [{ pointer: at, message: `"${op}" takes a non-empty list of rules` }]
      return value.flatMap((r, i) => checkRule(r, `${at}/${i}`, depth + 1))
    case 'not':
      return checkRule(value, at, depth + 1)
    case 'role':
      return (ROLES as readonly unknown[]).includes(value) ? [] : [{ pointer: at, message: `unknown role ${JSON.stringify(value)}: use one of ${list(ROLES)}` }]
    case 'perm':
    case 'adminPerm':
      return typeof value === 'string' && value !== '' ? [] : [{ pointer: at, message: `"${op}" takes a permission name such as "Report"` }]
    case 'flag':
      return (NUMERIC_PROFILE_FIELDS as readonly unknown[]).includes(value) ? [] : [{ pointer: at, message: `unknown profile field ${JSON.stringify(value)}: "flag" takes one of ${list(NUMERIC_PROFILE_FIELDS)}` }]
    case 'tt':
    case 'mobile':
      return value === true ? [] : [{ pointer: at, message: `write { "${op}": true }; for the opposite use { "not": { "${op}": true } }` }]
    case 'setting':
      return (SETTING_PATHS as readonly unknown[]).includes(value) ? [] : [{ pointer: at, message: `unknown setting ${JSON.stringify(value)}: use one of ${list(SETTING_PATHS)}` }]
    case 'cmp':
      return checkComparison(value, at)
    default:
      return [{ pointer: at, message: `"${op}" is not a rule operator: use one of ${list(RULE_OPERATORS)}` }]
  }
}

function checkComparison (value: unknown, at: string): Issue[] {
  if (!isObject(value)) return [{ pointer: at, message: '"cmp" takes { "field": <numeric profile field>, "op": "lt|le|eq|ne|ge|gt", "value": <number> }' }]
  const issues: Issue[] = []
  for (const key of Object.keys(value)) {
    if (!['field', 'op', 'value'].includes(key)) issues.push({ pointer: `${at}/${segment(key)}`, message: `remove "${key}": "cmp" takes only field, op and value` })
  }
  if (!(NUMERIC_PROFILE_FIELDS as readonly unknown[]).includes(value.field)) issues.push({ pointer: `${at}/field`, message: `unknown profile field ${JSON.stringify(value.field)}: "cmp" compares one of ${list(NUMERIC_PROFILE_FIELDS)}` })
  if (!(CMP_OPS as readonly unknown[]).includes(value.op)) issues.push({ pointer: `${at}/op`, message: `unknown comparison ${JSON.stringify(value.op)}: use one of ${list(CMP_OPS)}` })
  if (typeof value.value !== 'number' || !Number.isFinite(value.value)) issues.push({ pointer: `${at}/value`, message: `"value" must be a number; found ${JSON.stringify(value.value)}` })
  return issues
}
