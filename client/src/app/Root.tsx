import { useEffect } from 'react'
import { Outlet, useNavigation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useIsFetching } from '@tanstack/react-query'
import { keys, sessionSet } from '../lib/storage.ts'
import { useStatusPoll } from './boot.ts'
import { UpdateNotice } from './UpdateNotice.tsx'

/** The top of every route of the app's router: loading bar while navigating, maintenance poll, new-version notice. */
export function Root () {
  const navigation = useNavigation()
  const { t } = useTranslation()
  // A page is loading while its route chunk or its descriptor (GET /ui/pages) is on the way.
  const descriptors = useIsFetching({ queryKey: ['ui', 'pages'] })
  const busy = navigation.state !== 'idle' || descriptors > 0

  useStatusPoll()
  // The current URL is recorded at the start of every navigation (seed 000 §2).
  useEffect(() => {
    if (navigation.location) sessionSet(keys.currentUrl, navigation.location.pathname + navigation.location.search)
  }, [navigation.location])

  return (
    <>
      <div className={`nav-progress${busy ? ' nav-progress--on' : ''}`} role='progressbar' aria-label={t('app.loading')} aria-hidden={!busy} data-testid='nav-progress' />
      <UpdateNotice />
      <Outlet />
    </>
  )
}
