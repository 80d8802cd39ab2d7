// Reading a long-running job's status answer (seed 001 §4: start with one call, poll a status call; status values come from the descriptor).
import type { JobWidget } from '../../../../schemas/widgets.ts'
import { fillSegments, getPath, type CallTarget } from './binding.ts'
import { successValues } from './formSubmit.ts'

/** Where a job is: still running (with a 0-100 progress), finished, or failed with the server's status and its reason (the status when it gives none). */
export type JobPhase = { phase: 'running', progress: number } | { phase: 'done', progress: 100 } | { phase: 'failed', status: string, message: string }

/** The phase one status answer tells, given the descriptor's paths and done/failed values. */
export function jobPhase (answer: unknown, status: JobWidget['status']): JobPhase {
  const value = String(getPath(answer, status.statusPath ?? 'status') ?? '')
  if (status.doneValues.includes(value)) return { phase: 'done', progress: 100 }
  if (status.failedValues.includes(value)) {
    const reason = getPath(answer, status.messagePath ?? 'message')
    return { phase: 'failed', status: value, message: typeof reason === 'string' && reason !== '' ? reason : value }
  }
  const raw = Number(getPath(answer, status.progressPath ?? 'progress'))
  return { phase: 'running', progress: Number.isFinite(raw) ? Math.min(100, Math.max(0, Math.round(raw))) : 0 }
}

/** The status URL for a started job: {jobId} replaced by the id read from the start answer. */
export function statusUrl (status: JobWidget['status'], startAnswer: unknown): string {
  const id = getPath(startAnswer, status.idPath ?? 'id')
  return status.endpoint.replace('{jobId}', encodeURIComponent(String(id ?? '')))
}

/** The start call of a job: :Name segments filled from the parameters of that name (used up there), and the names still missing (of those and of requires). */
export function startTarget (endpoint: string, params: Readonly<Record<string, string | number | boolean>>, requires: readonly string[] = []): CallTarget {
  const target = fillSegments(endpoint, params)
  for (const name of requires) if ((params[name] === undefined || params[name] === '') && !target.missing.includes(name)) target.missing.push(name)
  return target
}

/** Says a record's field in the user's language when it is a coded message (codedMessage.ts fieldText); undefined otherwise. */
export type FieldSayer = (record: unknown, path: string) => string | undefined

/**
 * What a finished job reports: its message's values and the items of its list (each item's scalar fields), per the descriptor's
 * result; a value or item field that is a coded message (Message beside MessageCode and MessageValues) is said by say.
 */
export function jobResult (answer: unknown, result: JobWidget['result'], say: FieldSayer = () => undefined): { values: Record<string, string | number | boolean>, items: Array<Record<string, string | number | boolean>> } {
  const values = successValues(answer, result?.values)
  for (const [name, path] of Object.entries(result?.values ?? {})) {
    const said = say(answer, path)
    if (said !== undefined) values[name] = said
  }
  const list = result?.listPath ? getPath(answer, result.listPath) : undefined
  const items = Array.isArray(list)
    ? list.map((item) => {
      const fields = successValues(item, Object.fromEntries(Object.keys(item && typeof item === 'object' ? item : {}).map((k) => [k, k])))
      for (const name of Object.keys(fields)) {
        const said = say(item, name)
        if (said !== undefined) fields[name] = said
      }
      return fields
    })
    : []
  return { values, items }
}
