import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ColumnSetEditorWidget as ColumnSetEditorDescriptor } from '../../../../schemas/widgets.ts'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Spinner } from '../shared/Spinner.tsx'
import { SaveOutcome } from '../configFile/SaveOutcome.tsx'
import { FormProblems } from '../configFile/FormProblems.tsx'
import { RuleSelect } from '../configFile/RuleSelect.tsx'
import { WIDTH } from '../lib/columnSetModel.ts'
import { useColumnSetEditor } from './useColumnSetEditor.ts'

/** A column set of a config draft as a form: its columns in order, each one's labels, width and who sees it; Save writes the set and the catalogues. */
export function ColumnSetEditorWidget ({ widget }: { widget: ColumnSetEditorDescriptor }) {
  const { t } = useTranslation()
  const id = useId()
  const editor = useColumnSetEditor(widget)
  const [adding, setAdding] = useState('')
  const title = widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>
  const shell = (body: ReactNode) => <section className='rr-config-form' data-widget-id={widget.id}>{title}{body}</section>
  if (editor.draftId === undefined) return shell(<p>{t('common.configFile.noDraft')}</p>)
  if (editor.loading) return shell(<Spinner />)
  if (editor.loadError || !editor.draft) return shell(<CallErrorAlert error={editor.loadError} />)
  if (editor.path === undefined) return shell(<p>{t('common.columnSet.none')}</p>)
  const { form, rows, readOnly } = editor
  const toAdd = editor.addable.some((c) => c.ref === adding) ? adding : editor.addable[0]?.ref ?? ''
  return shell(
    <>
      <p>{t('common.columnSet.intro')}</p>
      {readOnly && <p className='rr-config-file-closed'>{t('common.configFile.closed')}</p>}
      <div className='rr-toolbar'>
        <label htmlFor={`${id}-set`}>{t('common.columnSet.set')}</label>
        <select id={`${id}-set`} value={editor.path} onChange={(e) => editor.choose(e.target.value)}>
          {editor.paths.map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
        {editor.dirty && <span className='rr-config-file-dirty'>{t('common.configFile.unsaved')}</span>}
      </div>
      {form === undefined
        ? <p>{t('common.columnSet.notASet', { path: editor.path })}</p>
        : (
          <>
            <div className='rr-config-form-scroll'>
              <table className='rr-config-form-table'>
                <thead>
                  <tr>
                    <th scope='col'>{t('common.columnSet.column')}</th>
                    <th scope='col'>{t('common.configForm.labelKey')}</th>
                    <th scope='col'>{t('common.configForm.english')}</th>
                    <th scope='col'>{t('common.configForm.chinese')}</th>
                    <th scope='col'>{t('common.columnSet.width')}</th>
                    <th scope='col'>{t('common.configForm.whoSees')}</th>
                    <th scope='col'>{t('common.configForm.order')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => {
                    const name = row.field || row.ref || row.uid
                    return (
                      <tr key={row.uid} data-field={row.field}>
                        <th scope='row'>
                          <span className='rr-config-form-name'>{row.field}</span>
                          <small className={row.missing ? 'rr-config-form-missing' : 'rr-config-form-source'}>
                            {row.missing ? t('common.columnSet.missing', { ref: row.ref }) : row.ref !== undefined ? t('common.columnSet.fromFragment', { ref: row.ref }) : t('common.columnSet.writtenHere')}
                          </small>
                        </th>
                        <td>
                          <code>{row.labelKey}</code>
                          {row.labelUses > 1 && (
                            <small className='rr-config-form-source'>
                              {t('common.configForm.sharedText', { count: row.labelUses })}{' '}
                              <button type='button' className='rr-link-button' disabled={readOnly} onClick={() => editor.ownLabel(row)} aria-label={t('common.columnSet.ownTextOf', { name })}>
                                {t('common.columnSet.ownText')}
                              </button>
                            </small>
                          )}
                        </td>
                        <td><input type='text' value={row.texts.en} readOnly={readOnly} aria-label={t('common.configForm.englishOf', { name })} onChange={(e) => editor.label(row.labelKey, 'en', e.target.value)} /></td>
                        <td><input type='text' lang='zh' value={row.texts.zh} readOnly={readOnly} aria-label={t('common.configForm.chineseOf', { name })} onChange={(e) => editor.label(row.labelKey, 'zh', e.target.value)} /></td>
                        <td>
                          <input
                            type='number' className='rr-config-form-width' min={WIDTH.min} max={WIDTH.max} step={1} value={row.width} readOnly={readOnly}
                            aria-label={t('common.columnSet.widthOf', { name })} onChange={(e) => editor.width(row.uid, e.target.value)}
                          />
                        </td>
                        <td><RuleSelect name={name} choice={row.rule} shared={editor.rules} readOnly={readOnly} onChange={(choice) => editor.rule(row.uid, choice)} /></td>
                        <td className='rr-config-form-order'>
                          <button type='button' disabled={readOnly || i === 0} onClick={() => editor.move(row.uid, -1)} aria-label={t('common.configForm.moveUp', { name })}>↑</button>
                          <button type='button' disabled={readOnly || i === rows.length - 1} onClick={() => editor.move(row.uid, 1)} aria-label={t('common.configForm.moveDown', { name })}>↓</button>
                          <button type='button' disabled={readOnly} onClick={() => editor.remove(row.uid)} aria-label={t('common.configForm.removeNamed', { name })}>{t('common.remove')}</button>
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
            <div className='rr-toolbar'>
              <label htmlFor={`${id}-add`}>{t('common.columnSet.add')}</label>
              {editor.addable.length === 0
                ? <span id={`${id}-add`}>{t('common.columnSet.noMore')}</span>
                : (
                  <>
                    <select id={`${id}-add`} value={toAdd} onChange={(e) => setAdding(e.target.value)} disabled={readOnly}>
                      {editor.addable.map((c) => <option key={c.ref} value={c.ref}>{`${c.field} (${c.ref})`}</option>)}
                    </select>
                    <button type='button' disabled={readOnly || toAdd === ''} onClick={() => editor.add(toAdd)}>{t('common.columnSet.addButton')}</button>
                  </>
                  )}
            </div>
            <FormProblems problems={editor.problems.map((p) => t(`common.columnSet.problem.${p.kind}`, p.values))} />
            <div className='rr-form-actions'>
              <button type='button' onClick={() => editor.save()} disabled={!editor.canSave}>{t(editor.saving ? 'common.configFile.saving' : 'common.save')}</button>
            </div>
          </>
          )}
      <SaveOutcome savedRevision={editor.savedRevision} refusal={editor.refusal} saveError={editor.saveError} onReload={() => editor.reload()} />
    </>
  )
}
