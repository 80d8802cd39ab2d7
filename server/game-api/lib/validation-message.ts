// Turns Fastify/Ajv validation errors into one sentence that names the field, e.g. "body/UserId is required".

export interface AjvError {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
  parentSchema?: Record<string, unknown>
}

const article = (type: string) => type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`

function describeUnion (schema: Record<string, unknown> | undefined): string | undefined {
  const branches = schema?.anyOf
  if (!Array.isArray(branches)) return undefined
  if (branches.every((b: Record<string, unknown>) => 'const' in b)) return `one of ${branches.map((b: Record<string, unknown>) => JSON.stringify(b.const)).join(', ')}`
  if (branches.every((b: Record<string, unknown>) => typeof b.type === 'string')) return branches.map((b: Record<string, unknown>) => article(String(b.type))).join(' or ')
  return undefined
}

/** One message for the first validation error of context (body, querystring, params, headers). */
export function validationMessage (context: string, errors: AjvError[]): string {
  const union = errors.find((e) => e.keyword === 'anyOf')
  const error = union ?? errors[0]
  if (!error) return `${context} is not valid`
  const field = `${context}${error.instancePath}`
  const p = error.params
  const description = typeof error.parentSchema?.description === 'string' ? error.parentSchema.description : undefined
  switch (error.keyword) {
    case 'required': return `${field}/${String(p.missingProperty)} is required`
    case 'type': return `${field} must be ${String(p.type).split(',').map(article).join(' or ')}`
    case 'minLength': return p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters long`
    case 'maxLength': return `${field} must be at most ${String(p.limit)} characters long`
    case 'anyOf': return `${field} must be ${description ?? describeUnion(error.parentSchema) ?? 'a valid value'}`
    case 'const': return `${field} must be ${JSON.stringify(p.allowedValue)}`
    case 'enum': return `${field} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'pattern':
    case 'format': return `${field} must be ${description ?? `${error.message ?? 'valid'}`.replace(/^must be /, '')}`
    case 'additionalProperties': return `${field} must not have the property ${String(p.additionalProperty)}`
    default: return `${field} ${error.message ?? 'is not valid'}`
  }
}
