import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMDY, fromIsoDay, parseDateInput, toIsoDay } from '../lib/dates.ts'

const today = () => { const d = new Date(); return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate() } }
const shown = (value: string | undefined) => { const day = value ? fromIsoDay(value) : null; return day ? formatMDY(day) : (value ?? '') }

/** Date text input: accepts d, d/m or a full date, keeps YYYY-MM-DD as its value and shows MM/DD/YYYY. Unreadable or ambiguous text stays as typed (and fails validation, saying which). */
export function DateInput ({ id, value, onChange, onBlur, invalid, label }: { id: string, value: string | undefined, onChange: (v: string | undefined) => void, onBlur?: () => void, invalid?: boolean, label?: string }) {
  const { t } = useTranslation()
  const [text, setText] = useState(() => shown(value))
  useEffect(() => { setText(shown(value)) }, [value])
  const commit = () => {
    if (text.trim() === '') onChange(undefined)
    else if (text !== shown(value)) {
      const day = parseDateInput(text, today())
      const read = day !== null && day !== 'ambiguous'
      onChange(read ? toIsoDay(day) : text)
      if (read) setText(formatMDY(day))
    }
    onBlur?.()
  }
  return (
    <input
      id={id} type='text' inputMode='numeric' className='rr-date-input' placeholder={t('renderers.dateInput.placeholder')} title={t('renderers.dateInput.accepted')} aria-label={label}
      aria-invalid={invalid || undefined} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit}
      onKeyDown={(e) => { if (e.key === 'Enter') commit() }}
    />
  )
}
