import { useEffect, useState } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { getPage } from '../../lib/api.ts'
import { ApiError } from '../../lib/errors.ts'
import { findItem } from '../../lib/menu.ts'
import { useSession } from '../../lib/session.tsx'

/** A menu route: its title (from the page descriptor, else the menu label); 403 shows Unauthorized Access, unknown pages go to /404. */
export function MenuPage () {
  const { t } = useTranslation()
  const session = useSession()
  const { pathname, search } = useLocation()
  const item = findItem(session.menu, pathname, search)
  const [state, setState] = useState<{ path: string, title?: string, status?: number }>({ path: '' })
  useEffect(() => {
    let live = true
    getPage(pathname).then(
      (descriptor) => { if (live) setState({ path: pathname, title: typeof descriptor.title === 'string' ? descriptor.title : undefined }) },
      (error: unknown) => { if (live) setState({ path: pathname, status: error instanceof ApiError ? error.status : 0 }) }
    )
    return () => { live = false }
  }, [pathname])
  if (state.path !== pathname) return <div aria-busy='true' />
  if (state.status === 403) return <p className='msg msg--error' role='alert'>{t('app.unauthorized')}</p>
  if (state.status === 404 && !item) return <Navigate to='/404' replace />
  const title = state.title ? t(state.title) : item ? t(item.label) : pathname
  return (
    <section className='page'>
      <header className='page-header'><h1>{title}</h1></header>
    </section>
  )
}
