import { useTranslation } from 'react-i18next'
import type { SaveRefusal } from '../lib/configFileModel.ts'
import { Alert } from '../shared/Alert.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { RefusedProblems } from './FileProblems.tsx'

/**
 * How a form editor's save ended: saved at a revision, refused with the config's problems at file#pointer, refused because
 * someone saved since (the form keeps the operator's changes until Reload gives them up), or failed otherwise.
 */
export function SaveOutcome ({ savedRevision, refusal, saveError, onReload }: {
  savedRevision: number | undefined
  refusal: SaveRefusal | undefined
  saveError: unknown
  onReload: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      {savedRevision !== undefined && <Alert type='success' message='common.configFile.saved' values={{ revision: savedRevision }} />}
      {refusal?.kind === 'invalid' && <RefusedProblems problems={refusal.problems} />}
      {refusal?.kind === 'stale' && (
        <div role='alert' className='rr-alert rr-alert-error'>
          <p>{t('common.configForm.stale', { revision: refusal.revision ?? '?' })}</p>
          <button type='button' onClick={onReload}>{t('common.configFile.reload')}</button>
        </div>
      )}
      {saveError !== null && saveError !== undefined && <CallErrorAlert error={saveError} />}
    </>
  )
}
