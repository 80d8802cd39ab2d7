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

/** A refusal of one field: the sentence, and a stable code with its values (the field's path first) for clients that translate. */
export interface FieldRefusal { message: string, code: `GA_FIELD_${string}`, params: string[] }

/** One refusal for the first validation error of context (body, querystring, params, headers). */
export function validationMessage (context: string, errors: AjvError[]): FieldRefusal {
  const union = errors.find((e) => e.keyword === 'anyOf')
  const error = union ?? errors[0]
  if (!error) return { message: `${context} is not valid`, code: 'GA_FIELD_INVALID', params: [context] }
  const field = `${context}${error.instancePath}`
  const p = error.params
  const description = typeof error.parentSchema?.description === 'string' ? error.parentSchema.description : undefined
  const refusal = (code: FieldRefusal['code'], message: string, ...values: unknown[]): FieldRefusal => ({ message, code, params: [field, ...values.map(String)] })
  switch (error.keyword) {
    case 'required': return { message: `${field}/${String(p.missingProperty)} is required`, code: 'GA_FIELD_REQUIRED', params: [`${field}/${String(p.missingProperty)}`] }
    case 'type': return refusal('GA_FIELD_TYPE', `${field} must be ${String(p.type).split(',').map(article).join(' or ')}`)
    case 'minLength': return p.limit === 1 ? refusal('GA_FIELD_EMPTY', `${field} must not be empty`) : refusal('GA_FIELD_TOO_SHORT', `${field} must be at least ${String(p.limit)} characters long`, p.limit)
    case 'maxLength': return refusal('GA_FIELD_TOO_LONG', `${field} must be at most ${String(p.limit)} characters long`, p.limit)
    case 'minimum': return refusal('GA_FIELD_TOO_SMALL', `${field} ${error.message ?? `must be >= ${String(p.limit)}`}`, p.limit)
    case 'maximum': return refusal('GA_FIELD_TOO_LARGE', `${field} ${error.message ?? `must be <= ${String(p.limit)}`}`, p.limit)
    case 'anyOf': return refusal('GA_FIELD_INVALID', `${field} must be ${description ?? describeUnion(error.parentSchema) ?? 'a valid value'}`)
    case 'const': return refusal('GA_FIELD_INVALID', `${field} must be ${JSON.stringify(p.allowedValue)}`)
    case 'enum': return refusal('GA_FIELD_INVALID', `${field} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`)
    case 'pattern':
    case 'format': return refusal('GA_FIELD_INVALID', `${field} must be ${description ?? `${error.message ?? 'valid'}`.replace(/^must be /, '')}`)
    case 'additionalProperties': return refusal('GA_FIELD_UNKNOWN', `${field} must not have the property ${String(p.additionalProperty)}`, p.additionalProperty)
    default: return refusal('GA_FIELD_INVALID', `${field} ${error.message ?? 'is not valid'}`)
  }
}
