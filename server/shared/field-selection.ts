// Columns cut where the rows are made: the service names the fields each part of an answer may keep (FIELDS_HEADER),
// the game API leaves the others out before it serialises and echoes the selection (FIELDS_APPLIED_HEADER); an answer
// without the echo is cut by the service itself, so a game API that does not know the header is still safe.

export const FIELDS_HEADER = 'x-fields'
export const FIELDS_APPLIED_HEADER = 'x-fields-applied'

/** Objects to filter: where they sit in the answer ('*' is every element of an array) and the member names they keep. */
export interface FieldSelection { path: readonly string[], keep: ReadonlySet<string> }

const NAME = /^[A-Za-z0-9_]+$/
const SEGMENT = /^(?:[A-Za-z0-9_]+|\*)$/

/** The header value, `data.rows.*=UserId,Stake;data.totals=Stake`, or undefined when a name cannot be written plainly. */
export function encodeFieldSelection (targets: readonly FieldSelection[]): string | undefined {
  const parts: string[] = []
  for (const { path, keep } of targets) {
    if (!path.every((s) => SEGMENT.test(s)) || ![...keep].every((f) => NAME.test(f))) return undefined
    parts.push(`${path.join('.')}=${[...keep].join(',')}`)
  }
  return parts.join(';')
}

/** The selection a header names, or undefined when the value is not one (the answer then goes out whole). */
export function decodeFieldSelection (value: string): FieldSelection[] | undefined {
  const targets: FieldSelection[] = []
  for (const part of value.split(';')) {
    const at = part.indexOf('=')
    const path = part.slice(0, at).split('.')
    const keep = part.slice(at + 1).split(',')
    if (at < 1 || !path.every((s) => SEGMENT.test(s)) || !keep.every((f) => NAME.test(f))) return undefined
    targets.push({ path, keep: new Set(keep) })
  }
  return targets
}

/** A copy of payload with every selected object cut to its kept members; what lies off the selected paths is shared, not copied. */
export function selectFields (payload: unknown, targets: readonly FieldSelection[]): unknown {
  let out = payload
  for (const { path, keep } of targets) out = selectAt(out, path, 0, keep)
  return out
}

function selectAt (value: unknown, path: readonly string[], depth: number, keep: ReadonlySet<string>): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth === path.length) {
    if (Array.isArray(value)) return value
    const cut: Record<string, unknown> = {}
    for (const name in value) if (keep.has(name)) cut[name] = (value as Record<string, unknown>)[name]
    return cut
  }
  const step = path[depth] as string
  if (step === '*') return Array.isArray(value) ? value.map((v) => selectAt(v, path, depth + 1, keep)) : value
  if (Array.isArray(value) || !Object.hasOwn(value, step)) return value
  return { ...value, [step]: selectAt((value as Record<string, unknown>)[step], path, depth + 1, keep) }
}
