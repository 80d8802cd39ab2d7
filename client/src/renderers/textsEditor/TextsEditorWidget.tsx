import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TextsEditorWidget as TextsEditorDescriptor } from '../../../../schemas/widgets.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Spinner } from '../shared/Spinner.tsx'
import { SaveOutcome } from '../configFile/SaveOutcome.tsx'
import { FormProblems } from '../configFile/FormProblems.tsx'
import { useTextsEditor } from './useTextsEditor.ts'

/** Long texts (a page's introduction) get a taller box. */
const rowsFor = (text: string | undefined) => (text?.length ?? 0) > 80 ? 3 : 1

/** A config draft's English and Chinese texts side by side, those needing a translation flagged; Save writes both catalogues. */
export function TextsEditorWidget ({ widget }: { widget: TextsEditorDescriptor }) {
  const { t } = useTranslation()
  const id = useId()
  const editor = useTextsEditor(widget)
  const title = widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>
  const shell = (body: ReactNode) => <section className='rr-config-form' data-widget-id={widget.id}>{title}{body}</section>
  if (editor.draftId === undefined) return shell(<p>{t('common.configFile.noDraft')}</p>)
  if (editor.loading) return shell(<Spinner />)
  if (editor.loadError || !editor.draft) return shell(<CallErrorAlert error={editor.loadError} />)
  const { readOnly } = editor
  return shell(
    <>
      <p>{t('common.texts.intro')}</p>
      {readOnly && <p className='rr-config-file-closed'>{t('common.configFile.closed')}</p>}
      <div className='rr-toolbar'>
        <label htmlFor={`${id}-find`}>{t('common.texts.find')}</label>
        <input id={`${id}-find`} type='search' value={editor.filter.query} onChange={(e) => editor.find(e.target.value)} />
        <label>
          <input type='checkbox' checked={editor.filter.onlyMissing} onChange={(e) => editor.onlyMissing(e.target.checked)} />
          {' '}{t('common.texts.onlyMissing', { count: editor.missing })}
        </label>
        {editor.dirty && <span className='rr-config-file-dirty'>{t('common.configFile.unsaved')}</span>}
      </div>
      <p role='status'>{t('common.texts.shown', { shown: editor.rows.length, matching: editor.matching, total: editor.total })}</p>
      <div className='rr-config-form-scroll'>
        <table className='rr-config-form-table rr-config-texts'>
          <thead>
            <tr>
              <th scope='col'>{t('common.texts.key')}</th>
              <th scope='col'>{t('common.configForm.english')}</th>
              <th scope='col'>{t('common.configForm.chinese')}</th>
            </tr>
          </thead>
          <tbody>
            {editor.rows.map((row) => (
              <tr key={row.key} data-key={row.key} data-status={row.status} className={row.status === 'ok' ? undefined : 'rr-config-texts-flagged'}>
                <th scope='row'>
                  <code>{row.key}</code>
                  {row.status !== 'ok' && <small className='rr-config-form-missing'>{t(`common.texts.status.${row.status}`)}</small>}
                </th>
                <td>
                  <textarea rows={rowsFor(row.en)} value={row.en ?? ''} readOnly={readOnly} aria-label={t('common.texts.englishOf', { key: row.key })} onChange={(e) => editor.edit(row.key, 'en', e.target.value)} />
                </td>
                <td>
                  <textarea rows={rowsFor(row.zh)} lang='zh' value={row.zh ?? ''} readOnly={readOnly} aria-label={t('common.texts.chineseOf', { key: row.key })} onChange={(e) => editor.edit(row.key, 'zh', e.target.value)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editor.rows.length < editor.matching && (
        <div className='rr-toolbar'><button type='button' onClick={() => editor.more()}>{t('common.texts.more')}</button></div>
      )}
      <FormProblems problems={editor.problems.map((p) => t(`common.texts.problem.${p.kind}`, p.values))} />
      <div className='rr-form-actions'>
        <button type='button' onClick={() => editor.save()} disabled={!editor.canSave}>{t(editor.saving ? 'common.configFile.saving' : 'common.save')}</button>
      </div>
      <SaveOutcome savedRevision={editor.savedRevision} refusal={editor.refusal} saveError={editor.saveError} onReload={() => editor.reload()} />
    </>
  )
}
