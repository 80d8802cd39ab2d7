import { useEffect, useState } from 'react'
import { Outlet, useNavigation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useIsFetching } from '@tanstack/react-query'
import { keys, sessionSet } from '../lib/storage.ts'
import { startVersionWatch, useStatusPoll } from './boot.ts'

/** How long the new-version notice stays (seed 000 §9). */
export const UPDATE_NOTICE_MS = 900000

/** The top of every route: loading bar while navigating, maintenance poll, new-version notice. */
export function Root () {
  const navigation = useNavigation()
  const { t } = useTranslation()
  const [update, setUpdate] = useState(false)
  // A page is loading while its route chunk or its descriptor (GET /ui/pages) is on the way.
  const descriptors = useIsFetching({ queryKey: ['ui', 'pages'] })
  const busy = navigation.state !== 'idle' || descriptors > 0

  useStatusPoll()
  useEffect(() => startVersionWatch(() => setUpdate(true)), [])
  useEffect(() => {
    if (!update) return
    const timer = setTimeout(() => setUpdate(false), UPDATE_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [update])
  // The current URL is recorded at the start of every navigation (seed 000 §2).
  useEffect(() => {
    if (navigation.location) sessionSet(keys.currentUrl, navigation.location.pathname + navigation.location.search)
  }, [navigation.location])

  return (
    <>
      <div className={`nav-progress${busy ? ' nav-progress--on' : ''}`} role='progressbar' aria-label={t('app.loading')} aria-hidden={!busy} data-testid='nav-progress' />
      {update && (
        <div className='update-notice' role='status'>
          <span>{t('app.update')}</span>
          <button type='button' onClick={() => window.location.reload()}>{t('app.reload')}</button>
        </div>
      )}
      <Outlet />
    </>
  )
}
