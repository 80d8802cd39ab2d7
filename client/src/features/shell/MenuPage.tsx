import { useEffect, useMemo, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { getPage, type PageDescriptor } from '../../lib/api.ts'
import { ApiError } from '../../lib/errors.ts'
import { rendererCall } from '../../lib/rendererCall.ts'
import { useSession } from '../../lib/session.tsx'
import { PageRenderer } from '../../renderers/PageRenderer.tsx'
import { RendererProvider, type RendererEnvironment } from '../../renderers/context.tsx'
import { MOBILE_QUERY } from './MainLayout.tsx'
import { useMediaQuery } from './useMediaQuery.ts'

type PageState = { path: string, page?: PageDescriptor, status?: number }

/** A menu route drawn from the service's descriptor (GET /ui/pages); 403 shows Unauthorized Access, an unknown page goes to /404. */
export function MenuPage () {
  const { t } = useTranslation()
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const mobile = useMediaQuery(MOBILE_QUERY)
  const { pathname, search } = location
  const [state, setState] = useState<PageState>({ path: '' })
  useEffect(() => {
    let live = true
    getPage(pathname).then(
      (page) => { if (live) setState({ path: pathname, page }) },
      (error: unknown) => { if (live) setState({ path: pathname, status: error instanceof ApiError ? error.status : 0 }) }
    )
    return () => { live = false }
  }, [pathname])
  const scopeSession = useMemo(() => ({
    LocId: session.location.LocId,
    UserId: session.profile.UserId,
    LoginId: session.profile.UserId,
    Role: session.profile.Role,
    Rank: session.profile.Rank
  }), [session])
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search])
  // location.key changes on every completed navigation (a click on the same menu link too), so bound widgets reload.
  const env = useMemo<RendererEnvironment>(() => ({
    call: rendererCall, session: scopeSession, query, navigationKey: location.key, navigate: (to) => { navigate(to)?.catch(() => {}) }, mobile
  }), [scopeSession, query, location.key, navigate, mobile])
  if (state.path !== pathname) return <div aria-busy='true' />
  if (state.status === 403) return <p className='msg msg--error' role='alert'>{t('app.unauthorized')}</p>
  if (state.status === 404) return <Navigate to='/404' replace />
  if (!state.page) return <p className='msg msg--error' role='alert'>{t('renderers.error.generic')}</p>
  return (
    <section className='page'>
      <RendererProvider env={env}><PageRenderer page={state.page} /></RendererProvider>
    </section>
  )
}
