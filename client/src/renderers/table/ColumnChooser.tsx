import { useEffect, useId, useRef, useState } from 'react'
import type { TFunction } from 'i18next'
import type { TableColumn } from '../../../../schemas/widgets.ts'

/** The toolbar's column chooser: a button that opens a list of the table's columns to tick; Escape or a click outside closes it. */
export function ColumnChooser ({ columns, hidden, toggle, t }: { columns: readonly TableColumn[], hidden: readonly string[], toggle: (field: string) => void, t: TFunction }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const away = (e: PointerEvent) => { if (!root.current?.contains(e.target as Node)) setOpen(false) }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [open])
  const shown = columns.length - hidden.length
  return (
    <div className='rr-chooser' ref={root} onKeyDown={(e) => { if (e.key === 'Escape' && open) { setOpen(false); button.current?.focus() } }}>
      <button ref={button} type='button' aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t('renderers.table.columns')}{hidden.length > 0 && <span className='rr-chooser-count'> ({shown}/{columns.length})</span>}
      </button>
      <fieldset id={id} className='rr-chooser-panel' hidden={!open}>
        <legend>{t('renderers.table.columnsShown')}</legend>
        {columns.map((c) => {
          const checked = !hidden.includes(c.field)
          return (
            <label key={c.field}>
              {/* The last column shown stays: a table without columns says nothing. */}
              <input type='checkbox' checked={checked} disabled={checked && shown === 1} onChange={() => toggle(c.field)} />
              {t(c.labelKey)}
            </label>
          )
        })}
      </fieldset>
    </div>
  )
}
