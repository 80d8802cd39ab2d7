import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import type { ComponentType } from 'react'
import { storedLoc } from '../lib/storage.ts'
import { lazyRoute } from './lazy.ts'
import { Root } from './Root.tsx'
import { RouteError } from './RouteError.tsx'

/** Draws nothing. */
function Blank () {
  return null
}

/** A route whose component is a named export of a module loaded on demand. */
function lazyPage<M extends Record<string, unknown>> (load: () => Promise<M>, name: keyof M & string): Pick<RouteObject, 'lazy'> {
  return { lazy: lazyRoute(async () => ({ Component: (await load())[name] as ComponentType })) }
}

const menuPage = lazyPage(() => import('../features/shell/MenuPage.tsx'), 'MenuPage')

/** The pages area shared by the main and the embed layout: any path is a page the service describes (GET /ui/pages). */
const pageRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={`/admin/home?LocId=${encodeURIComponent(storedLoc())}`} replace /> },
  { path: '*', ...menuPage }
]

/** Every route of seed 000 §2 and seed 001 §2; each feature is a chunk of its own so /login stays small. */
export const routes: RouteObject[] = [{
  element: <Root />,
  errorElement: <RouteError />,
  // The first route chunk loads after start: nothing is shown meanwhile (the sign-in screen stays blank until its check ends).
  // A component drawing nothing: hydrateFallbackElement null counts as none, and React Router warns "No HydrateFallback".
  HydrateFallback: Blank,
  children: [
    {
      ...lazyPage(() => import('../features/auth/LoginLayout.tsx'), 'LoginLayout'),
      children: [
        { path: '/login', ...lazyPage(() => import('../features/auth/LoginLayout.tsx'), 'RoutedLoginPage') },
        { path: '/change-password', ...lazyPage(() => import('../features/auth/ChangePasswordPage.tsx'), 'ChangePasswordPage') },
        { path: '/terms', ...lazyPage(() => import('../features/auth/TermsPage.tsx'), 'TermsPage') }
      ]
    },
    { path: '/maintenance', ...lazyPage(() => import('../features/auth/MaintenancePage.tsx'), 'MaintenancePage') },
    { path: '/404', ...lazyPage(() => import('../features/info/NotFoundPage.tsx'), 'NotFoundPage') },
    { path: '/logout', ...lazyPage(() => import('../features/shell/LogoutRoute.tsx'), 'LogoutRoute') },
    { path: '/embed', ...lazyPage(() => import('../features/shell/MainLayout.tsx'), 'EmbedLayout'), children: pageRoutes },
    { path: '/', ...lazyPage(() => import('../features/shell/MainLayout.tsx'), 'MainLayout'), children: pageRoutes },
  ]
}]

/** The browser router of the app. */
export const createRouter = () => createBrowserRouter(routes)
