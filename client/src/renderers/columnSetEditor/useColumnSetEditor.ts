// The column-set editor's state: the draft (shared with the page's other editors), the set shown, the operator's form as changed
// since it was read (at that revision: a save from it is refused, never written over someone's later save), and the save.
import { useMemo, useState } from 'react'
import type { ColumnSetEditorWidget } from '../../../../schemas/widgets.ts'
import { useBindingScope } from '../context.tsx'
import { resolveSource } from '../lib/binding.ts'
import { chosenPath, filesPayload } from '../lib/configFileModel.ts'
import {
  addColumn, changedFiles, columnRows, columnSetPaths, formProblems, fragmentColumns, moveColumn, ownLabel, readColumnSet, removeColumn,
  setLabel, setRule, setWidth, type ColumnRow, type ColumnSetForm
} from '../lib/columnSetModel.ts'
import { keyUseCounts, type Language } from '../lib/draftTexts.ts'
import { sharedRules, type RuleChoice } from '../lib/ruleChoice.ts'
import { useDraft, useDraftFilesSave } from '../configFile/useDraftFiles.ts'

const NO_FILES: Readonly<Record<string, string>> = {}

/** Everything the column-set editor draws, and what its controls do. */
export function useColumnSetEditor (widget: ColumnSetEditorWidget) {
  const scope = useBindingScope()
  const { draftId, endpoint, draft, loading, loadError, readOnly, refetch } = useDraft(widget.draftFrom)
  const requested = widget.pathFrom ? resolveSource(widget.pathFrom, scope) : undefined
  const [picked, setPicked] = useState<string>()
  // The form as the operator changed it; none while it is the file as saved.
  const [changed, setChanged] = useState<ColumnSetForm>()
  const saver = useDraftFilesSave(draftId, endpoint, () => setChanged(undefined))

  const files = draft?.files ?? NO_FILES
  const paths = useMemo(() => columnSetPaths(files), [files])
  const path = chosenPath(paths, picked, requested)
  const read = useMemo(() => path === undefined || draft === undefined ? undefined : readColumnSet(files, path, draft.revision), [files, path, draft])
  const form = changed !== undefined && changed.path === path ? changed : read
  const uses = useMemo(() => keyUseCounts(files), [files])
  const rows: ColumnRow[] = useMemo(() => form === undefined ? [] : columnRows(form, files, uses), [form, files, uses])
  const problems = useMemo(() => form === undefined ? [] : formProblems(form, rows, files), [form, rows, files])
  const toSave = useMemo(() => form === undefined ? {} : changedFiles(form, files), [form, files])
  const rules = useMemo(() => sharedRules(files), [files])
  const addable = useMemo(() => form === undefined ? [] : fragmentColumns(files, form), [files, form])

  const change = (next: (current: ColumnSetForm) => ColumnSetForm) => {
    if (form === undefined || readOnly) return
    setChanged(next(form))
    saver.reset()
  }
  return {
    draftId,
    draft,
    loading,
    loadError,
    readOnly,
    paths,
    path,
    form,
    rows,
    problems,
    rules,
    addable,
    // Typed but not a value yet (a width out of range) counts as a change too: the operator has not given it up.
    dirty: Object.keys(toSave).length > 0 || (form !== undefined && form !== read),
    canSave: !readOnly && problems.length === 0 && Object.keys(toSave).length > 0 && !saver.saving,
    ...saver,
    choose: (next: string) => { setPicked(next); setChanged(undefined); saver.reset() },
    move: (uid: string, by: -1 | 1) => change((f) => moveColumn(f, uid, by)),
    remove: (uid: string) => change((f) => removeColumn(f, uid)),
    add: (ref: string) => change((f) => addColumn(f, ref)),
    width: (uid: string, typed: string) => change((f) => setWidth(f, files, uid, typed)),
    rule: (uid: string, choice: RuleChoice) => change((f) => setRule(f, files, uid, choice)),
    label: (key: string, lang: Language, text: string) => change((f) => setLabel(f, key, lang, text)),
    ownLabel: (row: ColumnRow) => change((f) => ownLabel(f, files, row)),
    save: () => { if (form !== undefined && Object.keys(toSave).length > 0) saver.send(filesPayload(toSave, form.revision)) },
    // After a refused stale save: the draft as it is now; the form's changes are given up (the alert says so).
    reload: () => { setChanged(undefined); saver.reset(); refetch().catch(() => {}) }
  }
}
