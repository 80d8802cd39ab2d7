// Descriptor → editable grid state: the unsaved changes, their checks, the active cell, and the save, reset and discard actions.
import { useMemo, useRef, useState } from 'react'
import type { GridAction, GridResetAction, GridSaveAction, GridWidget } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useRenderer } from '../context.tsx'
import { resolveParams, withQuery } from '../lib/binding.ts'
import { dropWritten, gridErrors, restoreDefaults, rowId, saveCalls, setCell, type Drafts } from '../lib/gridModel.ts'
import { fillPath, rowParams, type Row } from '../lib/tableModel.ts'

type ResetAction = Extract<GridAction, GridResetAction>

/** A reset by a call (the other kind restores from a defaults binding). */
export function isResetCall (action: ResetAction): action is Extract<ResetAction, { endpoint: string }> {
  return 'endpoint' in action
}

/** The grid's state over the loaded rows (and the defaults rows, when a reset reads them). */
export function useGridState (widget: GridWidget, rows: readonly Row[], defaults: readonly Row[] | undefined) {
  const { session, query, filters } = useRenderer()
  const [drafts, setDrafts] = useState<Drafts>({})
  const [saved, setSaved] = useState<string | undefined>(undefined)
  const save = widget.actions?.find((a): a is GridSaveAction => a.kind === 'save')
  const reset = widget.actions?.find((a): a is ResetAction => a.kind === 'reset')
  const errors = useMemo(() => gridErrors(rows, widget.rowKey, widget.columns, drafts), [rows, widget.rowKey, widget.columns, drafts])
  // The rows a save or reset wrote, with the changes it wrote: they stay shown until the write has ended and its reload holds the
  // new values (dropped at once, a cell would flash its old value while the reload is on the way).
  const written = useRef<Array<{ id: string, changes: Drafts[string] | undefined }>>([])
  const settleWritten = () => {
    const done = written.current
    written.current = []
    setDrafts((d) => done.reduce((next, { id, changes }) => dropWritten(next, id, changes), d))
  }
  const saving = useApiMutation(async (only: string | undefined) => {
    if (!save) return
    const params = resolveParams(save.params, { session, query, filters })
    // One row after the other, so a refusal stops the save at the row it names and the rows before stay saved.
    for (const call of saveCalls(save, widget.columns, rows, widget.rowKey, drafts, params, only)) {
      await callData(save.method, call.endpoint, call.body)
      written.current.push(...call.rows.map((id) => ({ id, changes: drafts[id] })))
    }
  })
  const resetting = useApiMutation(async (row: Row) => {
    if (!reset || !isResetCall(reset)) return
    const endpoint = fillPath(reset.endpoint, row)
    const params = { ...resolveParams(reset.params, { session, query, filters }), ...rowParams(reset.rowParams, row) }
    await (reset.method === 'GET' || reset.method === 'DELETE' ? callData(reset.method, withQuery(endpoint, params)) : callData(reset.method, endpoint, params))
    const id = rowId(row, widget.rowKey)
    written.current.push({ id, changes: drafts[id] })
  })
  return {
    drafts,
    errors,
    save,
    reset,
    saving,
    resetting,
    saved,
    changeCount: Object.values(drafts).reduce((n, d) => n + Object.keys(d).length, 0),
    setCell: (row: Row, field: string, value: unknown) => { setSaved(undefined); setDrafts((d) => setCell(d, row, rowId(row, widget.rowKey), field, value)) },
    // Drops every change and the message of a refused save with them.
    discard: () => { setSaved(undefined); setDrafts({}); saving.reset(); resetting.reset() },
    // Saves the changed rows (or one): refused while any changed cell is broken.
    saveRows: (only?: string) => {
      if (!save || errors.size > 0) return false
      saving.mutate(only, { onSuccess: () => setSaved(save.successKey ?? 'renderers.saved'), onSettled: settleWritten })
      return true
    },
    // Resets one row; confirm asks the user first when the reset call names a confirmation.
    resetRow: async (row: Row, confirm: (key: string) => Promise<boolean>) => {
      if (!reset) return
      setSaved(undefined)
      if (isResetCall(reset)) {
        if (reset.confirmKey && !(await confirm(reset.confirmKey))) return
        resetting.mutate(row, { onSuccess: () => setSaved(reset.successKey ?? 'renderers.done'), onSettled: settleWritten })
        return
      }
      const id = rowId(row, widget.rowKey)
      const base = defaults?.find((d) => rowId(d, widget.rowKey) === id)
      if (base) setDrafts((d) => restoreDefaults(d, row, id, base, widget.columns))
    }
  }
}
