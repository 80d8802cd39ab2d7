import { useEffect, useRef, useState } from 'react'
import type { ErrorSchema, FieldProps } from '@rjsf/utils'
import { useTranslation } from 'react-i18next'
import type { FormLines, LineField } from '../../../../schemas/widgets.ts'
import { PHONE_START_LINES, shownLines, stakePerDraw, type LineRow } from '../lib/formLines.ts'
import { formatMoney } from '../lib/tableModel.ts'
import { useRenderer } from '../context.tsx'
import { controlId } from '../lib/formIds.ts'

const cellErrors = (errors: ErrorSchema | undefined, row: number, cell: string): string[] =>
  ((errors as Record<string, Record<string, { __errors?: string[] }> | undefined> | undefined)?.[row]?.[cell]?.__errors) ?? []

/** The line rows of a form as a table: one row per line, one cell per line field (on a phone the first lines and Add line, then the stake per draw); the id of a cell is <form's id prefix>_<group>.<row>.<cell>. */
export function LinesField (props: FieldProps) {
  const { t } = useTranslation()
  const lines = (props.uiSchema?.['ui:options'] as { lines: FormLines }).lines
  const rows = (Array.isArray(props.formData) ? props.formData : []) as LineRow[]
  const groupErrors = (props.errorSchema as { __errors?: string[] } | undefined)?.__errors ?? []
  const prefix = props.registry.globalFormOptions.idPrefix
  const idOf = (row: number, cell: string) => controlId(prefix, `${lines.name}.${row}.${cell}`)
  const set = (row: number, f: LineField, value: unknown) => {
    const next = Array.from({ length: lines.rows }, (_, i) => ({ ...rows[i] }))
    const target = next[row] as LineRow
    if (value === undefined || value === '') delete target[f.name]
    else target[f.name] = value
    props.onChange(next, props.fieldPathId.path, undefined, idOf(row, f.name))
  }
  const { mobile } = useRenderer()
  const [asked, setAsked] = useState(PHONE_START_LINES)
  const shown = shownLines(rows, lines, mobile, asked)
  const total = stakePerDraw(rows, lines)
  // Add line puts the cursor in the new line's first cell once it is drawn.
  const focusRow = useRef<number | null>(null)
  useEffect(() => {
    const row = focusRow.current
    const first = lines.fields[0]
    focusRow.current = null
    if (row !== null && first) document.getElementById(idOf(row, first.name))?.focus()
  }, [shown])
  return (
    <fieldset className='rr-lines' id={controlId(prefix, lines.name)} tabIndex={-1}>
      <legend>{t(lines.labelKey)}</legend>
      <table>
        <thead>
          <tr><th scope='col'>#</th>{lines.fields.map((f) => <th key={f.name} scope='col'>{t(f.labelKey)}</th>)}</tr>
        </thead>
        <tbody>
          {Array.from({ length: shown }, (_, row) => (
            <tr key={row} data-line={row + 1}>
              <th scope='row'>{row + 1}</th>
              {lines.fields.map((f) => {
                const errors = cellErrors(props.errorSchema, row, f.name)
                return (
                  <td key={f.name}>
                    <LineCell
                      id={idOf(row, f.name)} field={f} value={rows[row]?.[f.name]} invalid={errors.length > 0}
                      label={`${t(f.labelKey)} ${row + 1}`} t={t}
                      onChange={(v) => set(row, f, v)} onBlur={() => props.onBlur(idOf(row, f.name), rows[row]?.[f.name])}
                    />
                    {errors.map((e) => <div key={e} className='rr-field-error'>{e}</div>)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {shown < lines.rows && <button type='button' className='rr-lines-add' onClick={() => { focusRow.current = shown; setAsked(shown + 1) }}>{t('renderers.lines.add')}</button>}
      {total !== undefined && <p className='rr-lines-total' aria-live='polite'>{t('renderers.lines.total')} <strong>{formatMoney(total)}</strong></p>}
      {groupErrors.map((e) => <div key={e} role='alert' className='rr-field-error'>{e}</div>)}
    </fieldset>
  )
}

interface CellProps { id: string, field: LineField, value: unknown, invalid: boolean, label: string, t: (key: string) => string, onChange: (v: unknown) => void, onBlur: () => void }

/** One cell's control: a select, a checkbox, or a text box (numbers typed as text, read as numbers when sent). */
function LineCell ({ id, field, value, invalid, label, t, onChange, onBlur }: CellProps) {
  const common = { id, 'aria-label': label, 'aria-invalid': invalid || undefined, onBlur }
  if (field.kind === 'select') {
    return (
      <select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
        {field.default === undefined && <option value='' />}
        {(field.options ?? []).map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
      </select>
    )
  }
  if (field.kind === 'checkbox') return <input {...common} type='checkbox' checked={value === true} onChange={(e) => onChange(e.target.checked)} />
  const text = value === undefined || value === null ? '' : String(value)
  return (
    <input
      {...common} type='text' value={text} autoComplete='off' maxLength={field.maxLength}
      inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'numbers' ? 'numeric' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}
