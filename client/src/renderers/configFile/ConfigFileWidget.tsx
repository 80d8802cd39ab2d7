import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConfigFileWidget as ConfigFileDescriptor } from '../../../../schemas/widgets.ts'
import { Alert } from '../shared/Alert.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Spinner } from '../shared/Spinner.tsx'
import { RefusedProblems, TypedProblems } from './FileProblems.tsx'
import { useConfigFile } from './useConfigFile.ts'

/** Edits one file of a config draft at a time: a file picker, the file's JSON text checked against its schema as typed, and Save. */
export function ConfigFileWidget ({ widget }: { widget: ConfigFileDescriptor }) {
  const { t } = useTranslation()
  const id = useId()
  const editor = useConfigFile(widget)
  const title = widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>
  if (editor.draftId === undefined) return <section className='rr-config-file' data-widget-id={widget.id}>{title}<p>{t('common.configFile.noDraft')}</p></section>
  if (editor.loading) return <section className='rr-config-file' data-widget-id={widget.id}>{title}<Spinner /></section>
  if (editor.loadError || !editor.draft) return <section className='rr-config-file' data-widget-id={widget.id}>{title}<CallErrorAlert error={editor.loadError} /></section>
  const { draft, path, refusal } = editor
  return (
    <section className='rr-config-file' data-widget-id={widget.id} data-revision={draft.revision}>
      {title}
      <p>{t('common.configFile.draft', { id: draft.id, revision: draft.revision })}</p>
      {editor.readOnly && <p className='rr-config-file-closed'>{t('common.configFile.closed')}</p>}
      <div className='rr-toolbar'>
        <label htmlFor={`${id}-file`}>{t('common.configFile.file')}</label>
        <select id={`${id}-file`} value={path ?? ''} onChange={(e) => editor.choose(e.target.value)}>
          {editor.groups.map((group) => (
            <optgroup key={group.folder} label={group.folder === '' ? '/' : `${group.folder}/`}>
              {group.paths.map((p) => <option key={p} value={p}>{p}</option>)}
            </optgroup>
          ))}
        </select>
        {editor.dirty && <span className='rr-config-file-dirty'>{t('common.configFile.unsaved')}</span>}
      </div>
      {path !== undefined && (
        <>
          <label className='rr-config-file-label' htmlFor={`${id}-text`}>{t('common.configFile.text', { path })}</label>
          <textarea
            id={`${id}-text`}
            className='rr-config-file-text'
            value={editor.text}
            onChange={(e) => editor.edit(e.target.value)}
            readOnly={editor.readOnly}
            aria-invalid={editor.problems.length > 0}
            aria-describedby={`${id}-check`}
            rows={24}
            wrap='off'
            spellCheck={false}
            autoCapitalize='off'
            autoComplete='off'
            autoCorrect='off'
          />
          <TypedProblems id={`${id}-check`} problems={editor.problems} schemaChecked={editor.schemaChecked} />
          <div className='rr-form-actions'>
            <button type='button' onClick={() => editor.save()} disabled={editor.readOnly || !editor.dirty || editor.saving}>
              {t(editor.saving ? 'common.configFile.saving' : 'common.save')}
            </button>
          </div>
        </>
      )}
      {editor.savedRevision !== undefined && <Alert type='success' message='common.configFile.saved' values={{ revision: editor.savedRevision }} />}
      {refusal?.kind === 'invalid' && <RefusedProblems problems={refusal.problems} />}
      {refusal?.kind === 'stale' && (
        <div role='alert' className='rr-alert rr-alert-error'>
          <p>{t('common.configFile.stale', { revision: refusal.revision ?? '?' })}</p>
          <button type='button' onClick={() => { editor.reload().catch(() => {}) }}>{t('common.configFile.reload')}</button>
        </div>
      )}
      {editor.saveError && <CallErrorAlert error={editor.saveError} />}
    </section>
  )
}
