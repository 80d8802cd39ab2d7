import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DataBinding } from '../../../../schemas/widgets.ts'
import { useData } from '../lib/useData.ts'
import { useRenderer } from '../context.tsx'
import { useViewportWidth } from '../lib/useViewport.ts'
import { DROPDOWN_MAX_HEIGHT, optionHeight, sortUserOptions, userLabel, userPlaceholderKey, type UserOption } from '../lib/users.ts'

/** The user drop-down: type to filter, ADMIN first then non-zero ids then by label; "Loading..." and "No data." states. */
export function UserSelect ({ id, binding, value, onChange, onBlur, invalid, label }: { id: string, binding: DataBinding | undefined, value: string | undefined, onChange: (v: string | undefined) => void, onBlur?: () => void, invalid?: boolean, label?: string }) {
  const { t } = useTranslation()
  const { mobile } = useRenderer()
  const width = useViewportWidth()
  const state = useData<UserOption[]>(binding)
  const [open, setOpen] = useState(false)
  const [filter, setFilter] = useState<string | null>(null)
  const options = useMemo(() => state.status === 'ready' && Array.isArray(state.data) ? sortUserOptions(state.data) : [], [state])
  const selected = options.find((o) => o.UserId === value)
  const text = filter ?? (selected ? userLabel(selected) : value ?? '')
  const visible = filter ? options.filter((o) => userLabel(o).toLowerCase().includes(filter.toLowerCase())) : options
  const height = optionHeight(width)
  const listId = `${id}-list`
  const choose = (o: UserOption) => { onChange(o.UserId); setFilter(null); setOpen(false) }
  return (
    <div className='rr-user-select'>
      <input
        id={id} type='text' role='combobox' aria-expanded={open} aria-controls={listId} aria-label={label} aria-invalid={invalid || undefined}
        placeholder={t(userPlaceholderKey(mobile))} value={text} autoComplete='off'
        onFocus={() => setOpen(true)}
        onChange={(e) => { setFilter(e.target.value); setOpen(true); if (e.target.value === '') onChange(undefined) }}
        onBlur={() => { setTimeout(() => setOpen(false), 150); if (filter !== null) { const exact = options.find((o) => o.UserId.toLowerCase() === filter.trim().toLowerCase()); onChange(exact?.UserId ?? (filter.trim() || undefined)); setFilter(null) } onBlur?.() }}
      />
      {open && (
        <ul id={listId} role='listbox' className='rr-listbox' style={{ maxHeight: DROPDOWN_MAX_HEIGHT }}>
          {state.status === 'loading' && <li className='rr-option-note' style={{ height }}>{t('renderers.loading')}</li>}
          {state.status !== 'loading' && visible.length === 0 && <li className='rr-option-note' style={{ height }}>{t('renderers.noData')}</li>}
          {visible.map((o) => (
            <li key={o.UserId} role='option' aria-selected={o.UserId === value} style={{ height, lineHeight: `${height}px` }} onMouseDown={(e) => { e.preventDefault(); choose(o) }}>
              {userLabel(o)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
