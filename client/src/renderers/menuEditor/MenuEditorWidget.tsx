import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MenuEditorWidget as MenuEditorDescriptor } from '../../../../schemas/widgets.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Spinner } from '../shared/Spinner.tsx'
import { SaveOutcome } from '../configFile/SaveOutcome.tsx'
import { FormProblems } from '../configFile/FormProblems.tsx'
import { RuleSelect } from '../configFile/RuleSelect.tsx'
import { MENU_FILE, type MenuRow } from '../lib/menuTreeModel.ts'
import { useMenuEditor } from './useMenuEditor.ts'

type Editor = ReturnType<typeof useMenuEditor>

/** One entry of the tree: its key (and page), label key with the texts it shows, who sees it, and its Up and Down buttons. */
function EntryRow ({ row, editor, first, last, move }: { row: MenuRow, editor: Editor, first: boolean, last: boolean, move: (by: -1 | 1) => void }) {
  const { t } = useTranslation()
  const name = row.key
  return (
    <div className='rr-menu-tree-entry' data-key={row.key}>
      <span className='rr-config-form-name'>
        {row.key}
        {row.target !== undefined && <small className='rr-config-form-source'>{row.target}</small>}
      </span>
      <span className='rr-menu-tree-label'>
        <input type='text' value={row.labelKey} readOnly={editor.readOnly} spellCheck={false} aria-label={t('common.menuTree.labelOf', { name })} onChange={(e) => editor.label(row.uid, e.target.value)} />
        <small className='rr-config-form-source'>{[row.texts.en, row.texts.zh].filter((x) => x !== undefined).join(' · ') || t('common.menuTree.noText')}</small>
      </span>
      <RuleSelect name={name} choice={row.rule} shared={editor.rules} readOnly={editor.readOnly} onChange={(choice) => editor.rule(row.uid, choice)} />
      <span className='rr-config-form-order'>
        <button type='button' disabled={editor.readOnly || first} onClick={() => move(-1)} aria-label={t('common.configForm.moveUp', { name })}>↑</button>
        <button type='button' disabled={editor.readOnly || last} onClick={() => move(1)} aria-label={t('common.configForm.moveDown', { name })}>↓</button>
      </span>
    </div>
  )
}

/** A config draft's menu as a tree of groups and items: order, label keys and who sees each; Save writes menu.json. */
export function MenuEditorWidget ({ widget }: { widget: MenuEditorDescriptor }) {
  const { t } = useTranslation()
  const editor = useMenuEditor(widget)
  const title = widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>
  const shell = (body: ReactNode) => <section className='rr-config-form' data-widget-id={widget.id}>{title}{body}</section>
  if (editor.draftId === undefined) return shell(<p>{t('common.configFile.noDraft')}</p>)
  if (editor.loading) return shell(<Spinner />)
  if (editor.loadError || !editor.draft) return shell(<CallErrorAlert error={editor.loadError} />)
  if (editor.form === undefined) return shell(<p>{t('common.menuTree.notAMenu', { path: MENU_FILE })}</p>)
  const { groups } = editor
  const lastItem = groups.at(-1)?.items.at(-1)?.uid
  return shell(
    <>
      <p>{t('common.menuTree.intro')}</p>
      {editor.readOnly && <p className='rr-config-file-closed'>{t('common.configFile.closed')}</p>}
      {editor.dirty && <p className='rr-config-file-dirty'>{t('common.configFile.unsaved')}</p>}
      <ol className='rr-menu-tree'>
        {groups.map((group, g) => (
          <li key={group.uid} className='rr-menu-tree-group'>
            <EntryRow row={group} editor={editor} first={g === 0} last={g === groups.length - 1} move={(by) => editor.moveGroup(group.uid, by)} />
            <ol className='rr-menu-tree-items'>
              {group.items.map((item, i) => (
                <li key={item.uid}>
                  <EntryRow row={item} editor={editor} first={g === 0 && i === 0} last={item.uid === lastItem} move={(by) => editor.moveItem(item.uid, by)} />
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
      <FormProblems problems={editor.problems.map((p) => t(`common.menuTree.problem.${p.kind}`, p.values))} />
      <div className='rr-form-actions'>
        <button type='button' onClick={() => editor.save()} disabled={!editor.canSave}>{t(editor.saving ? 'common.configFile.saving' : 'common.save')}</button>
      </div>
      <SaveOutcome savedRevision={editor.savedRevision} refusal={editor.refusal} saveError={editor.saveError} onReload={() => editor.reload()} />
    </>
  )
}
