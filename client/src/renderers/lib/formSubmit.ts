// What a descriptor form sends and what its success message shows: JSON, or multipart/form-data when it has a file field.
import type { FormWidget } from '../../../../schemas/widgets.ts'
import { getPath } from './binding.ts'
import { compactLines } from './formLines.ts'
import { storedValues } from './formUnits.ts'
import type { FormData as FormValues } from './formRules.ts'

/** The body of a submit: the fields (a percent field as its fraction), then bound parameters (which win), and the filled lines (empty rows dropped). */
export function submitPayload (widget: FormWidget, data: FormValues, params: Record<string, string | number | boolean>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...storedValues(widget.fields, data), ...params }
  if (widget.lines) body[widget.lines.name] = compactLines(data[widget.lines.name] as never, widget.lines)
  return body
}

/** The names of the form's file fields: a form with one is sent as multipart/form-data. */
export const fileFields = (widget: FormWidget): string[] => widget.fields.filter((f) => f.kind === 'file').map((f) => f.name)

/** The payload as multipart/form-data: plain values as text (objects as JSON), then each chosen file under its field name. */
export function toMultipart (payload: Record<string, unknown>, files: ReadonlyMap<string, File>, names: readonly string[]): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(payload)) {
    if (names.includes(name) || value === undefined || value === null || value === '') continue
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  for (const name of names) {
    const file = files.get(name)
    if (file) form.append(name, file, file.name)
  }
  return form
}

/** Whether a submit's success message shows values read from its answer (a one-time password, a new entry's id): shown nowhere else. */
export const keepsAnswer = (submit: FormWidget['submit']): boolean => Object.keys(submit?.successValues ?? {}).length > 0

/**
 * Whether a form that succeeded holds its answer: not sent again, its message kept, until the user dismisses it (a second Create would
 * replace a one-time password by a refusal). A form with bet lines or a file takes the next entry instead: the next bet, the next file
 * (what an upload answered is listed with the files too).
 */
export const holdsAnswer = (widget: Pick<FormWidget, 'submit' | 'lines' | 'fields'>): boolean =>
  keepsAnswer(widget.submit) && !widget.lines && !widget.fields.some((f) => f.kind === 'file')

/** Whether the form may be sent now: not while a send is under way, nor while it holds an answer. */
export function maySubmit (widget: Pick<FormWidget, 'submit' | 'lines' | 'fields'>, send: { pending: boolean, succeeded: boolean }): boolean {
  return widget.submit !== undefined && !send.pending && !(send.succeeded && holdsAnswer(widget))
}

/** Values read from the answer (name → dot path) for the success message, which formats them (e.g. {{stake, number(…)}}); missing or non-scalar values are left out. */
export function successValues (answer: unknown, paths: Readonly<Record<string, string>> | undefined): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {}
  for (const [name, path] of Object.entries(paths ?? {})) {
    const v = getPath(answer, path)
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values[name] = v
  }
  return values
}

/** A refused field's path (body/UserId, body/Lines/1/Number, body/Groups/0/Name) in the form's own words: its label, a line cell as "Line 2 Number", an item's field as "Group 1 Name". */
export function formFieldLabel (widget: Pick<FormWidget, 'fields' | 'lines'>, path: string, t: (key: string, values?: Record<string, unknown>) => string): string | undefined {
  const [name, row, cell] = path.replace(/^body\//, '').split('/')
  const field = widget.fields.find((f) => f.name === name)
  if (field && row === undefined) return t(field.labelKey)
  const itemField = field?.kind === 'repeat' && row !== undefined && /^\d+$/.test(row) ? field.fields?.find((f) => f.name === cell) : undefined
  if (field && itemField) return t('renderers.repeat.itemField', { item: t('renderers.repeat.item', { item: t(field.itemKey ?? field.labelKey), n: Number(row) + 1 }), field: t(itemField.labelKey) })
  const lines = widget.lines
  const lineCell = lines !== undefined && lines.name === name && row !== undefined && /^\d+$/.test(row) ? lines.fields.find((f) => f.name === cell) : undefined
  return lineCell ? t('renderers.lineField', { line: Number(row) + 1, field: t(lineCell.labelKey) }) : undefined
}
