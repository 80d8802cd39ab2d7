// The menu tree editor's state: the draft (shared with the page's other editors), the tree as changed since it was read (at that
// revision: a save from it is refused rather than written over someone's later save), and the save.
import { useMemo, useState } from 'react'
import type { MenuEditorWidget } from '../../../../schemas/widgets.ts'
import { filesPayload } from '../lib/configFileModel.ts'
import { changedMenu, menuProblems, menuRows, moveGroup, moveItem, readMenu, setMenuLabel, setMenuRule, type MenuForm } from '../lib/menuTreeModel.ts'
import { sharedRules, type RuleChoice } from '../lib/ruleChoice.ts'
import { useDraft, useDraftFilesSave } from '../configFile/useDraftFiles.ts'

const NO_FILES: Readonly<Record<string, string>> = {}

/** Everything the menu tree editor draws, and what its controls do. */
export function useMenuEditor (widget: MenuEditorWidget) {
  const { draftId, endpoint, draft, loading, loadError, readOnly, refetch } = useDraft(widget.draftFrom)
  const [changed, setChanged] = useState<MenuForm>()
  const saver = useDraftFilesSave(draftId, endpoint, () => setChanged(undefined))

  const files = draft?.files ?? NO_FILES
  const read = useMemo(() => draft === undefined ? undefined : readMenu(files, draft.revision), [files, draft])
  const form = changed ?? read
  const groups = useMemo(() => form === undefined ? [] : menuRows(form, files), [form, files])
  const problems = useMemo(() => form === undefined ? [] : menuProblems(form, groups), [form, groups])
  const toSave = useMemo(() => form === undefined ? {} : changedMenu(form, files), [form, files])
  const rules = useMemo(() => sharedRules(files), [files])

  const change = (next: (current: MenuForm) => MenuForm) => {
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
    form,
    groups,
    problems,
    rules,
    dirty: Object.keys(toSave).length > 0 || changed !== undefined,
    canSave: !readOnly && problems.length === 0 && Object.keys(toSave).length > 0 && !saver.saving,
    ...saver,
    moveGroup: (uid: string, by: -1 | 1) => change((f) => moveGroup(f, uid, by)),
    moveItem: (uid: string, by: -1 | 1) => change((f) => moveItem(f, uid, by)),
    label: (uid: string, key: string) => change((f) => setMenuLabel(f, uid, key)),
    rule: (uid: string, choice: RuleChoice) => change((f) => setMenuRule(f, uid, choice)),
    save: () => { if (form !== undefined && Object.keys(toSave).length > 0) saver.send(filesPayload(toSave, form.revision)) },
    reload: () => { setChanged(undefined); saver.reset(); refetch().catch(() => {}) }
  }
}
