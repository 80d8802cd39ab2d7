// The columns a table shows: the descriptor's, less those this user hid in this table (kept in localStorage across sign-ins).
import { useCallback, useMemo, useState } from 'react'
import type { TableColumn, TableWidget } from '../../../../schemas/widgets.ts'
import { localGet, localSet } from '../../lib/storage.ts'
import { useRenderer } from '../context.tsx'
import { CHOOSER_MIN_COLUMNS, choiceKey, readHidden, toggleHidden } from '../lib/columnChoice.ts'

/** The page a table belongs to: an embedded page keeps the choice made on the page itself. */
const pagePath = () => window.location.pathname.replace(/^\/embed(?=\/)/, '')

/** The shown columns, the hidden fields and a toggle that saves the choice for this user. */
export function useColumnChoice (widget: TableWidget): { shown: TableColumn[], hidden: readonly string[], toggle: (field: string) => void } {
  const { session } = useRenderer()
  const key = choiceKey(String(session.UserId ?? ''), pagePath(), widget.id)
  // A table too small for a chooser shows every column, whatever was kept.
  const [hidden, setHidden] = useState(() => widget.columns.length >= CHOOSER_MIN_COLUMNS ? readHidden(localGet(key), widget.columns) : [])
  const toggle = useCallback((field: string) => {
    setHidden((before) => {
      const after = toggleHidden(before, field, widget.columns)
      localSet(key, JSON.stringify(after))
      return after
    })
  }, [key, widget.columns])
  const shown = useMemo(() => widget.columns.filter((c) => !hidden.includes(c.field)), [widget.columns, hidden])
  return { shown, hidden, toggle }
}
