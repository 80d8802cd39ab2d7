import { useCallback, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '@mantine/core'
import { logout, redirect, setLocation, type PublicBrand, type SessionInfo } from '../../lib/api.ts'
import { ApiError, SESSION_ERROR, errorText } from '../../lib/errors.ts'
import { closeAllDialogs } from '../../lib/dialogs.ts'
import { plainText } from '../../lib/text.ts'
import { applyTokens, brandTokens, profileTokens } from '../../lib/themeTokens.ts'
import { useAnnouncements, useBrand } from '../../lib/queries.ts'
import { MOBILE_QUERY, SessionContext, useSessionQuery } from '../../lib/session.tsx'
import { clearAuth, keys, localSet, sessionGet, sessionSet } from '../../lib/storage.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { Header } from './Header.tsx'
import { PreviewBar } from './PreviewBar.tsx'
import { Sidebar } from './Sidebar.tsx'
import { useMediaQuery } from './useMediaQuery.ts'
import { useLinkedLocation } from './useLinkedLocation.ts'
import { useBrandFace } from '../../lib/brandFace.ts'
import '../../components/theme/components.css'

/** Announcements for the banner load this long after the layout starts. */
export const ANNOUNCEMENT_DELAY_MS = 500

/** The session of a signed-in layout: signed out goes to /login (Session Error. once the user had signed in), a failure to /login with its message. */
function useSignedInSession (): SessionInfo | null {
  const { session, known, error } = useSessionQuery()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const signedOut = known && !session
  useEffect(() => {
    if (!signedOut) return
    const hadSession = sessionGet(keys.user) !== null
    clearAuth()
    const back = encodeURIComponent(pathname + search)
    if (!error) navigate(hadSession ? `/login?Msg=${encodeURIComponent(SESSION_ERROR)}&returnUrl=${back}` : `/login?returnUrl=${back}`, { replace: true })
    // Maintenance (503) has already sent the browser to /maintenance.
    else if (!(error instanceof ApiError && error.status === 503)) navigate(`/login?Msg=${encodeURIComponent(errorText(error))}`, { replace: true })
    // Acts once, when the answer says signed out; the location is read as it is then.
  }, [signedOut])
  return session
}

/** The brand's colours and the profile's theme fields (by host and location) as design tokens while a signed-in layout is open. */
function useThemeTokens (brand: PublicBrand | null, session: SessionInfo | null): void {
  const theme = session?.theme
  useEffect(() => applyTokens({ ...brandTokens(brand), ...(theme ? profileTokens(theme) : {}) }), [brand, theme])
}

/** Location change: dialogs closed, location stored here and on the service, /admin/home loaded afresh with it (every read starts over). */
function useChangeLocation () {
  const change = useMutation({
    mutationFn: setLocation,
    onMutate: (locId: string) => { closeAllDialogs(); localSet(keys.loc, locId) },
    // A failure too: the reloaded page reads the service's location.
    onSettled: (_answer, _error, locId) => redirect.to(`/admin/home?LocId=${encodeURIComponent(locId)}`)
  })
  return change.mutate
}

function useLogout () {
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  // A failure still signs the browser out (logout clears what it holds either way).
  const signOut = useMutation({ mutationFn: logout, onSettled: () => navigate('/login', { replace: true }) })
  const confirm = useCallback(() => {
    setAsking(false)
    signOut.mutate()
  }, [signOut])
  const cancel = useCallback(() => setAsking(false), [])
  return { asking, ask: () => setAsking(true), confirm, cancel }
}

function LogoutDialog ({ state }: { state: ReturnType<typeof useLogout> }) {
  const { t } = useTranslation()
  const { confirm: handleConfirm, cancel: handleCancel } = state
  return (
    <Dialog
      open={state.asking} title={t('shell.logout')} onClose={handleCancel}
      footer={<><Button variant='default' onClick={handleCancel}>{t('app.no')}</Button><Button onClick={handleConfirm}>{t('app.yes')}</Button></>}
    >
      <p>{t('shell.confirmLogout')}</p>
    </Dialog>
  )
}

/** The banner's items: each announcement as plain text, read ANNOUNCEMENT_DELAY_MS after the session is known. */
function useBanner (session: SessionInfo | null): string[] {
  const [due, setDue] = useState(false)
  const known = session !== null
  useEffect(() => {
    if (!known) return
    const timer = setTimeout(() => setDue(true), ANNOUNCEMENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [known])
  const list = useAnnouncements(session?.location ?? null, due).data ?? []
  return list.map((a) => plainText(a.Content)).filter(Boolean)
}

/** The main layout: header, 150 px collapsible menu, content; terms gate; mobile menu below 992 px; Modal=true styling. */
export function MainLayout () {
  const session = useSignedInSession()
  const [params] = useSearchParams()
  const mobile = useMediaQuery(MOBILE_QUERY)
  const [collapsed, setCollapsed] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const brand = useBrand().data ?? null
  useThemeTokens(brand, session)
  const banner = useBanner(session)
  const changeLocation = useChangeLocation()
  const [newLayout, setNewLayout] = useState(() => sessionGet(keys.newLayout) !== 'false')
  const logoutState = useLogout()
  const handleLogout = logoutState.ask
  const switching = useLinkedLocation(session)
  // The tab's title: the brand's name, else the product's, in the user's language.
  const { name } = useBrandFace(brand)
  useEffect(() => { document.title = name }, [name])

  if (!session || switching) return <div className='app app--loading' aria-busy='true' />
  if (!session.termsAccepted) return <Navigate to='/terms' replace />

  const closeOnMobile = () => { if (mobile) setMenuOpen(false) }
  const classes = ['app', newLayout ? 'app--new' : 'app--classic', params.get('Modal') === 'true' ? 'in-modal' : '', collapsed && !mobile ? 'app--collapsed' : '', mobile ? 'app--mobile' : '', mobile && menuOpen ? 'app--menu-open' : '']

  return (
    <SessionContext.Provider value={session}>
      <div className={classes.filter(Boolean).join(' ')}>
        {session.preview && <PreviewBar preview={session.preview} />}
        <Header session={session} brand={brand} banner={mobile ? [] : banner} menuOpen={mobile ? menuOpen : !collapsed} onToggleMenu={() => (mobile ? setMenuOpen((o) => !o) : setCollapsed((c) => !c))} onLocation={changeLocation} onLogout={handleLogout} />
        <div className='app__body'>
          {(!mobile || menuOpen) && (
            <Sidebar
              session={session} collapsed={collapsed && !mobile} newLayout={newLayout} mobile={mobile}
              onToggleCollapsed={() => (mobile ? setMenuOpen(false) : setCollapsed((c) => !c))}
              onNavigate={closeOnMobile} onLocation={changeLocation} onLogout={handleLogout}
              onNewLayout={() => { sessionSet(keys.newLayout, 'true'); setNewLayout(true) }}
            />
          )}
          <main className='app__content' id='content' onClick={closeOnMobile}>
            <Outlet />
          </main>
        </div>
        <LogoutDialog state={logoutState} />
      </div>
    </SessionContext.Provider>
  )
}

/** The embedded layout: the same pages with only the content area (signed in, terms accepted). */
export function EmbedLayout () {
  const session = useSignedInSession()
  useThemeTokens(useBrand().data ?? null, session)
  const [params] = useSearchParams()
  const switching = useLinkedLocation(session)
  if (!session || switching) return <div className='app app--loading' aria-busy='true' />
  if (!session.termsAccepted) return <Navigate to='/terms' replace />
  return (
    <SessionContext.Provider value={session}>
      <main className={`app-embed${params.get('Modal') === 'true' ? ' in-modal' : ''}`}>
        <Outlet />
      </main>
    </SessionContext.Provider>
  )
}
