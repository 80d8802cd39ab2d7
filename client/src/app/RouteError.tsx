import { useRouteError } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { isChunkError, reloadForChunk } from './lazy.ts'

/** The unrecoverable-error message with its reason and a reload (a failed chunk reloads by itself). */
export function RouteError () {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isChunkError(error) && reloadForChunk()) return null
  const reason = error instanceof Error ? error.message : String((error as { statusText?: string })?.statusText ?? error)
  return (
    <main className='fatal' role='alert'>
      <h1>{t('app.unrecoverable')}</h1>
      <p className='fatal__reason'>{reason}</p>
      <p>{t('app.reloadHint')}</p>
      <button type='button' onClick={() => window.location.reload()}>{t('app.reload')}</button>
    </main>
  )
}
