import { useTranslation } from 'react-i18next'
import type { FormField } from '../../../../schemas/widgets.ts'
import { useChoices } from '../lib/useChoices.ts'
import { filterChoices } from '../lib/filterChoices.ts'

/** A filter's select: the options the descriptor writes, or those a call answers (optionsFrom, such as the caller's distributors). */
export function FilterSelect ({ id, field, value, onChange }: { id: string, field: FormField, value: string, onChange: (value: string | undefined) => void }) {
  const { t } = useTranslation()
  const { options, note, busy } = useChoices(field.optionsFrom)
  // One empty choice: a second option with value '' would leave the first (blank) one selected.
  const { emptyKey, rest } = filterChoices(field.options)
  return (
    <>
      <select id={id} value={value} aria-busy={busy || undefined} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value=''>{emptyKey ? t(emptyKey) : ''}</option>
        {rest.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {note && <span className='rr-option-note' role='status'>{t(note)}</span>}
    </>
  )
}
