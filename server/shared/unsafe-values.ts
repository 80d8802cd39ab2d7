// The values no field may hold, whatever its schema says, checked on every request of the service and the game API before
// anything is recorded or stored: PostgreSQL refuses a NUL character, a number past ±1.8e308 is read as Infinity (and
// re-encoded as null, or coerced from a string by the validator), and a body nested without end overflows whatever walks it.
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** Why a value is refused. */
export type UnsafeKind = 'nul' | 'not-finite' | 'too-deep'

/** The first unsafe value found: where (body/Lines/0/Small) and why. */
export interface UnsafeValue { path: string, kind: UnsafeKind }

/** How deep a request's data may nest (a bet body is 3 levels deep). */
export const MAX_DEPTH = 32

const NUMERAL = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i
/** Whether a string is a numeral past ±1.8e308 ("1e309"), which the validator's type coercion reads as Infinity; the word Infinity may be a name, and is caught once coerced. */
const readsInfinite = (text: string): boolean => NUMERAL.test(text) && Math.abs(Number(text)) === Infinity

const EVERY: ReadonlySet<UnsafeKind> = new Set(['nul', 'not-finite', 'too-deep'])

/** The first unsafe value of the kinds looked for in a request part (body, querystring, params), walked without recursion; undefined when it is clean. */
export function findUnsafeValue (value: unknown, part: string, kinds: ReadonlySet<UnsafeKind> = EVERY): UnsafeValue | undefined {
  const stack: Array<{ value: unknown, path: string, depth: number }> = [{ value, path: part, depth: 0 }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: v, path, depth } = next
    if (typeof v === 'string') {
      if (kinds.has('nul') && v.includes('\u0000')) return { path, kind: 'nul' }
      if (kinds.has('not-finite') && readsInfinite(v)) return { path, kind: 'not-finite' }
    } else if (typeof v === 'number') {
      if (kinds.has('not-finite') && !Number.isFinite(v)) return { path, kind: 'not-finite' }
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && typeof (v as { pipe?: unknown }).pipe !== 'function') {
      if (depth >= MAX_DEPTH) return kinds.has('too-deep') ? { path, kind: 'too-deep' } : undefined
      // Pushed in reverse, so the first field is looked at first.
      const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!
        if (kinds.has('nul') && key.includes('\u0000')) return { path: `${path}/${key.replaceAll('\u0000', '\\u0000')}`, kind: 'nul' }
        stack.push({ value: item, path: `${path}/${key}`, depth: depth + 1 })
      }
    }
  }
  return undefined
}

/** Looked for before validation: only nesting, so a field's own schema still words its refusals (PlainText's of a NUL). */
export const BEFORE_VALIDATION: ReadonlySet<UnsafeKind> = new Set(['too-deep'])

/** The request parts a hook checks, by the names validation messages use. */
export function findUnsafeInRequest (request: { body?: unknown, query?: unknown, params?: unknown }, kinds: ReadonlySet<UnsafeKind> = EVERY): UnsafeValue | undefined {
  return findUnsafeValue(request.body, 'body', kinds) ?? findUnsafeValue(request.query, 'querystring', kinds) ?? findUnsafeValue(request.params, 'params', kinds)
}

/** A server's own refusals of each kind (its catalogue's codes). */
export interface UnsafeValueErrors {
  valueHasNul: (path: string) => Error
  valueNotFinite: (path: string) => Error
  valueTooDeep: (path: string, max: number) => Error
}

/**
 * Refuses a request holding a value no field may hold (a NUL, a number that reads as Infinity, nesting past MAX_DEPTH) with
 * 400 naming the field. Nesting before validation walks the body; the rest once validated, so a field's schema words its own
 * refusal first, and a number field's coercion has read the string "Infinity" as Infinity. Both run before any route's own
 * preHandler (audit, proxy, store).
 */
export function refuseUnsafeValues (app: FastifyInstance, errors: UnsafeValueErrors): void {
  const refuse = (kinds?: ReadonlySet<UnsafeKind>) => async (request: FastifyRequest) => {
    const found = findUnsafeInRequest(request, kinds)
    if (!found) return
    if (found.kind === 'nul') throw errors.valueHasNul(found.path)
    if (found.kind === 'not-finite') throw errors.valueNotFinite(found.path)
    throw errors.valueTooDeep(found.path, MAX_DEPTH)
  }
  app.addHook('preValidation', refuse(BEFORE_VALIDATION))
  app.addHook('preHandler', refuse())
}
