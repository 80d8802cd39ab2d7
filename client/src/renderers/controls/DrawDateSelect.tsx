import { useTranslation } from 'react-i18next'
import type { DataBinding } from '../../../../schemas/widgets.ts'
import { useData } from '../lib/useData.ts'
import { useRenderer } from '../context.tsx'
import { drawDateWidth } from '../lib/users.ts'
import { formatDate } from '../lib/tableModel.ts'

/** One draw as the game API lists it. */
interface DrawOption { DrawId: string | number, DrawDate: string, Series?: string }

/** The draw-date drop-down (value DrawId), at least 105 px wide on mobile and 115 otherwise, wider when its texts need it; "No data." when there are no draws. */
export function DrawDateSelect ({ id, binding, value, onChange, onBlur, invalid, label }: { id: string, binding: DataBinding | undefined, value: string | undefined, onChange: (v: string | undefined) => void, onBlur?: () => void, invalid?: boolean, label?: string }) {
  const { t } = useTranslation()
  const { mobile } = useRenderer()
  const state = useData<DrawOption[]>(binding)
  const draws = state.status === 'ready' && Array.isArray(state.data) ? state.data : []
  // The same date can hold two series (Singapore 4D and Magnum): then each option names its series.
  const named = new Set(draws.map((d) => d.Series)).size > 1
  const text = (d: DrawOption) => {
    const date = formatDate(d.DrawDate).slice(0, 10)
    return named && d.Series ? `${date} ${t(`renderers.drawDate.series.${d.Series}`, { defaultValue: d.Series })}` : date
  }
  return (
    <select
      id={id} className='rr-draw-date' aria-label={label} aria-invalid={invalid || undefined} style={{ minWidth: drawDateWidth(mobile) }}
      value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)} onBlur={onBlur}
    >
      {state.status === 'loading' && <option value=''>{t('renderers.loading')}</option>}
      {state.status !== 'loading' && draws.length === 0 && <option value=''>{t('renderers.noData')}</option>}
      {draws.length > 0 && <option value=''>{t('renderers.drawDate.placeholder')}</option>}
      {draws.map((d) => <option key={String(d.DrawId)} value={String(d.DrawId)} title={d.Series ? t(`renderers.drawDate.seriesName.${d.Series}`, { defaultValue: d.Series }) : undefined}>{text(d)}</option>)}
    </select>
  )
}
