import { useMemo } from 'react'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { getPage } from '../../lib/api.ts'
import { ApiError } from '../../lib/errors.ts'
import { useErrorText } from '../../lib/useErrorText.ts'
import { queryKeys } from '../../lib/queries.ts'
import { MOBILE_QUERY, useSession } from '../../lib/session.tsx'
import { PageRenderer } from '../../renderers/PageRenderer.tsx'
import { RendererProvider, type RendererEnvironment } from '../../renderers/context.tsx'
import { useMediaQuery } from './useMediaQuery.ts'

/** Every signed-in route: the service's descriptor for the path (GET /ui/pages) drawn by the renderer; a descriptor of another path (the user's variant) replaces the route; 403 shows Unauthorized Access, 404 goes to /404. */
export function MenuPage () {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const mobile = useMediaQuery(MOBILE_QUERY)
  const { search } = location
  // The catch-all's match, so /embed/report/full asks for /report/full.
  const pathname = `/${useParams()['*'] ?? ''}`
  const page = useQuery({ queryKey: queryKeys.page(pathname), queryFn: () => getPage(pathname) })
  const { location: { LocId }, profile: { UserId, Role, Rank } } = session
  // Built from the fields, not the session object, which a refetch (after every write) replaces.
  const scopeSession = useMemo(() => ({ LocId, UserId, LoginId: UserId, Role, Rank }), [LocId, UserId, Role, Rank])
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search])
  // location.key changes on every completed navigation (a click on the same menu link too), so bound widgets reload.
  const { currency } = session.settings
  const env = useMemo<RendererEnvironment>(() => ({
    session: scopeSession, query, navigationKey: location.key, navigate: (to) => { navigate(to)?.catch(() => {}) }, mobile, currency
  }), [scopeSession, query, location.key, navigate, mobile, currency])
  if (page.status === 'pending') return <div aria-busy='true' />
  const status = page.error instanceof ApiError ? page.error.status : 0
  if (page.status === 'error' && status === 403) return <p className='msg msg--error' role='alert'>{t('app.unauthorized')}</p>
  if (page.status === 'error' && status === 404) return <Navigate to='/404' replace />
  // Seed 001 §8: the server's message (in the user's language when its code is known), else the HTTP message, else the generic sentence.
  if (page.status === 'error') return <p className='msg msg--error' role='alert'>{errorText(page.error)}</p>
  // The service sent this session's variant of the item (its 303, followed): the address becomes that variant's.
  if (page.data.path !== pathname) return <Navigate to={`${location.pathname.slice(0, location.pathname.length - pathname.length)}${page.data.path}${search}`} replace />
  return (
    <section className='page'>
      {/* One provider per page: filters and widget state do not carry over to the next page. */}
      <RendererProvider key={pathname} env={env}><PageRenderer page={page.data} /></RendererProvider>
    </section>
  )
}
