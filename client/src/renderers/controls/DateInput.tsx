import { useEffect, useState } from 'react'
import { formatMDY, fromIsoDay, parseDateInput, toIsoDay } from '../lib/dates.ts'

const today = () => { const d = new Date(); return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate() } }
const shown = (value: string | undefined) => { const day = value ? fromIsoDay(value) : null; return day ? formatMDY(day) : (value ?? '') }

/** Date text input: accepts d, d/m or d/m/y, keeps YYYY-MM-DD as its value and shows MM/DD/YYYY. Unreadable text stays as typed (and fails validation). */
export function DateInput ({ id, value, onChange, onBlur, invalid, label }: { id: string, value: string | undefined, onChange: (v: string | undefined) => void, onBlur?: () => void, invalid?: boolean, label?: string }) {
  const [text, setText] = useState(() => shown(value))
  useEffect(() => { setText(shown(value)) }, [value])
  const commit = () => {
    if (text.trim() === '') onChange(undefined)
    else if (text !== shown(value)) {
      const day = parseDateInput(text, today())
      onChange(day ? toIsoDay(day) : text)
      if (day) setText(formatMDY(day))
    }
    onBlur?.()
  }
  return (
    <input
      id={id} type='text' inputMode='numeric' className='rr-date-input' placeholder='MM/DD/YYYY' aria-label={label}
      aria-invalid={invalid || undefined} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit}
      onKeyDown={(e) => { if (e.key === 'Enter') commit() }}
    />
  )
}
