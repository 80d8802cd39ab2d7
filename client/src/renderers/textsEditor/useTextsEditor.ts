// The texts editor's state: the draft (shared with the page's other editors), the texts changed since they were read (at that
// revision: a save from it is refused rather than written over someone's later save), the filter, and the save.
import { useDeferredValue, useMemo, useState } from 'react'
import type { TextsEditorWidget } from '../../../../schemas/widgets.ts'
import { filesPayload } from '../lib/configFileModel.ts'
import type { Language } from '../lib/draftTexts.ts'
import { changedCatalogues, filterRows, missingCount, PAGE_ROWS, setText, textProblems, textRows, type TextsFilter, type TextsForm } from '../lib/textsModel.ts'
import { useDraft, useDraftFilesSave } from '../configFile/useDraftFiles.ts'

const NO_FILES: Readonly<Record<string, string>> = {}

/** Everything the texts editor draws, and what its controls do. */
export function useTextsEditor (widget: TextsEditorWidget) {
  const { draftId, endpoint, draft, loading, loadError, readOnly, refetch } = useDraft(widget.draftFrom)
  const [changed, setChanged] = useState<TextsForm>()
  const [filter, setFilter] = useState<TextsFilter>({ query: '', onlyMissing: false })
  const [limit, setLimit] = useState(PAGE_ROWS)
  const saver = useDraftFilesSave(draftId, endpoint, () => setChanged(undefined))

  const files = draft?.files ?? NO_FILES
  const form = changed ?? (draft === undefined ? undefined : { revision: draft.revision, edits: {} })
  const rows = useMemo(() => textRows(files, form), [files, form])
  // Filtered a moment behind the typing: a key press never waits for two thousand rows.
  const shownFilter = useDeferredValue(filter)
  const matching = useMemo(() => filterRows(rows, shownFilter), [rows, shownFilter])
  const problems = useMemo(() => form === undefined ? [] : textProblems(files, form), [files, form])
  const toSave = useMemo(() => form === undefined ? {} : changedCatalogues(files, form), [files, form])

  return {
    draftId,
    draft,
    loading,
    loadError,
    readOnly,
    total: rows.length,
    missing: missingCount(rows),
    rows: matching.slice(0, limit),
    matching: matching.length,
    filter,
    problems,
    dirty: Object.keys(toSave).length > 0,
    canSave: !readOnly && problems.length === 0 && Object.keys(toSave).length > 0 && !saver.saving,
    ...saver,
    find: (query: string) => { setFilter((f) => ({ ...f, query })); setLimit(PAGE_ROWS) },
    onlyMissing: (only: boolean) => { setFilter((f) => ({ ...f, onlyMissing: only })); setLimit(PAGE_ROWS) },
    more: () => setLimit((n) => n + PAGE_ROWS),
    edit: (key: string, lang: Language, text: string) => {
      if (form === undefined || readOnly) return
      setChanged(setText(form, key, lang, text))
      saver.reset()
    },
    save: () => { if (form !== undefined && Object.keys(toSave).length > 0) saver.send(filesPayload(toSave, form.revision)) },
    reload: () => { setChanged(undefined); saver.reset(); refetch().catch(() => {}) }
  }
}
