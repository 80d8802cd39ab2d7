import { useCallback, useEffect, useState, type CSSProperties } from 'react'
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { getAnnouncements, getBrand, getSession, logout, redirect, setLocation, type PublicBrand, type SessionInfo } from '../../lib/api.ts'
import { ApiError, SESSION_ERROR, errorText } from '../../lib/errors.ts'
import { closeAllDialogs } from '../../lib/dialogs.ts'
import { plainText } from '../../lib/text.ts'
import { SessionContext } from '../../lib/session.tsx'
import { clearAuth, keys, localSet, sessionGet, sessionSet } from '../../lib/storage.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { Header } from './Header.tsx'
import { Sidebar } from './Sidebar.tsx'
import { useMediaQuery } from './useMediaQuery.ts'

/** Below this width the menu is the mobile menu (seed 001 §9). */
export const MOBILE_BREAKPOINT = 992
/** The media query of the mobile menu. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`
/** Announcements for the banner load this long after the layout starts. */
export const ANNOUNCEMENT_DELAY_MS = 500

/** Loads the session for a signed-in layout: a 401 goes to /login (Session Error. once the user had signed in). */
function useSignedInSession (): SessionInfo | null {
  const [session, setSession] = useState<SessionInfo | null>(null)
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    let live = true
    getSession({ handleAuth: false, mobile: window.matchMedia(MOBILE_QUERY).matches }).then((s) => {
      if (!live) return
      sessionSet(keys.user, JSON.stringify(s.profile))
      sessionSet(keys.termsAccepted, String(s.termsAccepted))
      localSet(keys.loc, s.location.LocId)
      setSession(s)
    }, (error: unknown) => {
      if (!live) return
      const hadSession = sessionGet(keys.user) !== null
      clearAuth()
      if (error instanceof ApiError && error.status === 401) {
        const back = encodeURIComponent(pathname + search)
        navigate(hadSession ? `/login?Msg=${encodeURIComponent(SESSION_ERROR)}&returnUrl=${back}` : `/login?returnUrl=${back}`, { replace: true })
      } else if (!(error instanceof ApiError && error.status === 503)) {
        navigate(`/login?Msg=${encodeURIComponent(errorText(error))}`, { replace: true })
      }
    })
    return () => { live = false }
  }, [navigate]) // pathname and search are read at mount only: a location change reloads the page
  return session
}

/** Theme values by host and location as CSS variables (table colours) for the pages. */
function themeStyle (session: SessionInfo): CSSProperties {
  const style: Record<string, string> = {}
  if (session.theme.ColorTbl01) style['--tbl-01'] = session.theme.ColorTbl01
  if (session.theme.ColorTbl02) style['--tbl-02'] = session.theme.ColorTbl02
  return style as CSSProperties
}

/** Location change: dialogs closed, location stored here and on the service, /admin/home reloaded with it. */
async function changeLocation (locId: string) {
  closeAllDialogs()
  localSet(keys.loc, locId)
  try { await setLocation(locId) } catch { /* the reloaded page reads the service's location */ }
  redirect.to(`/admin/home?LocId=${encodeURIComponent(locId)}`)
}

function useLogout () {
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  const confirm = useCallback(async () => {
    setAsking(false)
    await logout().catch(() => {})
    navigate('/login', { replace: true })
  }, [navigate])
  const cancel = useCallback(() => setAsking(false), [])
  return { asking, ask: () => setAsking(true), confirm, cancel }
}

function LogoutDialog ({ state }: { state: ReturnType<typeof useLogout> }) {
  const { t } = useTranslation()
  const { confirm: handleConfirm, cancel: handleCancel } = state
  return (
    <Dialog
      open={state.asking} title={t('shell.logout')} onClose={handleCancel}
      footer={<><button type='button' onClick={handleConfirm}>{t('app.yes')}</button><button type='button' onClick={handleCancel}>{t('app.no')}</button></>}
    >
      <p>{t('shell.confirmLogout')}</p>
    </Dialog>
  )
}

/** The main layout: header, 150 px collapsible menu, content; terms gate; mobile menu below 992 px; Modal=true styling. */
export function MainLayout () {
  const session = useSignedInSession()
  const [params] = useSearchParams()
  const mobile = useMediaQuery(MOBILE_QUERY)
  const [collapsed, setCollapsed] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const [brand, setBrand] = useState<PublicBrand | null>(null)
  const [bannerText, setBannerText] = useState('')
  const [newLayout, setNewLayout] = useState(() => sessionGet(keys.newLayout) !== 'false')
  const logoutState = useLogout()
  const handleLogout = logoutState.ask

  useEffect(() => { getBrand().then(setBrand, () => {}) }, [])
  useEffect(() => {
    if (!session) return
    const timer = setTimeout(() => {
      getAnnouncements(session.location).then((list) => setBannerText(list.map((a) => plainText(a.Content)).filter(Boolean).join('   ◆   ')), () => {})
    }, ANNOUNCEMENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [session])

  if (!session) return <div className='app app--loading' aria-busy='true' />
  if (!session.termsAccepted) return <Navigate to='/terms' replace />

  const closeOnMobile = () => { if (mobile) setMenuOpen(false) }
  const classes = ['app', newLayout ? 'app--new' : 'app--classic', params.get('Modal') === 'true' ? 'in-modal' : '', collapsed && !mobile ? 'app--collapsed' : '', mobile ? 'app--mobile' : '', mobile && menuOpen ? 'app--menu-open' : '']

  return (
    <SessionContext.Provider value={session}>
      <div className={classes.filter(Boolean).join(' ')} style={themeStyle(session)}>
        <Header session={session} brand={brand} bannerText={mobile ? '' : bannerText} menuOpen={mobile ? menuOpen : !collapsed} onToggleMenu={() => (mobile ? setMenuOpen((o) => !o) : setCollapsed((c) => !c))} onLocation={changeLocation} onLogout={handleLogout} />
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
  const [params] = useSearchParams()
  if (!session) return <div className='app app--loading' aria-busy='true' />
  if (!session.termsAccepted) return <Navigate to='/terms' replace />
  return (
    <SessionContext.Provider value={session}>
      <main className={`app-embed${params.get('Modal') === 'true' ? ' in-modal' : ''}`} style={themeStyle(session)}>
        <Outlet />
      </main>
    </SessionContext.Provider>
  )
}
