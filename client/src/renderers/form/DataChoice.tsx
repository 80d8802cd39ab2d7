import type { WidgetProps } from '@rjsf/utils'
import { useTranslation } from 'react-i18next'
import type { FormField } from '../../../../schemas/widgets.ts'
import { useChoices } from '../lib/useChoices.ts'
import { narrowedOptions } from '../lib/choices.ts'

const fieldOf = (p: WidgetProps) => p.options.descriptor as FormField

/** A select whose options come from data (value and label fields of each item), or the field's own options narrowed to the values the data holds. */
export function DataSelect (p: WidgetProps) {
  const { t } = useTranslation()
  const field = fieldOf(p)
  const { options: answered, note: answeredNote, busy } = useChoices(field.optionsFrom)
  const options = field.options ? narrowedOptions(field.options, answered, t) : answered
  const note = answeredNote ?? (options.length === 0 ? 'renderers.noData' : undefined)
  const value = typeof p.value === 'string' || typeof p.value === 'number' ? String(p.value) : ''
  return (
    <>
      <select
        id={p.id} aria-label={p.label} aria-invalid={(p.rawErrors?.length ?? 0) > 0 || undefined} aria-busy={busy || undefined} value={value}
        onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)} onBlur={() => p.onBlur(p.id, p.value)}
      >
        <option value=''>{t('renderers.select.placeholder')}</option>
        {/* A loaded value not among the options still shows (and is kept). */}
        {value !== '' && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {note && <span className='rr-option-note' role='status'>{t(note)}</span>}
    </>
  )
}

/** A multiple choice whose options come from data: checkboxes in a labelled group (permission names), or a multiple select. */
export function DataChoices (p: WidgetProps) {
  const { t } = useTranslation()
  const field = fieldOf(p)
  const { options, note } = useChoices(field.optionsFrom)
  const chosen = Array.isArray(p.value) ? (p.value as unknown[]).map(String) : []
  const toggle = (v: string, on: boolean) => p.onChange(on ? [...chosen, v] : chosen.filter((c) => c !== v))
  if (field.kind === 'multiselect') {
    return (
      <>
        <select
          id={p.id} multiple aria-label={p.label} value={chosen} onBlur={() => p.onBlur(p.id, p.value)}
          onChange={(e) => p.onChange([...e.target.selectedOptions].map((o) => o.value))}
        >
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
        {note && <span className='rr-option-note' role='status'>{t(note)}</span>}
      </>
    )
  }
  return (
    <div id={p.id} role='group' aria-label={p.label} className='rr-checkboxes' tabIndex={-1}>
      {options.map((o) => (
        <label key={o.value}>
          <input type='checkbox' name={p.id} value={o.value} checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} onBlur={() => p.onBlur(p.id, p.value)} /> {o.label}
        </label>
      ))}
      {note && <span className='rr-option-note' role='status'>{t(note)}</span>}
    </div>
  )
}
