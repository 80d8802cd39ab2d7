import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { startVersionWatch } from './boot.ts'

/** How long the new-version notice stays (seed 000 §9). */
export const UPDATE_NOTICE_MS = 900000

/** The new-version notice: shown for UPDATE_NOTICE_MS once /version.json names a newer build. */
export function UpdateNotice () {
  const { t } = useTranslation()
  const [update, setUpdate] = useState(false)
  useEffect(() => startVersionWatch(() => setUpdate(true)), [])
  useEffect(() => {
    if (!update) return
    const timer = setTimeout(() => setUpdate(false), UPDATE_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [update])
  if (!update) return null
  return (
    <div className='update-notice' role='status'>
      <span>{t('app.update')}</span>
      <button type='button' onClick={() => window.location.reload()}>{t('app.reload')}</button>
    </div>
  )
}
